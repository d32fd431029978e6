package dev.chokepoint.examples.market;

import dev.chokepoint.examples.downstream.DownstreamServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The agent's Spring Boot criterion, on the real thing: the repackaged fat jar (nested jars,
 * Spring Boot's class loader, embedded Tomcat with its JMX registry off, Boot's own Hikari
 * metrics tracker) started with {@code -javaagent:chokepoint-agent.jar}. Both Actuator's
 * endpoint and the agent's serve, and the agent's has the Tomcat and Hikari series.
 */
class FatJarWithAgentIT {

    private static final Pattern AGENT_URL = Pattern.compile("chokepoint: metrics at (http://\\S+/metrics)");
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static final String SCHEMA = TestDatabase.uniqueSchema();

    private static Process service;
    private static DownstreamServer downstream;
    private static Path log;
    private static String serviceUrl;
    private static String agentUrl;

    @BeforeAll
    static void startTheFatJarWithTheAgent() throws Exception {
        Path agentJar = jar("agent.jar", "build the agent first: mvn -pl agent package");
        Path serviceJar = jar("service.jar", "run the failsafe plugin after package");
        Path work = Files.createTempDirectory("fat-jar-it");
        log = work.resolve("service.log");
        Path portFile = work.resolve("service.port");
        downstream = DownstreamServer.start(0, 4, 5);
        service = new ProcessBuilder(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx384m", "-javaagent:" + agentJar + "=port=0", "-Dmarket.port-file=" + portFile,
                "-jar", serviceJar.toString(),
                "--server.port=0", "--market.db.schema=" + SCHEMA,
                "--market.data.stores=2000", "--market.data.products=2000",
                "--market.search.remote-url=http://127.0.0.1:" + downstream.port()))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        // Start-up time depends on the machine's load: poll with a generous deadline, and stop
        // early (with the log) if the process died.
        await().atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofMillis(300)).until(() -> {
            assertThat(service.isAlive()).as("service exited; log:%n%s", logText()).isTrue();
            return Files.isRegularFile(portFile) && !Files.readString(portFile).isBlank();
        });
        serviceUrl = "http://127.0.0.1:" + Files.readString(portFile).strip();
        Matcher agentLine = AGENT_URL.matcher(logText());
        assertThat(agentLine.find()).as("the agent announces its endpoint; log:%n%s", logText()).isTrue();
        agentUrl = agentLine.group(1);
    }

    @AfterAll
    static void stop() throws Exception {
        if (service != null) {
            service.destroy();
            if (!service.waitFor(20, TimeUnit.SECONDS)) {
                service.destroyForcibly();
            }
        }
        if (downstream != null) {
            downstream.close();
        }
        TestDatabase.POSTGRES.drop(SCHEMA);
    }

    @Test
    void actuatorAndTheAgentBothServeAndTheAgentHasTomcatHikariAndRequestSeries() throws Exception {
        assertThat(get(serviceUrl + "/products?category=1").statusCode()).isEqualTo(200);
        assertThat(get(serviceUrl + "/search?q=lamp").statusCode()).isEqualTo(200);

        HttpResponse<String> actuator = get(serviceUrl + "/actuator/prometheus");
        assertThat(actuator.statusCode()).isEqualTo(200);
        assertThat(actuator.body()).contains("hikaricp_connections_active");

        // The agent's meters follow the requests asynchronously (scrape-time gauges, timers
        // recorded as requests end): poll until the series are there.
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            HttpResponse<String> agent = get(agentUrl);
            assertThat(agent.statusCode()).isEqualTo(200);
            assertThat(agent.body())
                    .contains("tomcat_threads_busy_threads")
                    .contains("tomcat_threads_config_max_threads")
                    .contains("hikaricp_connections_active")
                    .contains("hikaricp_connections_pending")
                    .contains("hikaricp_connections_acquire_seconds_count")
                    .containsPattern("http_server_requests_seconds_count\\{[^}]*uri=\"/products\"");
        });
    }

    private static HttpResponse<String> get(String url) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static Path jar(String property, String fix) {
        String path = System.getProperty(property);
        assertThat(path).as("system property %s (set by the failsafe plugin)", property).isNotNull();
        Path jar = Path.of(path).toAbsolutePath().normalize();
        assertThat(Files.isRegularFile(jar)).as("%s missing: %s", jar, fix).isTrue();
        return jar;
    }

    private static String logText() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }
}
