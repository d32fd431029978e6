package dev.chokepoint.agent.bootstrap;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.Test;

import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

class AgentIdentityTest {

    @Test
    void givenThisProcess_thenTheInfoGaugeIsOneTaggedWithARandomInstanceAndThePid() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        AgentIdentity identity = AgentIdentity.ofThisProcess();

        identity.bindTo(registry);

        Gauge info = registry.get("chokepoint.agent.info").gauge();
        assertThat(info.value()).isEqualTo(1.0);
        assertThat(UUID.fromString(info.getId().getTag("agent_instance")).toString()).isEqualTo(identity.instance());
        assertThat(info.getId().getTag("pid")).isEqualTo(Long.toString(ProcessHandle.current().pid()));
        assertThat(AgentIdentity.ofThisProcess().instance()).as("drawn anew by each agent").isNotEqualTo(identity.instance());
    }

    /** The collector is written against this exact series. */
    @Test
    void isExposedToPrometheusAsChokepointAgentInfo() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);

        new AgentIdentity("3f2c1d9e-0000-4000-8000-000000000001", 4242).bindTo(registry);

        assertThat(registry.scrape()).contains(
                "chokepoint_agent_info{agent_instance=\"3f2c1d9e-0000-4000-8000-000000000001\",pid=\"4242\"} 1");
    }
}
