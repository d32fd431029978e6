package dev.chokepoint.collector.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.chokepoint.collector.check.Expectation;
import dev.chokepoint.collector.check.ExpectationCheck;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

@Command(name = "check", sortOptions = false, usageHelpAutoWidth = true, mixinStandardHelpOptions = true,
        description = {"Checks a run's report against an expected verdict (for CI: a scenario that must keep "
                + "naming its bottleneck). Prints one line, expected|reported|step|onset|verdict; exits 0 on "
                + "pass, 1 on a mismatch, 2 on bad input."})
public final class CheckCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "RUN", description = "Run folder holding report.json, or a report.json.")
    Path run;

    @Option(names = "--expect", required = true, paramLabel = "FILE",
            description = "YAML with an expect: block: resource, step, rule, tolerance (default 1), none-steps, "
                    + "target-dies (an examples/scenarios file works as it is).")
    Path expect;

    private final Console console;

    CheckCommand(Console console) {
        this.console = console;
    }

    @Override
    public Integer call() {
        Path report = Files.isDirectory(run) ? run.resolve("report.json") : run;
        Expectation want;
        JsonNode json;
        try {
            want = Expectation.parse(Files.readString(expect));
        } catch (IOException | RuntimeException e) {
            console.err().println("chokepoint: --expect " + expect + ": " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        try {
            json = new ObjectMapper().readTree(report.toFile());
        } catch (IOException e) {
            console.err().println("chokepoint: cannot read " + report + " (" + e.getMessage()
                    + "); give a run folder with report.json (chokepoint analyze writes it)");
            return ExitCodes.BAD_INPUT;
        }
        ExpectationCheck.Result r = ExpectationCheck.check(want, json);
        console.out().println(r.row());
        return r.passed() ? ExitCodes.OK : ExitCodes.NOT_AS_EXPECTED;
    }
}
