package dev.chokepoint.agent.bootstrap;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ProbeSelectionTest {

    private static final List<String> KNOWN = List.of("jvm", "process", "tomcat", "hikari");

    private final List<String> problems = new ArrayList<>();

    @Test
    void allRunsEveryProbe() {
        ProbeSelection selection = ProbeSelection.parse("all", KNOWN, problems);

        assertThat(KNOWN).allMatch(selection::runs);
        assertThat(problems).isEmpty();
    }

    @Test
    void exclusionsLeaveTheRest() {
        ProbeSelection selection = ProbeSelection.parse("-hikari:-jvm", KNOWN, problems);

        assertThat(selection.runs("tomcat")).isTrue();
        assertThat(selection.runs("process")).isTrue();
        assertThat(selection.runs("hikari")).isFalse();
        assertThat(selection.runs("jvm")).isFalse();
    }

    @Test
    void aListRunsOnlyThoseProbes() {
        ProbeSelection selection = ProbeSelection.parse("tomcat:hikari", KNOWN, problems);

        assertThat(selection.runs("tomcat")).isTrue();
        assertThat(selection.runs("hikari")).isTrue();
        assertThat(selection.runs("jvm")).isFalse();
    }

    @Test
    void unknownProbeIsReportedWithTheKnownOnesAndIgnored() {
        ProbeSelection selection = ProbeSelection.parse("-hikary", KNOWN, problems);

        assertThat(problems).containsExactly(
                "chokepoint: option probes names unknown probe 'hikary', ignored; known probes: jvm, process, tomcat, hikari");
        assertThat(KNOWN).allMatch(selection::runs);
    }
}
