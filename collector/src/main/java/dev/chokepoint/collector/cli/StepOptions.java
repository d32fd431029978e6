package dev.chokepoint.collector.cli;

import dev.chokepoint.collector.steps.StepSource;
import picocli.CommandLine.Option;

import java.nio.file.Path;

/** Where the steps come from: at most one of these; none = detected from the server's request rate. */
public final class StepOptions {

    @Option(names = "--steps-file", paramLabel = "FILE",
            description = "Step schedule CSV: step,start_ms,end_ms,offered_rps,hey_csv (as written by the "
                    + "examples' stairs script).")
    Path schedule;

    /** The old name of {@code --steps-file} (see {@link RenamedOptions}). */
    @Option(names = "--steps", paramLabel = "FILE", hidden = true)
    void oldSchedule(Path file) {
        schedule = file;
    }

    @Option(names = "--k6-json", paramLabel = "FILE",
            description = "k6 output of `k6 run --out json=FILE`: steps by the step (or stage) tag, else by "
                    + "plateaus of the request rate; client p95/p99/errors from it.")
    Path k6;

    @Option(names = "--jtl", paramLabel = "FILE",
            description = "JMeter results CSV (JTL with header): steps by plateaus of the request rate; client "
                    + "p95/p99/errors from it.")
    Path jtl;

    /** Null when no option was given. */
    static StepSource sourceOf(StepOptions options) {
        if (options == null) {
            return StepSource.detected();
        }
        if (options.schedule != null) {
            return new StepSource(StepSource.Kind.SCHEDULE, options.schedule);
        }
        if (options.k6 != null) {
            return new StepSource(StepSource.Kind.K6, options.k6);
        }
        if (options.jtl != null) {
            return new StepSource(StepSource.Kind.JMETER, options.jtl);
        }
        return StepSource.detected();
    }
}
