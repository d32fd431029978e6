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

        new AgentIdentity("3f2c1d9e-0000-4000-8000-000000000001", 4242, "shop.jar").bindTo(registry);

        assertThat(registry.scrape()).contains(
                "chokepoint_agent_info{agent_instance=\"3f2c1d9e-0000-4000-8000-000000000001\",command=\"shop.jar\",pid=\"4242\"} 1");
    }

    @Test
    void theCommandIsTheMainClassOrTheJarsFileNameNeverItsArguments() {
        assertThat(AgentIdentity.command("/opt/shop/target/shop-1.0.jar --spring.datasource.password=secret"))
                .isEqualTo("shop-1.0.jar");
        assertThat(AgentIdentity.command("com.example.ShopApplication --port 8080")).isEqualTo("com.example.ShopApplication");
        assertThat(AgentIdentity.command(null)).isEqualTo("unknown");
        assertThat(AgentIdentity.command("x".repeat(300))).hasSize(AgentIdentity.MAX_COMMAND);
    }
}
