package dev.chokepoint.collector.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

@Command(name = "chokepoint", mixinStandardHelpOptions = true, versionProvider = BuildVersion.class,
        usageHelpAutoWidth = true,
        description = {"Which resource saturated first at each step of a load test, and why.",
            "Records the agent's (or Actuator's) metrics during a stepped load test, finds the steps, applies "
                    + "the rules and writes the report (report.md, report.json, report.html)."})
public final class ChokepointCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    /** The command line with every subcommand; {@code interrupts} is how Ctrl-C reaches them. */
    public static CommandLine commandLine(Console console, Interrupts interrupts) {
        CommandLine commandLine = new CommandLine(new ChokepointCommand())
                .addSubcommand(new CommandLine(new RunCommand(console, interrupts)).setStopAtPositional(true))
                .addSubcommand(new SearchCommand(console, interrupts))
                .addSubcommand(new RecordCommand(console, interrupts))
                .addSubcommand(new AnalyzeCommand(console))
                .addSubcommand(new CheckCommand(console))
                .addSubcommand(new MarginsCommand(console))
                .addSubcommand(new CompareCommand(console))
                .addSubcommand(new CompletionCommand(console));
        commandLine.setOut(new PrintWriter(console.out(), true));
        commandLine.setErr(new PrintWriter(console.err(), true));
        commandLine.setExecutionStrategy(RenamedOptions.warningFirst(commandLine.getErr()));
        // Bad usage keeps picocli's exit code 2; an exception escaping a command is a bug.
        commandLine.setExecutionExceptionHandler((error, failed, parsed) -> {
            failed.getErr().println("chokepoint: internal error, please report:");
            error.printStackTrace(failed.getErr());
            return ExitCodes.INTERNAL_ERROR;
        });
        commandLine.getCommandSpec().usageMessage().footer(ExitCodes.HELP);
        for (CommandLine sub : commandLine.getSubcommands().values()) {
            sub.getCommandSpec().versionProvider(new BuildVersion());
            String[] own = sub.getCommandSpec().usageMessage().footer();
            String[] footer = new String[own.length + ExitCodes.HELP.length];
            System.arraycopy(own, 0, footer, 0, own.length);
            System.arraycopy(ExitCodes.HELP, 0, footer, own.length, ExitCodes.HELP.length);
            sub.getCommandSpec().usageMessage().footer(footer);
        }
        return commandLine;
    }

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return ExitCodes.BAD_INPUT;
    }
}
