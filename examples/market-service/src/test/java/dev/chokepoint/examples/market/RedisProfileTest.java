package dev.chokepoint.examples.market;

import dev.chokepoint.examples.market.ranking.SellerRanking;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The redis profile against the Redis at 127.0.0.1:6379: the blend is computed in Redis, its keys
 * are the scenario's own and gone once the service stops, and without a Redis the service refuses
 * to start naming the address.
 */
class RedisProfileTest {

    static final String SCHEMA = TestDatabase.uniqueSchema();

    @AfterAll
    static void cleanUp() throws SQLException {
        TestDatabase.POSTGRES.drop(SCHEMA);
    }

    @Test
    void theTopTenAreTheBlendsBestAndTheKeysGoWithTheService() {
        String prefix = "market:ranking:" + SCHEMA + ":";
        try (ConfigurableApplicationContext context = start("--market.ranking.sellers=200")) {
            StringRedisTemplate redis = context.getBean(StringRedisTemplate.class);
            List<String> top = context.getBean(SellerRanking.class).top();

            // the same blend computed here from the seeded sets: weekly + 3 x daily
            double best = redis.opsForZSet().rangeWithScores(prefix + "weekly", 0, -1).stream()
                    .mapToDouble(t -> t.getScore() + 3 * redis.opsForZSet().score(prefix + "daily", t.getValue()))
                    .max().orElseThrow();
            assertThat(top).hasSize(10);
            assertThat(Double.parseDouble(top.get(0).replaceAll(".*=", ""))).isEqualTo(best);
            assertThat(redis.hasKey(prefix + "blend")).as("the temporary blend is deleted by the script").isFalse();
        }
        // Checked through a client of the test's own: a second service would seed the keys again.
        LettuceConnectionFactory factory = new LettuceConnectionFactory("127.0.0.1", 6379);
        factory.afterPropertiesSet();
        factory.start();
        try {
            StringRedisTemplate after = new StringRedisTemplate(factory);
            assertThat(after.keys(prefix + "*")).as("keys removed when the service stopped").isEmpty();
        } finally {
            factory.destroy();
        }
    }

    @Test
    void withoutRedisTheServiceRefusesToStartNamingTheAddress() {
        assertThatThrownBy(() -> start("--spring.data.redis.port=1", "--spring.data.redis.timeout=2s").close())
                .hasStackTraceContaining("the redis profile needs a Redis server at 127.0.0.1:1");
    }

    private static ConfigurableApplicationContext start(String... args) {
        List<String> all = new ArrayList<>(List.of("--spring.profiles.active=redis", "--server.port=0",
                "--market.db.schema=" + SCHEMA, "--market.data.stores=100", "--market.data.products=100",
                "--logging.level.root=warn"));
        all.addAll(List.of(args));
        return SpringApplication.run(MarketApplication.class, all.toArray(String[]::new));
    }
}
