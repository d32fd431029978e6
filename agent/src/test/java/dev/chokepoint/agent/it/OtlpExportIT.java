package dev.chokepoint.agent.it;

import dev.chokepoint.agent.otlp.OtlpReceiver;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** With {@code otlp.endpoint} set, the attached agent pushes the same meters over OTLP/HTTP. */
class OtlpExportIT {

    @Test
    void attachedAgentPushesItsMetersOverOtlpAndStillServesPrometheus() throws IOException {
        try (OtlpReceiver receiver = new OtlpReceiver();
             ForkedApp app = ForkedApp.of(PlainMainApp.class)
                     .agentArgs("port=0,otlp.endpoint=" + receiver.endpoint() + ",otlp.interval=500ms").start()) {
            app.awaitStdout("ready");

            // Exports run every 500 ms on the SDK's own thread from premain on, so the first ones
            // may precede some probes' meters: poll until meters of two probes have arrived.
            await().atMost(ForkedApp.DEFAULT_WAIT)
                    .until(() -> receiver.received("jvm.memory.used") && receiver.received("process.cpu.usage"));

            assertThat(receiver.contentTypes()).contains("application/x-protobuf");
            assertThat(app.scrape().has("jvm_memory_used_bytes")).isTrue();
            assertThat(app.agentProblems()).as(app.describe()).isEmpty();
        }
    }
}
