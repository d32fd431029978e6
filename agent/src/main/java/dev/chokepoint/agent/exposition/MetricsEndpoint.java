package dev.chokepoint.agent.exposition;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;

import java.io.IOException;
import java.io.PrintStream;
import java.net.BindException;
import java.util.Optional;

/**
 * Serves the agent's registry at {@code http://host:port/metrics} with the Prometheus Java
 * client's HTTP server, whose threads are daemons: the endpoint never keeps the application's JVM
 * alive. A port in use or an unresolvable host costs one stderr line and no endpoint; the
 * application runs on.
 */
public final class MetricsEndpoint {

    private MetricsEndpoint() {
    }

    /** The started server, or empty after printing why there is none. */
    public static Optional<HTTPServer> start(String host, int port, PrometheusMeterRegistry registry, PrintStream err) {
        try {
            HTTPServer server = HTTPServer.builder()
                    .hostname(host)
                    .port(port)
                    .registry(registry.getPrometheusRegistry())
                    .buildAndStart();
            err.println("chokepoint: metrics at http://" + hostForUrl(host) + ":" + server.getPort() + "/metrics");
            return Optional.of(server);
        } catch (BindException e) {
            err.println("chokepoint: port " + port + " on " + host + " is in use (or the address is not local), "
                    + "so there is no metrics endpoint; set port=<free port> or CHOKEPOINT_PORT");
        } catch (IOException | RuntimeException e) {
            err.println("chokepoint: no metrics endpoint on " + host + ":" + port + ": " + e
                    + "; set host=127.0.0.1 or CHOKEPOINT_HOST");
        }
        return Optional.empty();
    }

    private static String hostForUrl(String host) {
        return host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host;
    }
}
