package dev.chokepoint.collector.cli;

import dev.chokepoint.collector.Main;
import dev.chokepoint.collector.steps.StepSource;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Renamed options: the old names keep working in scripts, hidden, each saying its new name once. */
class RenamedOptionsTest {

    private final CapturedConsole captured = new CapturedConsole();

    @Test
    void everyOldNameSetsWhatItsNewNameSets() {
        RunCommand stairs = run("--url", "http://127.0.0.1:9/x", "--stairs", "10", "--step", "1m30s");
        RunCommand schedule = run("--steps", "steps.csv", "--prometheus-step", "15s", "--", "true");
        SearchCommand search = (SearchCommand) parse("search", "--target", "http://127.0.0.1:9/metrics", "--out", "d",
                "--url", "http://127.0.0.1:9/x", "--probe", "20s", "--start", "25").subcommand().commandSpec().userObject();

        assertThat(stairs.step).isEqualTo(Duration.ofSeconds(90));
        assertThat(StepOptions.sourceOf(schedule.steps)).isEqualTo(new StepSource(StepSource.Kind.SCHEDULE, Path.of("steps.csv")));
        assertThat(schedule.prometheus.step).isEqualTo(Duration.ofSeconds(15));
        assertThat(search.probe).isEqualTo(Duration.ofSeconds(20));
        assertThat(search.start).isEqualTo(25);
    }

    @Test
    void theNewNamesKeepTheDefaultsTheOldOnesHad() {
        SearchCommand search = (SearchCommand) parse("search", "--target", "http://127.0.0.1:9/metrics", "--out", "d",
                "--url", "http://127.0.0.1:9/x").subcommand().commandSpec().userObject();
        RunCommand run = run("--", "true");

        assertThat(search.probe).isEqualTo(Duration.ofSeconds(15));
        assertThat(search.start).isEqualTo(10);
        assertThat(run.prometheus.step).isEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void eachOldNameUsedSaysItsNewNameOnOneLine() {
        CommandLine.ParseResult parsed = parse("run", "--target", "http://127.0.0.1:9/metrics", "--out", "d",
                "--steps", "s.csv", "--prometheus-step", "2s", "--", "true");
        StringWriter lines = new StringWriter();

        RenamedOptions.warn(parsed, new PrintWriter(lines));

        assertThat(lines.toString().lines()).containsExactly(
                "chokepoint: --steps is now --steps-file (the old name still works; please update the command)",
                "chokepoint: --prometheus-step is now --prometheus-interval (the old name still works; please update the command)");
    }

    @Test
    void aCommandGivenAnOldNameRunsAndSaysSo() {
        int code = Main.execute(captured.console(), "run", "--target", "http://127.0.0.1:9/metrics", "--out", "d",
                "--url", "http://127.0.0.1:9/x", "--stairs", "10", "--step", "500ms");

        assertThat(code).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(captured.err()).contains("chokepoint: --step is now --step-duration")
                .contains("--step-duration 500ms is too short; use 1s or more");
    }

    @Test
    void everyRenamedOptionHasItsNewNameVisibleAndItsOldNameHiddenInTheSameCommand() {
        CommandLine root = ChokepointCommand.commandLine(captured.console(), Interrupts.NONE);
        List<String> found = new ArrayList<>();
        for (Map.Entry<String, String> renamed : RenamedOptions.NEW_NAMES.entrySet()) {
            for (CommandLine sub : root.getSubcommands().values()) {
                OptionSpec old = sub.getCommandSpec().findOption(renamed.getKey());
                if (old != null) {
                    OptionSpec now = sub.getCommandSpec().findOption(renamed.getValue());
                    assertThat(old.hidden()).as(sub.getCommandName() + " " + renamed.getKey()).isTrue();
                    assertThat(now).as(sub.getCommandName() + " " + renamed.getValue()).isNotNull();
                    assertThat(now.hidden()).isFalse();
                    assertThat(old.typeInfo().getType()).isEqualTo(now.typeInfo().getType());
                    found.add(renamed.getKey());
                }
            }
        }
        assertThat(found).containsAll(RenamedOptions.NEW_NAMES.keySet());
    }

    @Test
    void helpShowsOnlyTheNewNames() {
        for (String command : List.of("run", "search", "analyze")) {
            Main.execute(captured.console(), command, "--help");
        }

        for (String old : RenamedOptions.NEW_NAMES.keySet()) {
            assertThat(captured.out()).as(old).doesNotContainPattern(java.util.regex.Pattern.quote(old) + "[ =,]");
        }
        assertThat(captured.out()).contains("--step-duration", "--steps-file", "--probe-duration", "--start-rate",
                "--prometheus-interval");
    }

    private RunCommand run(String... args) {
        String[] all = new String[args.length + 5];
        System.arraycopy(new String[] {"run", "--target", "http://127.0.0.1:9/metrics", "--out", "d"}, 0, all, 0, 5);
        System.arraycopy(args, 0, all, 5, args.length);
        return (RunCommand) parse(all).subcommand().commandSpec().userObject();
    }

    private CommandLine.ParseResult parse(String... args) {
        return ChokepointCommand.commandLine(captured.console(), Interrupts.NONE).parseArgs(args);
    }
}
