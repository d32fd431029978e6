package dev.chokepoint.agent.it;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarFile;

import static org.assertj.core.api.Assertions.assertThat;

/** The agent attached to a plain application: it starts, serves runtime metrics, and ships shaded. */
class AgentBootstrapIT {

    @Test
    void servesRuntimeMetricsOnLoopbackBesideARunningApp() {
        try (ForkedApp app = ForkedApp.of(PlainMainApp.class).start()) {
            assertServesRuntimeMetrics(app);
        }
    }

    @Test
    void runsOnJava25() {
        Path java25 = Java25.require();
        try (ForkedApp app = ForkedApp.of(PlainMainApp.class).java(java25).start()) {
            assertServesRuntimeMetrics(app);
        }
    }

    @Test
    void takesItsOptionsFromTheEnvironmentWhenNoArgumentIsGiven() {
        try (ForkedApp app = ForkedApp.of(PlainMainApp.class).agentArgs("")
                .env("CHOKEPOINT_PORT", "0").env("CHOKEPOINT_PROBES", "-jvm").start()) {
            app.awaitStdout("ready");
            Scrape scrape = app.scrape();

            assertThat(app.metricsUri().getPort()).isNotEqualTo(19464);
            assertThat(scrape.has("process_cpu_usage")).isTrue();
            assertThat(scrape.has("jvm_memory_used_bytes")).as("jvm probe left out by CHOKEPOINT_PROBES").isFalse();
            assertThat(app.agentProblems()).isEmpty();
        }
    }

    @Test
    void helpListsEveryOptionWithItsDefaultAndEnvironmentName() throws Exception {
        Process help = new ProcessBuilder(ForkedApp.currentJava().toString(), "-jar",
                ForkedApp.agentJar().toString(), "--help").redirectErrorStream(true).start();
        String text = new String(help.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(help.waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(help.exitValue()).isZero();
        assertThat(text).startsWith("Chokepoint agent " + System.getProperty("chokepoint.expected.version", "") + "\n");
        assertThat(text).contains("port", "19464", "CHOKEPOINT_PORT", "host", "127.0.0.1", "CHOKEPOINT_HOST",
                "probes", "CHOKEPOINT_PROBES", "request.max-uris", "CHOKEPOINT_REQUEST_MAX_URIS", "jdbc.max-queries",
                "CHOKEPOINT_JDBC_MAX_QUERIES", "otlp.endpoint", "CHOKEPOINT_OTLP_ENDPOINT", "otlp.interval",
                "CHOKEPOINT_OTLP_INTERVAL", "probes: tomcat, hikari, jdbc, request, httpclient, httpcomponents, commons-pool2, jvm, process");
    }

    @Test
    void jarHoldsOnlyTheAgentAndRelocatedDependencies() throws IOException {
        List<String> unrelocated = new ArrayList<>();
        try (JarFile jar = new JarFile(ForkedApp.agentJar().toFile())) {
            jar.stream().map(entry -> entry.getName())
                    .filter(name -> !name.startsWith("dev/chokepoint/") && !name.equals("dev/") && !name.startsWith("META-INF/"))
                    .forEach(unrelocated::add);
            Attributes manifest = jar.getManifest().getMainAttributes();

            assertThat(unrelocated).isEmpty();
            assertThat(jar.getEntry("dev/chokepoint/agent/shaded/org/objectweb/asm/ClassReader.class")).isNotNull();
            assertThat(jar.getEntry("dev/chokepoint/agent/shaded/org/objectweb/asm/commons/AnalyzerAdapter.class")).isNotNull();
            assertThat(jar.getEntry("dev/chokepoint/agent/shaded/io/micrometer/core/instrument/MeterRegistry.class")).isNotNull();
            assertThat(manifest.getValue("Premain-Class")).isEqualTo("dev.chokepoint.agent.ChokepointAgent");
            assertThat(manifest.getValue("Agent-Class")).isEqualTo("dev.chokepoint.agent.ChokepointAgent");
            assertThat(manifest.getValue("Main-Class")).isEqualTo("dev.chokepoint.agent.ChokepointAgent");
            assertThat(manifest.getValue("Can-Retransform-Classes")).isEqualTo("true");
        }
    }

    /** The collector tells a restart by these (docs/metrics.md, "Identity"), never by a counter going down. */
    private static void assertIdentifiesItself(ForkedApp app, Scrape scrape) {
        List<Scrape.Sample> info = scrape.series("chokepoint_agent_info");
        assertThat(info).hasSize(1);
        assertThat(info.get(0).value).isEqualTo(1.0);
        assertThat(info.get(0).labels).containsEntry("pid", Long.toString(app.pid()));
        assertThat(UUID.fromString(info.get(0).labels.get("agent_instance"))).isNotNull();
        double started = scrape.value("process_start_time_seconds").orElseThrow();
        assertThat(started * 1000).as("start time, epoch ms: after the launch, before the scrape")
                .isBetween((double) app.launchedAtMillis(), (double) System.currentTimeMillis());
        assertThat(scrape.value("process_uptime_seconds").orElseThrow()).isPositive();
    }

    private static void assertServesRuntimeMetrics(ForkedApp app) {
        String appPort = app.awaitStdoutValue("ready");
        Scrape scrape = app.scrape();

        assertThat(app.metricsUri().getHost()).isEqualTo("127.0.0.1");
        assertThat(app.get(URI.create("http://127.0.0.1:" + appPort + "/hello"))).isEqualTo("hello");
        assertThat(scrape.value("system_cpu_count")).hasValue(Runtime.getRuntime().availableProcessors());
        assertThat(scrape.value("jvm_memory_used_bytes", "area", "heap")).isPresent();
        assertThat(scrape.value("jvm_threads_live_threads").orElseThrow()).isPositive();
        assertThat(scrape.value("process_files_open_files").orElseThrow()).isPositive();
        assertThat(scrape.value("process_cpu_time_ns_total").orElseThrow()).isPositive();
        assertThat(scrape.has("process_cpu_usage")).isTrue();
        assertIdentifiesItself(app, scrape);
        assertThat(scrape.has("jvm_gc_overhead")).isTrue();
        assertThat(scrape.has("jvm_gc_max_data_size_bytes")).isTrue();
        assertThat(scrape.value("jvm_compilation_time_ms_total").orElseThrow()).isPositive();
        assertThat(scrape.value("chokepoint_jit_cpu_seconds_total").orElseThrow()).isPositive();
        // G1 may not have marked yet in a short run: the counter is there, at zero or more
        assertThat(scrape.value("chokepoint_gc_concurrent_cpu_seconds_total").orElseThrow()).isNotNegative();
        assertThat(app.agentProblems()).as(app.describe()).isEmpty();
    }
}
