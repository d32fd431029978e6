package dev.chokepoint.collector.analysis;

import dev.chokepoint.collector.report.Report;
import dev.chokepoint.collector.steps.Step;
import dev.chokepoint.collector.store.RunData;

import java.nio.file.Path;
import java.util.List;

/** From a recorded run and its steps to the verdicts and the report files. */
public final class Analysis {

    private Analysis() {
    }

    public static AnalysisResult run(RunData run, List<Step> steps, AnalysisOptions options, Path outDir)
            throws AnalysisException {
        // Seam only: the signal catalog, rules and verdicts land in the following commits.
        String headline = "Analysis not implemented yet (" + steps.size() + " steps)";
        return new AnalysisResult(headline, true, List.of(), new Report(headline));
    }
}
