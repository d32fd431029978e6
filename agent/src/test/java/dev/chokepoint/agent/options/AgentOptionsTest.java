package dev.chokepoint.agent.options;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class AgentOptionsTest {

    @Test
    void defaultsBindLoopbackOnAPortNoCommonAgentUsesWithoutOtlp() {
        AgentOptions options = AgentOptions.defaults();

        assertThat(options.port()).as("not 9464, the OpenTelemetry agent's Prometheus exporter's").isEqualTo(19464);
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
                Map.of("CHOKEPOINT_PORT", "9600", "CHOKEPOINT_REQUEST_MAX_URIS", "7"));

        assertThat(options.port()).isEqualTo(9500);
        assertThat(options.host()).isEqualTo("0.0.0.0");
        assertThat(options.maxUris()).isEqualTo(7);
        assertThat(options.problems()).isEmpty();
    }

    @Test
    void dottedAndDashedNamesMapToUnderscoredEnvironmentNames() {
        AgentOptions options = AgentOptions.parse(null, Map.of(
                "CHOKEPOINT_OTLP_ENDPOINT", "http://127.0.0.1:4318/v1/metrics",
                "CHOKEPOINT_OTLP_INTERVAL", "1m30s",
                "CHOKEPOINT_JDBC_MAX_QUERIES", "20"));

        assertThat(options.otlpEndpoint()).contains(URI.create("http://127.0.0.1:4318/v1/metrics"));
        assertThat(options.otlpInterval()).isEqualTo(Duration.ofSeconds(90));
        assertThat(options.maxQueries()).isEqualTo(20);
    }

    @Test
    void everyOptionIsOneWordOrAGroupDotKebabName() {
        for (Option option : Option.values()) {
            assertThat(option.key()).as(option.name()).matches("([a-z0-9]+(-[a-z0-9]+)*\\.)?[a-z0-9]+(-[a-z0-9]+)*")
                    .doesNotEndWith("-ms");
        }
    }

    @Test
    void oldSpellingsStillWorkWithOneLineEachNamingTheNewOne() {
        AgentOptions options = AgentOptions.parse("max-uris=7,waits.lock-ms=5,waits.socket-threshold=0",
                Map.of("CHOKEPOINT_MAX_QUERIES", "9"));

        assertThat(options.maxUris()).isEqualTo(7);
        assertThat(options.maxQueries()).isEqualTo(9);
        assertThat(options.value(Option.WAITS_LOCK_THRESHOLD)).isEqualTo("5ms");
        assertThat(options.value(Option.WAITS_SOCKET_THRESHOLD)).isEqualTo("0");
        assertThat(options.problems()).containsExactly(
                "chokepoint: option CHOKEPOINT_MAX_QUERIES is now CHOKEPOINT_JDBC_MAX_QUERIES; the old name still works",
                "chokepoint: option max-uris is now request.max-uris; the old name still works",
                "chokepoint: option waits.lock-ms is now waits.lock-threshold (a duration, e.g. 1ms); the old name still works");
    }

    @Test
    void theNewEnvironmentNameWinsOverTheOldOne() {
        AgentOptions options = AgentOptions.parse(null, Map.of("CHOKEPOINT_MAX_URIS", "3", "CHOKEPOINT_REQUEST_MAX_URIS", "4"));

        assertThat(options.maxUris()).isEqualTo(4);
        assertThat(options.problems()).isEmpty();
    }

    @Test
    void everyOldSpellingNamesAnOptionThatExists() {
        for (OldName old : OldName.values()) {
            assertThat(Option.byKey(old.key())).as(old.key()).isNull();
            assertThat(Option.byKey(old.now().key())).isSameAs(old.now());
        }
    }

    @Test
    void unknownOptionIsOneLineListingTheKnownOnes() {
        AgentOptions options = AgentOptions.parse("prot=19464", Map.of());

        assertThat(options.problems()).singleElement().asString()
                .startsWith("chokepoint: unknown option 'prot' in agent arguments, ignored; known options: port, host, probes,")
                .endsWith("(java -jar chokepoint-agent.jar --help)");
        assertThat(options.port()).isEqualTo(19464);
    }

    @Test
    void badValuesKeepTheirDefaultsAndSayHowToFixThem() {
        AgentOptions options = AgentOptions.parse("port=70000,request.max-uris=0,otlp.endpoint=collector:4318,"
                + "otlp.interval=often,waits.lock-threshold=5", Map.of());

        assertThat(options.problems()).containsExactly(
                "chokepoint: option port=70000 (agent arguments) is not a TCP port; use a number from 0 to 65535; "
                        + "using the default 19464",
                "chokepoint: option request.max-uris=0 (agent arguments) is not a positive whole number; use e.g. 100; "
                        + "using the default 100",
                "chokepoint: option otlp.endpoint=collector:4318 (agent arguments) is not an http(s) URL; use e.g. "
                        + "http://127.0.0.1:4318/v1/metrics, or off; using the default off",
                "chokepoint: option otlp.interval=often (agent arguments) is not a duration; use e.g. 500ms, 30s, 1m "
                        + "or 1m30s; using the default 30s",
                "chokepoint: option waits.lock-threshold=5 (agent arguments) is not a duration; use e.g. 1ms, 500us, "
                        + "10ms, or 0; using the default 1ms");
        assertThat(options.port()).isEqualTo(19464);
        assertThat(options.otlpEndpoint()).isEmpty();
    }

    @Test
    void argumentWithoutEqualsSignIsReported() {
        AgentOptions options = AgentOptions.parse("19464", Map.of());

        assertThat(options.problems()).singleElement().asString()
                .startsWith("chokepoint: agent argument '19464' is not key=value; write e.g. port=19464");
    }

    @Test
    void unrelatedEnvironmentVariablesAreNotOptions() {
        // The collector CLI reads CHOKEPOINT_* variables of its own; the agent must not complain.
        AgentOptions options = AgentOptions.parse("", Map.of("CHOKEPOINT_TARGET", "http://x"));

        assertThat(options.problems()).isEmpty();
    }

    @Test
    void probesSeeOptionsByName() {
        AgentOptions options = AgentOptions.parse("jdbc.max-queries=5", Map.of());

        assertThat(options.value("jdbc.max-queries", "100")).isEqualTo("5");
        assertThat(options.value("no-such-option", "fallback")).isEqualTo("fallback");
    }

    @Test
    void durationsAreGoAndPrometheusStyle() {
        assertThat(Durations.parse("1m30s")).isEqualTo(Duration.ofSeconds(90));
        assertThat(Durations.parse("500us")).isEqualTo(Duration.ofNanos(500_000));
        assertThat(Durations.parse("1.5h")).isEqualTo(Duration.ofMinutes(90));
        assertThat(Durations.parse("0")).isZero();
        assertThat(Durations.parse("30")).as("a number without a unit").isNull();
        assertThat(Durations.parse("1m 30s")).isNull();
        assertThat(Durations.parse("-1s")).isNull();
    }

    @Test
    void helpNamesTheBuiltVersionAndListsEveryOptionAndOldSpelling() {
        String help = HelpText.render(List.of("jvm", "tomcat"));

        assertThat(help).startsWith("Chokepoint agent " + System.getProperty("chokepoint.expected.version") + "\n");
        assertThat(AgentVersion.version()).isEqualTo(System.getProperty("chokepoint.expected.version"));
        assertThat(help).contains("probes: jvm, tomcat");
        for (Option option : Option.values()) {
            assertThat(help).contains(option.key(), option.envName(), option.defaultValue(), option.description());
        }
        for (OldName old : OldName.values()) {
            assertThat(help).containsPattern("  " + old.key() + " +-> " + old.now().key() + "\n");
        }
    }
}
