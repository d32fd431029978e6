package dev.chokepoint.examples.downstream;

import java.nio.file.Path;
import java.time.Duration;

/**
 * The downstream's command line: {@code --port N --concurrency N --service-time-ms N
 * [--port-file FILE]}. Its capacity is {@code concurrency / service time}; nothing else limits it.
 */
record DownstreamOptions(int port, int concurrency, Duration serviceTime, Path portFile) {

    static final String USAGE =
            "usage: downstream-service [--port N (0 = any free)] [--concurrency N (>= 1)] "
                    + "[--service-time-ms N (>= 0)] [--port-file FILE]";

    DownstreamOptions {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("--port must be 0..65535, got " + port);
        }
        if (concurrency < 1) {
            throw new IllegalArgumentException("--concurrency must be at least 1, got " + concurrency);
        }
        if (serviceTime.isNegative()) {
            throw new IllegalArgumentException("--service-time-ms must be >= 0, got " + serviceTime.toMillis());
        }
    }

    static DownstreamOptions parse(String... args) {
        int port = 0;
        int concurrency = 2;
        long serviceTimeMs = 46;
        Path portFile = null;
        for (int i = 0; i < args.length; i++) {
            String name = args[i];
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("option " + name + " needs a value; " + USAGE);
            }
            String value = args[++i];
            switch (name) {
                case "--port" -> port = number(name, value);
                case "--concurrency" -> concurrency = number(name, value);
                case "--service-time-ms" -> serviceTimeMs = number(name, value);
                case "--port-file" -> portFile = Path.of(value);
                default -> throw new IllegalArgumentException("unknown option " + name + "; " + USAGE);
            }
        }
        return new DownstreamOptions(port, concurrency, Duration.ofMillis(serviceTimeMs), portFile);
    }

    private static int number(String name, String value) {
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " needs a whole number, got '" + value + "'");
        }
    }
}
