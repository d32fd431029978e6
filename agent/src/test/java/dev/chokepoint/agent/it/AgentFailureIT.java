package dev.chokepoint.agent.it;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the agent does when something is wrong: one clear stderr line naming the problem and the
 * fix, and the application serves normally.
 */
class AgentFailureIT {

    @Test
    void portInUseCostsTheEndpointOnlyAndTheAppServes() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             ForkedApp app = ForkedApp.of(PlainMainApp.class).agentArgs("port=" + taken.getLocalPort()).start()) {
            assertServes(app);
            app.awaitStderr("is in use"); // the endpoint starts on the agent's background thread

            assertThat(app.agentLines()).as(app.describe())
                    .containsExactly("chokepoint: port " + taken.getLocalPort() + " on 127.0.0.1 is in use (or the "
                            + "address is not local), so there is no metrics endpoint; set port=<free port> or CHOKEPOINT_PORT");
        }
    }

    @Test
    void unknownOptionIsNamedWithTheKnownOnesAndIgnored() {
        try (ForkedApp app = ForkedApp.of(PlainMainApp.class).agentArgs("port=0,prot=9999").start()) {
            assertServes(app);

            assertThat(app.agentProblems()).as(app.describe()).singleElement().asString()
                    .startsWith("chokepoint: unknown option 'prot' in agent arguments, ignored; known options: port, host,");
            assertThat(app.scrape().has("jvm_memory_used_bytes")).isTrue();
        }
    }

    @Test
    void badValueIsNamedWithTheFixAndTheDefaultIsUsed() {
        try (ForkedApp app = ForkedApp.of(PlainMainApp.class).agentArgs("port=0,jdbc.max-queries=lots").start()) {
            assertServes(app);

            assertThat(app.agentProblems()).as(app.describe()).containsExactly(
                    "chokepoint: option jdbc.max-queries=lots (agent arguments) is not a positive whole number; "
                            + "use e.g. 100; using the default 100");
        }
    }

    @Test
    void badValueFromTheEnvironmentNamesTheVariable() {
        try (ForkedApp app = ForkedApp.of(PlainMainApp.class).agentArgs("port=0")
                .env("CHOKEPOINT_OTLP_INTERVAL", "often").start()) {
            assertServes(app);

            assertThat(app.agentProblems()).as(app.describe()).containsExactly(
                    "chokepoint: option otlp.interval=often (CHOKEPOINT_OTLP_INTERVAL) is not a duration; "
                            + "use e.g. 500ms, 30s, 1m or 1m30s; using the default 30s");
        }
    }

    @Test
    void noTomcatHikariOrJdbcOnTheClassPathIsSilent() {
        // Every probe is on; none of their libraries is there. Matching by name never fires, so
        // there is nothing to report: no line, and the runtime metrics are served.
        try (ForkedApp app = ForkedApp.of(PlainMainApp.class).agentArgs("port=0,probes=all").start()) {
            assertServes(app);

            assertThat(app.agentProblems()).as(app.describe()).isEmpty();
            assertThat(app.scrape().has("process_cpu_usage")).isTrue();
        }
    }

    @Test
    void jfrDisabledCostsTheWaitMetersOnlyWithOneLine() {
        try (ForkedApp app = ForkedApp.of(PlainMainApp.class).jvmArg("-XX:-FlightRecorder").start()) {
            assertServes(app);
            // The wait probe starts JFR on its own thread once the application's start-up settled.
            app.awaitStderr("probe waits off");

            assertThat(app.agentProblems()).as(app.describe()).containsExactly(
                    "chokepoint: probe waits off: JDK Flight Recorder is not available in this JVM "
                            + "(started with -XX:-FlightRecorder?); no wait meters, the other probes run on");
            // The consumer thread that held the wait meters' objects has ended: they must survive a GC.
            app.collectGarbage();
            Scrape scrape = app.scrape();
            assertThat(scrape.has("process_cpu_usage")).isTrue();
            assertThat(scrape.value("chokepoint_wait_recording")).hasValue(0.0);
            assertThat(scrape.text()).doesNotContain("chokepoint_wait_monitor").doesNotContain("chokepoint_wait_socket");
        }
    }

    @Test
    void aRuntimeWithoutTheJfrModuleCostsTheWaitMetersOnlyWithOneLine() {
        try (ForkedApp app = ForkedApp.of(PlainMainApp.class).jvmArg("--limit-modules")
                .jvmArg("java.base,java.instrument,java.management,jdk.management,jdk.httpserver,java.logging,java.net.http")
                .start()) {
            assertServes(app);
            app.awaitStderr("probe waits off");

            assertThat(app.agentProblems()).as(app.describe()).containsExactly(
                    "chokepoint: probe waits off: this Java runtime has no jdk.jfr module (JDK Flight Recorder); "
                            + "no wait meters, the other probes run on");
            assertThat(app.scrape().has("process_cpu_usage")).isTrue();
        }
    }

    private static void assertServes(ForkedApp app) {
        String port = app.awaitStdoutValue("ready");
        assertThat(app.get(URI.create("http://127.0.0.1:" + port + "/hello"))).isEqualTo("hello");
    }
}
