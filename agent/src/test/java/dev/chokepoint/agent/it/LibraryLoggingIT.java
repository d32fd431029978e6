package dev.chokepoint.agent.it;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The agent never speaks through the application's logging: an application with Logback (its
 * default configuration, DEBUG to stdout) writes the same log with the agent as without it. The
 * agent's shaded Micrometer once found the application's SLF4J and logged "Using SLF4J as the
 * default logging framework" into it.
 */
class LibraryLoggingIT {

    private static List<Path> logback() throws Exception {
        Path dir = Path.of(System.getProperty("chokepoint.it.logback", "target/it-logback"));
        try (Stream<Path> jars = Files.list(dir)) {
            return jars.filter(p -> p.toString().endsWith(".jar")).sorted().toList();
        }
    }

    /** The app's stdout after start-up, two requests and (with the agent) two scrapes; the time of day and the port cut. */
    private static List<String> log(boolean withAgent) throws Exception {
        ForkedApp.Builder builder = ForkedApp.of(LoggingApp.class);
        for (Path jar : logback()) {
            builder.classPathFirst(jar);
        }
        if (!withAgent) {
            builder.withoutAgent();
        }
        try (ForkedApp app = builder.start()) {
            String port = app.awaitStdoutValue("ready ");
            for (int i = 0; i < 2; i++) {
                app.get(URI.create("http://127.0.0.1:" + port + "/hello"));
                if (withAgent) {
                    app.scrapeText();
                }
            }
            app.awaitStdout("hello served");
            return app.stdout().lines().filter(line -> !line.startsWith("ready "))
                    .map(line -> line.replaceFirst("^\\d{2}:\\d{2}:\\d{2}\\.\\d{3} ", "")).toList();
        }
    }

    @Test
    void givenAnApplicationLoggingThroughLogback_whenTheAgentIsAttached_thenItsLogIsUnchanged() throws Exception {
        List<String> without = log(false);
        List<String> with = log(true);

        assertThat(without).as("the application logs through Logback").anyMatch(line -> line.contains("shop starting"));
        assertThat(with).noneMatch(line -> line.contains("chokepoint") || line.contains("micrometer"));
        assertThat(with).containsExactlyInAnyOrderElementsOf(without);
    }
}
