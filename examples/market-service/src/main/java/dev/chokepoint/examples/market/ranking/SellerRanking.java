package dev.chokepoint.examples.market.ranking;

import org.springframework.context.annotation.Profile;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.ZSetOperations;
import org.springframework.data.redis.core.script.DefaultRedisScript;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * Top sellers, blended per request from a weekly and a daily ranking kept in Redis sorted sets
 * (the real case: a shop whose ranking lived in Redis). The blend is one Lua call: ZUNIONSTORE of
 * both sets with weights, ZREVRANGE of the top ten, DEL of the temporary set, all inside Redis,
 * whose single thread does O(sellers) work per request, so Redis saturates first while the
 * service's CPU, workers and connection pool idle. Spring Data Redis talks to it through Lettuce
 * (one shared connection, Netty I/O): the request thread waits on the command's future.
 */
@Component
@Profile("redis")
public class SellerRanking {

    /** KEYS: weekly, daily, temporary; the blend is weekly + 3 x daily (recent sales weigh more). */
    private static final DefaultRedisScript<List> BLEND = new DefaultRedisScript<>("""
            redis.call('ZUNIONSTORE', KEYS[3], 2, KEYS[1], KEYS[2], 'WEIGHTS', 1, 3)
            local top = redis.call('ZREVRANGE', KEYS[3], 0, 9, 'WITHSCORES')
            redis.call('DEL', KEYS[3])
            return top
            """, List.class);

    private final StringRedisTemplate redis;
    private final List<String> keys;

    public SellerRanking(StringRedisTemplate redis, RedisConnectionFactory factory, RankingProperties properties) {
        this.redis = redis;
        String p = properties.keyPrefix();
        this.keys = List.of(p + "weekly", p + "daily", p + "blend");
        try {
            redis.execute((RedisCallback<String>) c -> c.ping());
        } catch (DataAccessException e) {
            throw new IllegalStateException("the redis profile needs a Redis server at " + describe(factory)
                    + " (spring.data.redis.host/port; on these machines 127.0.0.1:6379), which did not answer: "
                    + e.getMostSpecificCause().getMessage(), e);
        }
        seed(properties.sellers());
    }

    /** The ten best sellers of the blend, best first, as "seller=score". */
    public List<String> top() {
        List<?> flat = redis.execute(BLEND, keys);
        List<String> out = new ArrayList<>();
        for (int i = 0; flat != null && i + 1 < flat.size(); i += 2) {
            out.add(flat.get(i) + "=" + flat.get(i + 1));
        }
        return out;
    }

    /** Fresh rankings: the keys removed, then both sets filled (1 000 members per ZADD; fixed seed: the same data every run). */
    private void seed(int sellers) {
        redis.delete(keys);
        Random random = new Random(42);
        Set<ZSetOperations.TypedTuple<String>> weekly = new HashSet<>();
        Set<ZSetOperations.TypedTuple<String>> daily = new HashSet<>();
        for (int i = 0; i < sellers; i++) {
            weekly.add(ZSetOperations.TypedTuple.of("seller-" + i, (double) random.nextInt(100_000)));
            daily.add(ZSetOperations.TypedTuple.of("seller-" + i, (double) random.nextInt(5_000)));
            if (weekly.size() == 1_000 || i == sellers - 1) {
                redis.opsForZSet().add(keys.get(0), weekly);
                redis.opsForZSet().add(keys.get(1), daily);
                weekly.clear();
                daily.clear();
            }
        }
    }

    /**
     * The scenario leaves nothing behind in a Redis it shares. On the context's close event, which
     * comes before the Lettuce factory stops (a lifecycle bean, stopped before any destroy method).
     */
    @EventListener(ContextClosedEvent.class)
    void removeKeys() {
        redis.delete(keys);
    }

    private static String describe(RedisConnectionFactory factory) {
        if (factory instanceof org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory l) {
            return l.getHostName() + ":" + l.getPort();
        }
        return "the configured address";
    }
}
