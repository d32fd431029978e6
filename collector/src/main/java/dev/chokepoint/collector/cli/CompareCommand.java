package dev.chokepoint.collector.cli;

import dev.chokepoint.collector.compare.CompareBuilder;
import dev.chokepoint.collector.compare.CompareException;
import dev.chokepoint.collector.compare.CompareModel;
import dev.chokepoint.collector.compare.ReportReader;
import dev.chokepoint.collector.compare.Thresholds;
import dev.chokepoint.collector.report.CompareFormat;
import dev.chokepoint.collector.report.model.ReportModel;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

@Command(name = "compare", sortOptions = false, usageHelpAutoWidth = true, mixinStandardHelpOptions = true,
        description = {"Compares two runs (before and after a change): capacity, which resource limits, steps side by "
                + "side, per-request costs per route and statement, resource demands, and the base run's "
                + "next-bottleneck prediction against the new run. Writes compare.md, compare.json and compare.html; "
                + "prints the headline. Changes inside the runs' own step-to-step spread are marked noise."})
public final class CompareCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "BASE", description = "The earlier run: a run folder holding report.json, or a report.json.")
    Path base;

    @Parameters(index = "1", paramLabel = "NEW", description = "The run after the change: a run folder or a report.json.")
    Path now;

    @Option(names = "--out", paramLabel = "DIR", description = "Folder for compare.md|json|html (default: NEW's folder).")
    Path out;

    @Option(names = "--fail-on-regression", description = "Exit 1 when capacity within the SLO drops, or CPU or database "
            + "time per request rises, beyond the runs' noise and the thresholds below. Capacity and database time are "
            + "not judged (shown with the reason) when either run's host CPU was saturated (90 %% or more busy), nor CPU "
            + "per request there unless the requests mostly compute (CPU half or more of their own time).")
    boolean failOnRegression;

    @Option(names = "--max-capacity-drop", paramLabel = "SHARE", defaultValue = "0.10",
            description = "Capacity drop tolerated (default ${DEFAULT-VALUE} = 10 %%).")
    double capacityDrop;

    @Option(names = "--max-cpu-rise", paramLabel = "SHARE", defaultValue = "0.10",
            description = "CPU per request rise tolerated (default ${DEFAULT-VALUE}).")
    double cpuRise;

    @Option(names = "--max-db-rise", paramLabel = "SHARE", defaultValue = "0.10",
            description = "Database (JDBC) time per request rise tolerated (default ${DEFAULT-VALUE}).")
    double databaseRise;

    @Option(names = "--noise-floor", paramLabel = "SHARE", defaultValue = "0.05",
            description = "Least noise assumed when a run shows little step-to-step spread (default ${DEFAULT-VALUE}).")
    double noiseFloor;

    private final Console console;

    CompareCommand(Console console) {
        this.console = console;
    }

    @Override
    public Integer call() {
        Thresholds thresholds;
        ReportModel b;
        ReportModel n;
        try {
            thresholds = new Thresholds(capacityDrop, cpuRise, databaseRise, noiseFloor);
        } catch (IllegalArgumentException e) {
            console.err().println("chokepoint compare: " + e.getMessage() + " (--max-capacity-drop, --max-cpu-rise, "
                    + "--max-db-rise, --noise-floor)");
            return ExitCodes.BAD_INPUT;
        }
        try {
            b = ReportReader.read(base);
            n = ReportReader.read(now);
        } catch (CompareException e) {
            console.err().println("chokepoint compare: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        CompareModel model = CompareBuilder.of(b, base.toString(), n, now.toString(), thresholds);
        Path dir = out != null ? out : Files.isDirectory(now) ? now : now.toAbsolutePath().getParent();
        try {
            Files.createDirectories(dir);
            for (CompareFormat f : CompareFormat.values()) {
                try (OutputStream o = Files.newOutputStream(dir.resolve(f.fileName()))) {
                    f.write(model, o);
                }
            }
        } catch (IOException e) {
            console.err().println("chokepoint compare: cannot write to " + dir + " (" + e.getMessage() + "); give --out DIR");
            return ExitCodes.BAD_INPUT;
        }
        console.out().println(model.headline());
        console.out().println("  " + dir.resolve(CompareFormat.MD.fileName()));
        return failOnRegression && !model.gate().regressions().isEmpty() ? ExitCodes.REGRESSION : ExitCodes.OK;
    }
}
