package dev.chokepoint.collector.cli;

import dev.chokepoint.collector.Main;
import org.junit.jupiter.api.Test;

import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code --version} says what Maven built; {@code completion} prints picocli's script for the commands as they are. */
class VersionAndCompletionTest {

    private final CapturedConsole captured = new CapturedConsole();

    @Test
    void versionIsTheBuildsNotAWrittenOne() {
        String built = System.getProperty("chokepoint.expected.version");

        assertThat(Main.execute(captured.console(), "--version")).isZero();
        assertThat(Main.execute(captured.console(), "run", "--version")).isZero();

        assertThat(built).as("set by the collector's pom for this test").isNotBlank();
        assertThat(BuildVersion.version()).isEqualTo(built);
        assertThat(captured.out().lines().filter(l -> l.equals("chokepoint " + built))).hasSize(2);
        assertThat(captured.out()).contains("Java " + Runtime.version());
    }

    @Test
    void completionScriptKnowsEveryCommandAndTheNewOptionNamesOnly() {
        assertThat(Main.execute(captured.console(), "completion", "bash")).isZero();
        String script = captured.out();

        assertThat(script).contains("complete -F _complete_chokepoint", "bashcompinit");
        assertThat(script).contains("run", "search", "record", "analyze", "check", "margins", "compare", "completion");
        assertThat(script).contains("--step-duration", "--steps-file", "--probe-duration", "--slo", "--rules");
        for (String old : RenamedOptions.NEW_NAMES.keySet()) {
            assertThat(script).as(old).doesNotContainPattern("(?<![\\w-])" + Pattern.quote(old) + "(?![\\w-])");
        }
    }

    @Test
    void zshGetsTheSameScriptAndOtherShellsAClearRefusal() {
        Main.execute(captured.console(), "completion", "bash");
        String bash = captured.out();
        CapturedConsole zsh = new CapturedConsole();

        assertThat(Main.execute(zsh.console(), "completion", "zsh")).isZero();
        assertThat(Main.execute(captured.console(), "completion", "fish")).isEqualTo(ExitCodes.BAD_INPUT);

        assertThat(zsh.out()).isEqualTo(bash);
        assertThat(captured.err()).contains("completion for 'fish' is not generated; use bash or zsh");
    }
}
