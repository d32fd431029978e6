package dev.chokepoint.examples.plain;

/** Command-line options of {@link TicketService}; {@link #parse} rejects what it does not know. */
record TicketOptions(int port, String portFile, String jdbcUrl, String user, String schema, int pool,
                     int maxThreads, int lockedMillis) {

    static final String USAGE = "usage: java -jar plain-tomcat-service.jar [--port N] [--port-file FILE]"
            + " [--jdbc-url URL] [--user NAME] [--schema NAME] [--pool N] [--max-threads N] [--locked-ms N]";

    static TicketOptions defaults() {
        return new TicketOptions(8090, null, "jdbc:postgresql://127.0.0.1:5432/test", "postgres", "plain_tickets",
                10, 200, 20);
    }

    static TicketOptions parse(String... args) {
        TicketOptions o = defaults();
        for (int i = 0; i < args.length; i += 2) {
            String name = args[i];
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(name + " needs a value");
            }
            String value = args[i + 1];
            o = switch (name) {
                case "--port" -> new TicketOptions(number(name, value, 0), o.portFile, o.jdbcUrl, o.user, o.schema,
                        o.pool, o.maxThreads, o.lockedMillis);
                case "--port-file" -> new TicketOptions(o.port, value, o.jdbcUrl, o.user, o.schema, o.pool,
                        o.maxThreads, o.lockedMillis);
                case "--jdbc-url" -> new TicketOptions(o.port, o.portFile, value, o.user, o.schema, o.pool,
                        o.maxThreads, o.lockedMillis);
                case "--user" -> new TicketOptions(o.port, o.portFile, o.jdbcUrl, value, o.schema, o.pool,
                        o.maxThreads, o.lockedMillis);
                case "--schema" -> {
                    if (!value.matches("[a-z_][a-z0-9_]*")) {
                        throw new IllegalArgumentException("--schema must be a lower-case SQL name, got '" + value + "'");
                    }
                    yield new TicketOptions(o.port, o.portFile, o.jdbcUrl, o.user, value, o.pool, o.maxThreads,
                            o.lockedMillis);
                }
                case "--pool" -> new TicketOptions(o.port, o.portFile, o.jdbcUrl, o.user, o.schema,
                        number(name, value, 1), o.maxThreads, o.lockedMillis);
                case "--max-threads" -> new TicketOptions(o.port, o.portFile, o.jdbcUrl, o.user, o.schema, o.pool,
                        number(name, value, 1), o.lockedMillis);
                case "--locked-ms" -> new TicketOptions(o.port, o.portFile, o.jdbcUrl, o.user, o.schema, o.pool,
                        o.maxThreads, number(name, value, 0));
                default -> throw new IllegalArgumentException("unknown option '" + name + "'");
            };
        }
        return o;
    }

    private static int number(String name, String value, int min) {
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
