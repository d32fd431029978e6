package dev.chokepoint.collector.cli;

import dev.chokepoint.collector.analysis.Analysis;
import dev.chokepoint.collector.analysis.AnalysisException;
import dev.chokepoint.collector.analysis.AnalysisOptions;
import dev.chokepoint.collector.steps.StepSource;
import dev.chokepoint.collector.steps.StepsException;
import dev.chokepoint.collector.store.RunData;
import dev.chokepoint.collector.store.RunMetadata;
import dev.chokepoint.collector.signals.SignalCatalog;
import dev.chokepoint.collector.store.RunReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "margins", sortOptions = false, usageHelpAutoWidth = true, mixinStandardHelpOptions = true,
        description = {"Prints, for each recorded run, how far each rule's deciding signal sat from its threshold "
                + "at every step, where the rule fired and where it did not, then the closest margin of each "
                + "threshold over all the runs (Markdown). A threshold a few per cent from a run it was tuned on "
                + "flips with the next run's noise."})
public final class MarginsCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "RUN_DIR", description = "Run folders written by `run` or `record`.")
    List<Path> runs;

    @Option(names = "--rules", paramLabel = "FILE", converter = RulesFileConverter.class,
            description = "Rule file adding rules or overriding default ones by id; repeat the option for several files.")
    List<Path> rules = new ArrayList<>();

    @Option(names = "--within", paramLabel = "PERCENT", defaultValue = "1000000",
            description = "Print only the step rows whose margin is within this many per cent (e.g. 15).")
    double withinPercent;

    private final Console console;

    MarginsCommand(Console console) {
        this.console = console;
    }

    @Override
    public Integer call() {
        AnalysisOptions options = new AnalysisOptions(List.copyOf(rules), AnalysisOptions.DEFAULT_SLO, java.util.Set.of());
        List<MarginTable.Run> tables = new ArrayList<>();
        for (Path dir : runs) {
            try {
                RunData run = RunReader.read(dir, SignalCatalog.maximaRead());
                RunMetadata metadata = RunReader.readMetadata(dir);
                StepSource source = StepSource.recordedWith(dir, metadata.stepsOption(), metadata.stepsFile());
                tables.add(new MarginTable.Run(dir.getFileName().toString(),
                        Analysis.margins(run, source.steps(run), options)));
            } catch (IOException | StepsException e) {
                console.err().println("chokepoint: cannot read the run folder " + dir + ": " + e.getMessage());
                return ExitCodes.BAD_INPUT;
            } catch (AnalysisException e) {
                console.err().println("chokepoint: " + e.getMessage());
                return ExitCodes.BAD_INPUT;
            }
        }
        MarginTable.print(tables, withinPercent / 100, console.out());
        return ExitCodes.OK;
    }
}
