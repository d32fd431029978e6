package dev.chokepoint.agent.it;

import com.sun.tools.attach.VirtualMachine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The agent loaded into an application that is already running ({@code agentmain}, through the
 * JDK's attach API): it serves its metrics, and its probes retransform classes that were loaded
 * before it came.
 */
class LateAttachIT {

    @TempDir
    Path classes;

    @Test
    void attachedToARunningAppItServesMetrics() throws Exception {
        try (ForkedApp app = ForkedApp.of(PlainMainApp.class).withoutAgent().start()) {
            String port = app.awaitStdoutValue("ready");

            attach(app, "port=0");

            assertThat(app.scrape().has("jvm_memory_used_bytes")).isTrue();
            assertThat(app.get(URI.create("http://127.0.0.1:" + port + "/hello"))).isEqualTo("hello");
            assertThat(app.agentProblems()).as(app.describe()).isEmpty();
        }
    }

    @Test
    void classesLoadedBeforeTheAttachAreRetransformed() throws Exception {
        // A host valve of another shape, loaded before the agent: only retransformation can
        // reach it, and the request probe's one-line report shows that it did.
        FakeClasses.compile(classes, FakeClasses.HOST_VALVE, FakeClasses.HOST_VALVE_OF_OTHER_SHAPE);
        try (ForkedApp app = ForkedApp.of(PlainMainApp.class).withoutAgent().classPathFirst(classes)
                .args(FakeClasses.HOST_VALVE).start()) {
            app.awaitStdout("loaded " + FakeClasses.HOST_VALVE).awaitStdout("ready");

            attach(app, "port=0");

            app.awaitStderr("could not instrument " + FakeClasses.HOST_VALVE);
            assertThat(app.agentProblems()).as(app.describe()).singleElement().asString()
                    .startsWith("chokepoint: probe request could not instrument " + FakeClasses.HOST_VALVE);
        }
    }

    private static void attach(ForkedApp app, String agentArgs) throws Exception {
        VirtualMachine vm = VirtualMachine.attach(String.valueOf(app.pid()));
        try {
            vm.loadAgent(ForkedApp.agentJar().toAbsolutePath().toString(), agentArgs);
        } finally {
            vm.detach();
        }
    }
}
