package dev.chokepoint.collector.steps;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The step schedule written by a stairs script: {@code step,start_ms,end_ms,offered_rps,hey_csv},
 * one line per step, epoch milliseconds. {@code hey_csv} (optional) is the {@code hey -o csv}
 * output of the step, relative to the schedule file (or its {@code .gz} copy); it gives the step's client statistics.
 * Optional columns {@code workers} (the load tool's concurrency) and {@code engine_cpu_cores}
 * (its own CPU) let the analysis judge whether the load generator could offer the asked rate.
 */
public final class ScheduleFile {


    private ScheduleFile() {
    }

    /** {@code hey}'s file beside the schedule, or its gzipped copy where only that is left (a run folder kept small). */
    private static Path heyFile(Path schedule, String hey) {
        Path plain = schedule.toAbsolutePath().resolveSibling(hey);
        Path gzipped = plain.resolveSibling(plain.getFileName() + ".gz");
        return !Files.exists(plain) && Files.isRegularFile(gzipped) ? gzipped : plain;
    }

    /** The steps with their client statistics (from the hey files). */
    public static List<Step> read(Path file) throws IOException, StepsException {
        List<Step> steps = new ArrayList<>();
        try (CsvRows rows = CsvRows.open(file, CsvFormat.SCHEDULE)) {
            while (rows.next()) {
                Step window = window(rows, steps);
                Step.ClientStats client = null;
                String hey = rows.has("hey_csv") ? rows.text("hey_csv") : "";
                if (!hey.isEmpty()) {
                    Path heyFile = heyFile(file, hey);
                    if (!Files.isRegularFile(heyFile)) {
                        throw rows.error("hey_csv " + heyFile + " does not exist; fix the path (relative to "
                                + "the schedule file) or leave the column empty");
                    }
                    client = heyStats(heyFile, window);
                }
                steps.add(new Step(window.index(), window.startMillis(), window.endMillis(), window.offeredRps(),
                        Step.Source.SCHEDULE, client, engine(rows)));
            }
        }
        if (steps.isEmpty()) {
            throw new StepsException(file, 2, "no steps after the header line");
        }
        return steps;
    }

    /** Only the windows, ignoring the hey files: for live progress while the schedule is still being written. */
    public static List<Step> readWindows(Path file) throws IOException, StepsException {
        List<Step> steps = new ArrayList<>();
        try (CsvRows rows = CsvRows.open(file, CsvFormat.SCHEDULE)) {
            while (rows.next()) {
                steps.add(window(rows, steps));
            }
        }
        return steps;
    }

    private static Step window(CsvRows rows, List<Step> before) throws StepsException {
        long index = rows.longValue("step");
        long start = rows.longValue("start_ms");
        long end = rows.longValue("end_ms");
        double offered = rows.doubleValue("offered_rps");
        if (index < 1) {
            throw rows.error("step must be 1 or more (1-based), got " + index);
        }
        if (end <= start) {
            throw rows.error("end_ms " + end + " is not after start_ms " + start);
        }
        if (offered < 0) {
            throw rows.error("offered_rps must not be negative, got " + offered);
        }
        if (!before.isEmpty() && start < before.get(before.size() - 1).endMillis()) {
            throw rows.error("step " + index + " starts before step " + before.get(before.size() - 1).index()
                    + " ends; steps must be in time order without overlap");
        }
        return new Step((int) index, start, end, offered, Step.Source.SCHEDULE, null);
    }

    /** The optional columns workers and engine_cpu_cores (written by the built-in engine and stairs.sh). */
    private static Step.Engine engine(CsvRows rows) throws StepsException {
        if (!rows.has("workers") || rows.text("workers").isEmpty()) {
            return null;
        }
        long workers = rows.longValue("workers");
        if (workers < 1) {
            throw rows.error("workers must be 1 or more (the load tool's concurrency), got " + workers);
        }
        double cpu = rows.has("engine_cpu_cores") && !rows.text("engine_cpu_cores").isEmpty()
                ? rows.doubleValue("engine_cpu_cores") : Double.NaN;
        return new Step.Engine((int) workers, cpu);
    }

    private static Step.ClientStats heyStats(Path heyFile, Step window) throws IOException, StepsException {
        ClientStatsAccumulator accumulator = new ClientStatsAccumulator();
        new HeyCsvLog(heyFile, window.startMillis()).replay(new RequestObserver() {
            @Override
            public void request(long timeMillis, String stepTag) {
                accumulator.request();
            }

            @Override
            public void latency(long timeMillis, String stepTag, double seconds) {
                accumulator.latency(seconds);
            }

            @Override
            public void outcome(long timeMillis, String stepTag, boolean failed) {
                accumulator.outcome(failed);
            }
        });
        return accumulator.stats(window.durationSeconds());
    }
}
