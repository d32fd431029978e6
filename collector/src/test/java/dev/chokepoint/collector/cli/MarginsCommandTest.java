package dev.chokepoint.collector.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** chokepoint margins as a user runs it on run folders. */
class MarginsCommandTest {

    private final CapturedConsole captured = new CapturedConsole();
    private final Console console = captured.console();

    @Test
    void prints_each_steps_margin_and_the_closest_over_all_runs() throws Exception {
        Path run = Path.of(getClass().getClassLoader().getResource("recorded/slow-query-ci").toURI());

        int code = ChokepointCommand.commandLine(console, Interrupts.NONE).execute("margins", run.toString());

        String text = captured.out();
        assertThat(code).as(captured.err()).isEqualTo(ExitCodes.OK);
        assertThat(text).contains("## slow-query-ci")
                .containsPattern("\\| 3 \\| 45 \\| statement-slowed \\| yes \\| yes \\| \\+\\d+ % \\| `top_query_inflation >= params.min_inflation`")
                .containsPattern("\\| 2 \\| 15 \\| statement-slowed \\| no \\| yes \\| −\\d+ % \\|")
                .contains("## Closest to each threshold, over all runs");
    }

    @Test
    void within_keeps_only_the_rows_near_a_threshold() throws Exception {
        Path run = Path.of(getClass().getClassLoader().getResource("recorded/slow-query-ci").toURI());

        ChokepointCommand.commandLine(console, Interrupts.NONE).execute("margins", "--within", "15", run.toString());

        String steps = captured.out().split("## Closest")[0];
        assertThat(steps).contains("statement-slowed | yes").doesNotContain("−100 %");
    }

    @Test
    void a_folder_that_is_not_a_run_is_named_with_the_problem(@TempDir Path empty) {
        int code = ChokepointCommand.commandLine(console, Interrupts.NONE).execute("margins", empty.toString());

        assertThat(code).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(captured.err()).contains("cannot read the run folder " + empty);
    }
}
