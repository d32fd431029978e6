package dev.chokepoint.agent.it;

import com.sun.tools.attach.VirtualMachine;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The library probes when the agent is attached to a service that is already serving: Tomcat's
 * endpoint started before the agent came, so it is found at its next socket event; requests are
 * timed from then on.
 */
class LateAttachProbesIT {

    @Test
    void attachedToARunningTomcatTheWorkerGaugesAndRequestsAppear() throws Exception {
        try (ForkedApp app = ForkedApp.of(ProbedServiceApp.class).withoutAgent().start()) {
            URI base = URI.create("http://127.0.0.1:" + app.awaitStdoutValue("ready") + "/");
            assertThat(ClosedLoopLoad.start(base, 1, 2, i -> "items/1").await()).isZero(); // before the agent

            VirtualMachine vm = VirtualMachine.attach(String.valueOf(app.pid()));
            try {
                vm.loadAgent(ForkedApp.agentJar().toAbsolutePath().toString(), "port=0");
            } finally {
                vm.detach();
            }
            ClosedLoopLoad load = ClosedLoopLoad.start(base, 16, 48, i -> "sleep");

            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100)).untilAsserted(() ->
                    assertThat(app.scrape().value("tomcat_threads_busy_threads").orElseThrow())
                            .isEqualTo(ProbedServiceApp.MAX_THREADS));
            assertThat(load.await()).isZero();
            Scrape scrape = app.scrape();
            assertThat(scrape.value("tomcat_threads_config_max_threads")).hasValue(ProbedServiceApp.MAX_THREADS);
            assertThat(scrape.sum("http_server_requests_seconds_count", "uri", "/sleep")).isPositive();
            assertThat(app.agentProblems()).as(app.describe()).isEmpty();
        }
    }
}
