package dev.chokepoint.agent.bootstrap;

import dev.chokepoint.agent.options.AgentOptions;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

class AgentProbeContextTest {

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final AgentProbeContext context = new AgentProbeContext(new SimpleMeterRegistry(),
            AgentOptions.parse("request.max-uris=3", java.util.Map.of()), new PrintStream(err, true, StandardCharsets.UTF_8));

    @Test
    void aFailedProbeIsReportedOnceAndSwitchedOff() {
        context.couldNotInstrument("tomcat", "org.apache.catalina.core.StandardHostValve", "IllegalStateException no invoke");
        context.couldNotInstrument("tomcat", "org.apache.catalina.connector.CoyoteAdapter", "another");
        context.failed("tomcat", "again");

        assertThat(stderrLines()).containsExactly("chokepoint: probe tomcat could not instrument "
                + "org.apache.catalina.core.StandardHostValve: IllegalStateException no invoke; probe off, the application runs on");
        assertThat(context.isOn("tomcat")).isFalse();
    }

    @Test
    void otherProbesStayOn() {
        context.failed("hikari", "could not install: NoSuchMethodError x");

        assertThat(context.isOn("hikari")).isFalse();
        assertThat(context.isOn("tomcat")).isTrue();
        assertThat(stderrLines()).containsExactly("chokepoint: probe hikari off: could not install: NoSuchMethodError x");
    }

    @Test
    void unattributedErrorsAreReportedOncePerClassAndBounded() {
        for (int i = 0; i < 50; i++) {
            context.couldNotInstrument("com.example.Broken" + i, "VerifyError");
            context.couldNotInstrument("com.example.Broken" + i, "VerifyError");
        }

        assertThat(stderrLines()).hasSize(20).first().isEqualTo(
                "chokepoint: could not instrument com.example.Broken0: VerifyError; class left unchanged");
    }

    @Test
    void optionsReachProbesByName() {
        assertThat(context.option("request.max-uris", "100")).isEqualTo("3");
        assertThat(context.option("unknown", "x")).isEqualTo("x");
    }

    private java.util.List<String> stderrLines() {
        return err.toString(StandardCharsets.UTF_8).lines().collect(java.util.stream.Collectors.toList());
    }
}
