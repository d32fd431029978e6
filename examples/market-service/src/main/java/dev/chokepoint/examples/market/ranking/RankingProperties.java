package dev.chokepoint.examples.market.ranking;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param sellers members of each of the two seller rankings (weekly, daily sorted sets). Every
 *                request blends both into the top ten with a ZUNIONSTORE over all of them, in
 *                Redis, so Redis's one core does O(sellers) work per request: the size sets the
 *                redis scenario's capacity (2 x 8 000: ~11 ms of Redis CPU on a quiet host, ~35 ms
 *                when the host is busy).
 * @param keyPrefix where the rankings live in Redis; removed at start (fresh data) and at shutdown
 */
@ConfigurationProperties("market.ranking")
public record RankingProperties(Integer sellers, String keyPrefix) {

    public RankingProperties {
        sellers = sellers == null ? 1_000 : sellers;
        keyPrefix = keyPrefix == null || keyPrefix.isBlank() ? "market:ranking:" : keyPrefix;
        if (sellers < 10) {
            throw new IllegalArgumentException("market.ranking.sellers must be >= 10, got " + sellers);
        }
    }
}
