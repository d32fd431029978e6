package dev.chokepoint.collector.cli;

import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "completion", sortOptions = false, usageHelpAutoWidth = true, mixinStandardHelpOptions = true,
        description = {"Prints the shell completion script of the commands and options (bash, zsh): "
                + "source <(chokepoint completion bash)",
            "Load it in the current shell, or in every new one from ~/.bashrc or ~/.zshrc (picocli's AutoComplete):",
            "  source <(chokepoint completion bash)",
            "  source <(chokepoint completion zsh)",
            "or install it once: chokepoint completion bash > /etc/bash_completion.d/chokepoint"})
public final class CompletionCommand implements Callable<Integer> {

    static final List<String> SHELLS = List.of("bash", "zsh");

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SHELL", defaultValue = "bash", completionCandidates = Shells.class,
            description = "bash or zsh (default: ${DEFAULT-VALUE}); zsh reads the same script through bashcompinit.")
    String shell;

    private final Console console;

    CompletionCommand(Console console) {
        this.console = console;
    }

    @Override
    public Integer call() {
        if (!SHELLS.contains(shell)) {
            console.err().println("chokepoint: completion for '" + shell + "' is not generated; use bash or zsh");
            return ExitCodes.BAD_INPUT;
        }
        console.out().print(AutoComplete.bash("chokepoint", spec.root().commandLine()));
        console.out().flush();
        return ExitCodes.OK;
    }

    static final class Shells implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return SHELLS.iterator();
        }
    }
}
