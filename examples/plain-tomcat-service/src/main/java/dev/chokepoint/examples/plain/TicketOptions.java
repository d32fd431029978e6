package dev.chokepoint.examples.plain;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Command-line options of {@link TicketService}; {@link #parse} rejects what it does not know.
 *
 * @param redis        {@code host:port} of the Redis that keeps the sales rankings; null: no
 *                     {@code /events/popular}
 * @param rankedEvents members of each sales ranking: Redis's work per {@code /events/popular}
 * @param redisConnections Jedis's pool size (commons-pool2); default one per worker, so requests
 *                     wait for Redis itself, fewer to make them wait for a pooled connection
 * @param seatMaps     {@code host:port} of the partner that draws seat maps; null: no
 *                     {@code /events/seatmap}
 * @param seatMapConnections connections per route of the HttpClient pool towards it
 */
record TicketOptions(int port, String portFile, String jdbcUrl, String user, String schema, int pool,
                     int maxThreads, int lockedMillis, int mailerThreads, int mailMillis, String redis,
                     int rankedEvents, int redisConnections, String seatMaps, int seatMapConnections) {

    static final String USAGE = "usage: java -jar plain-tomcat-service.jar [--port N] [--port-file FILE]"
            + " [--jdbc-url URL] [--user NAME] [--schema NAME] [--pool N] [--max-threads N] [--locked-ms N]"
            + " [--mailer-threads N] [--mail-ms N] [--redis HOST:PORT] [--ranked-events N] [--redis-connections N]"
            + " [--seat-maps HOST:PORT] [--seat-map-connections N]";

    private static final List<String> NAMES = List.of("--port", "--port-file", "--jdbc-url", "--user", "--schema",
            "--pool", "--max-threads", "--locked-ms", "--mailer-threads", "--mail-ms", "--redis", "--ranked-events", "--redis-connections",
            "--seat-maps", "--seat-map-connections");

    static TicketOptions parse(String... args) {
        Map<String, String> given = new HashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            String name = args[i];
            if (!NAMES.contains(name)) {
                throw new IllegalArgumentException("unknown option '" + name + "'");
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(name + " needs a value");
            }
            given.put(name, args[i + 1]);
        }
        String schema = given.getOrDefault("--schema", "plain_tickets");
        if (!schema.matches("[a-z_][a-z0-9_]*")) {
            throw new IllegalArgumentException("--schema must be a lower-case SQL name, got '" + schema + "'");
        }
        String redis = hostAndPort(given, "--redis");
        String seatMaps = hostAndPort(given, "--seat-maps");
        int maxThreads = number(given, "--max-threads", 200, 1);
        return new TicketOptions(number(given, "--port", 8090, 0), given.get("--port-file"),
                given.getOrDefault("--jdbc-url", "jdbc:postgresql://127.0.0.1:5432/test"),
                given.getOrDefault("--user", "postgres"), schema, number(given, "--pool", 10, 1),
                maxThreads, number(given, "--locked-ms", 20, 0),
                number(given, "--mailer-threads", 2, 1), number(given, "--mail-ms", 40, 0), redis,
                number(given, "--ranked-events", 16_000, 10), number(given, "--redis-connections", maxThreads, 1), seatMaps, number(given, "--seat-map-connections", 2, 1));
    }

    private static String hostAndPort(Map<String, String> given, String name) {
        String value = given.get(name);
        if (value != null && !value.matches("[^:\\s]+:\\d{1,5}")) {
            throw new IllegalArgumentException(name + " must be HOST:PORT, got '" + value + "'");
        }
        return value;
    }

    private static int number(Map<String, String> given, String name, int otherwise, int min) {
        String value = given.get(name);
        if (value == null) {
            return otherwise;
        }
        try {
            int n = Integer.parseInt(value);
            if (n >= min) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(name + " must be a whole number >= " + min + ", got '" + value + "'");
    }
}
