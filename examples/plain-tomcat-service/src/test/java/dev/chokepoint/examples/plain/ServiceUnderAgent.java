package dev.chokepoint.examples.plain;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * This service's jar in a JVM of its own with the agent ({@code port=0}), as a user runs it: the
 * service's port from its port file, the agent's metrics endpoint from its start-up line. The
 * jars come from failsafe's system properties (pom.xml).
 */
final class ServiceUnderAgent implements AutoCloseable {

    private static final Pattern AGENT_URL = Pattern.compile("chokepoint: metrics at (http://\\S+/metrics)");

    private final Process process;
    private final int port;
    private final String metrics;

    private ServiceUnderAgent(Process process, int port, String metrics) {
        this.process = process;
        this.port = port;
        this.metrics = metrics;
    }

    /** Starts it with {@code serviceArgs} (besides the port options) and waits until it answers. */
    static ServiceUnderAgent start(Path work, String... serviceArgs) throws Exception {
        Path portFile = work.resolve("service.port");
        Path log = work.resolve("service.log");
        List<String> command = new ArrayList<>(List.of(java(), "-Xmx256m", "-javaagent:" + jar("agent.jar") + "=port=0",
                "-jar", jar("service.jar").toString(), "--port", "0", "--port-file", portFile.toString()));
        command.addAll(List.of(serviceArgs));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (!(Files.isRegularFile(portFile) && !Files.readString(portFile).isBlank())) {
            assertThat(process.isAlive()).as("service exited; log:%n%s", Files.readString(log)).isTrue();
            assertThat(System.nanoTime()).as("service not up in 2 min; log:%n%s", Files.readString(log)).isLessThan(deadline);
            TimeUnit.MILLISECONDS.sleep(200); // polling for the port file, with the deadline above
        }
        Matcher agent = AGENT_URL.matcher(Files.readString(log));
        assertThat(agent.find()).as("the agent announces its endpoint").isTrue();
        return new ServiceUnderAgent(process, Integer.parseInt(Files.readString(portFile).strip()), agent.group(1));
    }

    /** {@code http://127.0.0.1:PORT} + {@code pathAndQuery}. */
    String url(String pathAndQuery) {
        return "http://127.0.0.1:" + port + pathAndQuery;
    }

    /** The agent's Prometheus endpoint. */
    String metrics() {
        return metrics;
    }

    /** A normal stop (SIGTERM): the service's shutdown hook cleans up what it made in Redis. */
    @Override
    public void close() throws InterruptedException {
        process.destroy();
        process.waitFor(20, TimeUnit.SECONDS);
    }

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    static Path jar(String property) {
        Path jar = Path.of(System.getProperty(property, "missing-" + property));
        assertThat(jar).as("%s (build it first: mvn -B -ntp package)", property).isRegularFile();
        return jar;
    }
}
