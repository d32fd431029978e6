package dev.chokepoint.agent.options;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class AgentOptionsTest {

    @Test
    void defaultsBindLoopbackOnThePrometheusAgentPortWithoutOtlp() {
        AgentOptions options = AgentOptions.defaults();

        assertThat(options.port()).isEqualTo(9464);
        assertThat(options.host()).isEqualTo("127.0.0.1");
        assertThat(options.probes()).isEqualTo("all");
        assertThat(options.maxUris()).isEqualTo(100);
        assertThat(options.maxQueries()).isEqualTo(100);
        assertThat(options.otlpEndpoint()).isEmpty();
        assertThat(options.otlpInterval()).isEqualTo(Duration.ofSeconds(30));
        assertThat(options.problems()).isEmpty();
    }

    @Test
    void agentArgumentsWinOverTheEnvironment() {
        AgentOptions options = AgentOptions.parse("port=9500, host=0.0.0.0",
                Map.of("CHOKEPOINT_PORT", "9600", "CHOKEPOINT_MAX_URIS", "7"));

        assertThat(options.port()).isEqualTo(9500);
        assertThat(options.host()).isEqualTo("0.0.0.0");
        assertThat(options.maxUris()).isEqualTo(7);
        assertThat(options.problems()).isEmpty();
    }

    @Test
    void dottedAndDashedNamesMapToUnderscoredEnvironmentNames() {
        AgentOptions options = AgentOptions.parse(null, Map.of(
                "CHOKEPOINT_OTLP_ENDPOINT", "http://127.0.0.1:4318/v1/metrics",
                "CHOKEPOINT_OTLP_INTERVAL", "500ms",
                "CHOKEPOINT_MAX_QUERIES", "20"));

        assertThat(options.otlpEndpoint()).contains(URI.create("http://127.0.0.1:4318/v1/metrics"));
        assertThat(options.otlpInterval()).isEqualTo(Duration.ofMillis(500));
        assertThat(options.maxQueries()).isEqualTo(20);
    }

    @Test
    void unknownOptionIsOneLineListingTheKnownOnes() {
        AgentOptions options = AgentOptions.parse("prot=9464", Map.of());

        assertThat(options.problems()).singleElement().asString()
                .startsWith("chokepoint: unknown option 'prot' in agent arguments, ignored; known options: port, host, probes,")
                .endsWith("(java -jar chokepoint-agent.jar --help)");
        assertThat(options.port()).isEqualTo(9464);
    }

    @Test
    void badValuesKeepTheirDefaultsAndSayHowToFixThem() {
        AgentOptions options = AgentOptions.parse("port=70000,max-uris=0,otlp.endpoint=collector:4318,otlp.interval=5h",
                Map.of());

        assertThat(options.problems()).containsExactly(
                "chokepoint: option port=70000 (agent arguments) is not a TCP port; use a number from 0 to 65535; "
                        + "using the default 9464",
                "chokepoint: option max-uris=0 (agent arguments) is not a positive whole number; use e.g. 100; "
                        + "using the default 100",
                "chokepoint: option otlp.endpoint=collector:4318 (agent arguments) is not an http(s) URL; use e.g. "
                        + "http://127.0.0.1:4318/v1/metrics, or off; using the default off",
                "chokepoint: option otlp.interval=5h (agent arguments) is not a duration; use e.g. 500ms, 30s or 1m; "
                        + "using the default 30s");
        assertThat(options.port()).isEqualTo(9464);
        assertThat(options.otlpEndpoint()).isEmpty();
    }

    @Test
    void argumentWithoutEqualsSignIsReported() {
        AgentOptions options = AgentOptions.parse("9464", Map.of());

        assertThat(options.problems()).singleElement().asString()
                .startsWith("chokepoint: agent argument '9464' is not key=value; write e.g. port=9464");
    }

    @Test
    void unrelatedEnvironmentVariablesAreNotOptions() {
        // The collector CLI reads CHOKEPOINT_* variables of its own; the agent must not complain.
        AgentOptions options = AgentOptions.parse("", Map.of("CHOKEPOINT_TARGET", "http://x"));

        assertThat(options.problems()).isEmpty();
    }

    @Test
    void probesSeeOptionsByName() {
        AgentOptions options = AgentOptions.parse("max-queries=5", Map.of());

        assertThat(options.value("max-queries", "100")).isEqualTo("5");
        assertThat(options.value("no-such-option", "fallback")).isEqualTo("fallback");
    }

    @Test
    void helpListsEveryOption() {
        String help = HelpText.render(List.of("jvm", "tomcat"));

        assertThat(help).contains("probes: jvm, tomcat");

        for (Option option : Option.values()) {
            assertThat(help).contains(option.key(), option.envName(), option.defaultValue(), option.description());
        }
    }
}
