package dev.chokepoint.collector.hostview;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The host view on this machine's real /proc: a service stand-in in its own process connected to
 * the real PostgreSQL, a busy load process started by this JVM (the collector here).
 */
@EnabledOnOs(OS.LINUX)
class HostViewTest {

    private static final Pattern PART = Pattern.compile(
            "chokepoint_host_part_cpu_seconds_total\\{part=\"([^\"]*)\",process=\"([^\"]*)\"} ([0-9.]+)");
    private final List<Process> started = new ArrayList<>();

    @AfterEach
    void stop() {
        started.forEach(Process::destroyForcibly);
    }

    @Test
    void namesTheServiceItsDatabaseTheLoadGeneratorAndTheCollector() throws Exception {
        assumeTrue(postgresUp(), "PostgreSQL on 127.0.0.1:5432 (the README's setup)");
        int port = startService();
        start(new ProcessBuilder("sh", "-c", "end=$(($(date +%s) + 3)); while [ $(date +%s) -lt $end ]; do :; done"));
        String target = "http://127.0.0.1:" + port + "/metrics";
        HostView view = new HostView(Path.of("/proc"), Map.of(target, port), ProcessHandle.current().pid(), "test-host");

        Map<String, String> processes = new HashMap<>();
        Map<String, Double> first = parts(view.scrape(System.currentTimeMillis()), processes);
        TimeUnit.MILLISECONDS.sleep(1500);
        String second = view.scrape(System.currentTimeMillis());
        Map<String, Double> then = parts(second, processes);

        assertThat(then).containsKeys("target " + target, "dependency 127.0.0.1:5432", HostView.LOAD_GENERATOR, HostView.COLLECTOR);
        assertThat(processes.get("target " + target)).isEqualTo("java");
        assertThat(processes.get("dependency 127.0.0.1:5432")).startsWith("postgres");
        // The busy loop ran 1.5 s between the scrapes: most of a core, whatever else the host does.
        assertThat(then.get(HostView.LOAD_GENERATOR) - first.get(HostView.LOAD_GENERATOR)).isGreaterThan(0.3);
        then.forEach((part, seconds) -> assertThat(seconds).as(part).isGreaterThanOrEqualTo(first.getOrDefault(part, 0.0)));
        assertThat(second).contains("chokepoint_host_view_info{host=\"test-host\"} 1")
                .contains("chokepoint_host_cores " + Runtime.getRuntime().availableProcessors())
                .containsPattern("chokepoint_host_cpu_seconds_total [0-9.]+");
    }

    @Test
    void aTargetNotListeningHereIsNoPart() {
        HostView view = new HostView(Path.of("/proc"), Map.of("http://127.0.0.1:1/metrics", 1), ProcessHandle.current().pid(), "h");

        assertThat(parts(view.scrape(System.currentTimeMillis()), new HashMap<>())).doesNotContainKey("target http://127.0.0.1:1/metrics");
    }

    private int startService() throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        Process p = start(new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                ListeningClient.class.getName(), "127.0.0.1", "5432"));
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        return Integer.parseInt(out.readLine().trim());
    }

    private Process start(ProcessBuilder builder) throws Exception {
        Process p = builder.redirectError(ProcessBuilder.Redirect.INHERIT).start();
        started.add(p);
        return p;
    }

    private static Map<String, Double> parts(String exposition, Map<String, String> processes) {
        Map<String, Double> out = new HashMap<>();
        Matcher m = PART.matcher(exposition);
        while (m.find()) {
            out.put(m.group(1), Double.parseDouble(m.group(3)));
            processes.put(m.group(1), m.group(2));
        }
        return out;
    }

    private static boolean postgresUp() {
        try (Socket s = new Socket("127.0.0.1", 5432)) {
            return true;
        } catch (Exception e) {
            return false;
        }
    }
}
