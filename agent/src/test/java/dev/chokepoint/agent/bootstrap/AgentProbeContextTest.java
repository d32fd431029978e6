package dev.chokepoint.agent.bootstrap;

import dev.chokepoint.agent.options.AgentOptions;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

class AgentProbeContextTest {

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final AgentProbeContext context = new AgentProbeContext(new SimpleMeterRegistry(),
            AgentOptions.parse("max-uris=3", java.util.Map.of()), new PrintStream(err, true, StandardCharsets.UTF_8));

    @Test
    void aFailedProbeIsReportedOnceSwitchedOffAndItsTransformerRemovedOnce() {
        AtomicInteger removals = new AtomicInteger();
        context.onSwitchOff("tomcat", removals::incrementAndGet);

        context.couldNotInstrument("tomcat", "org.apache.catalina.core.StandardHostValve", "IllegalStateException no invoke");
        context.couldNotInstrument("tomcat", "org.apache.catalina.connector.CoyoteAdapter", "another");
        context.failed("tomcat", "again");

        assertThat(stderrLines()).containsExactly("chokepoint: probe tomcat could not instrument "
                + "org.apache.catalina.core.StandardHostValve: IllegalStateException no invoke; probe off, the application runs on");
        assertThat(context.isOn("tomcat")).isFalse();
        assertThat(removals).hasValue(1);
    }

    @Test
    void otherProbesStayOn() {
        context.failed("hikari", "could not install: NoSuchMethodError x");

        assertThat(context.isOn("hikari")).isFalse();
        assertThat(context.isOn("tomcat")).isTrue();
        assertThat(stderrLines()).containsExactly("chokepoint: probe hikari off: could not install: NoSuchMethodError x");
    }

    @Test
    void aTransformerInstalledAfterTheFailureIsRemovedAtOnce() {
        AtomicInteger removals = new AtomicInteger();
        context.failed("jdbc", "broken");

        context.onSwitchOff("jdbc", removals::incrementAndGet);

        assertThat(removals).hasValue(1);
    }

    @Test
    void aFailingRemovalIsReportedNotThrown() {
        context.onSwitchOff("request", () -> {
            throw new IllegalStateException("cannot remove");
        });

        context.failed("request", "broken");

        assertThat(stderrLines()).containsExactly("chokepoint: probe request off: broken",
                "chokepoint: probe request could not remove its transformer: java.lang.IllegalStateException: cannot remove");
    }

    @Test
    void optionsReachProbesByName() {
        assertThat(context.option("max-uris", "100")).isEqualTo("3");
        assertThat(context.option("unknown", "x")).isEqualTo("x");
    }

    private java.util.List<String> stderrLines() {
        return err.toString(StandardCharsets.UTF_8).lines().collect(java.util.stream.Collectors.toList());
    }
}
