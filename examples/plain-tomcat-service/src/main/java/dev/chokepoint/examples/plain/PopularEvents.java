package dev.chokepoint.examples.plain;

import redis.clients.jedis.ConnectionPoolConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.exceptions.JedisException;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The most popular events, blended per request from the week's and the day's ticket sales kept in
 * two Redis sorted sets, through Jedis: a blocking client, one pooled socket per calling thread,
 * so a request waits for Redis in a socket read. The blend is one Lua call (ZUNIONSTORE of both
 * sets with weights, ZREVRANGE of the top ten, DEL of the temporary set) done inside Redis, whose
 * single thread does O(rankedEvents) work per request: Redis saturates while this service's CPU,
 * workers and connection pool idle.
 */
final class PopularEvents implements AutoCloseable {

    /** KEYS: weekly, daily, temporary; the day's sales weigh three times the week's. */
    private static final String BLEND = """
            redis.call('ZUNIONSTORE', KEYS[3], 2, KEYS[1], KEYS[2], 'WEIGHTS', 1, 3)
            local top = redis.call('ZREVRANGE', KEYS[3], 0, 9, 'WITHSCORES')
            redis.call('DEL', KEYS[3])
            return top
            """;
    /** Longer than any wait a load test makes, so that a slow Redis shows as slow, not as errors. */
    private static final int SOCKET_TIMEOUT_MILLIS = 30_000;

    private final RedisClient redis;
    private final List<String> keys;

    private PopularEvents(RedisClient redis, List<String> keys) {
        this.redis = redis;
        this.keys = keys;
    }

    /**
     * Connects to {@code hostPort} and fills both rankings under {@code keyPrefix} (fixed seed: the
     * same data every run). At most {@code connections} sockets in Jedis's pool: one per request
     * thread (the default) makes requests wait for Redis itself, fewer for a pooled connection.
     */
    static PopularEvents connect(String hostPort, String keyPrefix, int rankedEvents, int connections) {
        int colon = hostPort.lastIndexOf(':');
        ConnectionPoolConfig pool = new ConnectionPoolConfig();
        pool.setMaxTotal(connections);
        pool.setMaxIdle(connections);
        RedisClient redis = RedisClient.builder()
                .hostAndPort(new HostAndPort(hostPort.substring(0, colon), Integer.parseInt(hostPort.substring(colon + 1))))
                .clientConfig(DefaultJedisClientConfig.builder().socketTimeoutMillis(SOCKET_TIMEOUT_MILLIS).build())
                .poolConfig(pool)
                .build();
        PopularEvents events = new PopularEvents(redis, List.of(keyPrefix + "weekly", keyPrefix + "daily", keyPrefix + "blend"));
        try {
            redis.ping();
            events.seed(rankedEvents);
        } catch (JedisException e) {
            redis.close();
            throw new IllegalStateException("/events/popular needs the Redis at " + hostPort + ", which did not answer: "
                    + e.getMessage(), e);
        }
        return events;
    }

    /** The ten most popular events of the blend, best first, as "event=score". */
    List<String> top() {
        List<?> flat = (List<?>) redis.eval(BLEND, keys, List.of());
        List<String> out = new ArrayList<>();
        for (int i = 0; i + 1 < flat.size(); i += 2) {
            out.add(flat.get(i) + "=" + flat.get(i + 1));
        }
        return out;
    }

    /** Fresh rankings: the keys removed, then both sets filled, 1 000 members per ZADD. */
    private void seed(int rankedEvents) {
        redis.del(keys.toArray(String[]::new));
        Random random = new Random(42);
        Map<String, Double> weekly = new HashMap<>();
        Map<String, Double> daily = new HashMap<>();
        for (int i = 0; i < rankedEvents; i++) {
            weekly.put("event-" + i, (double) random.nextInt(100_000));
            daily.put("event-" + i, (double) random.nextInt(5_000));
            if (weekly.size() == 1_000 || i == rankedEvents - 1) {
                redis.zadd(keys.get(0), weekly);
                redis.zadd(keys.get(1), daily);
                weekly.clear();
                daily.clear();
            }
        }
    }

    /** Leaves nothing behind in a Redis it shares. */
    @Override
    public void close() {
        try {
            redis.del(keys.toArray(String[]::new));
        } finally {
            redis.close();
        }
    }
}
