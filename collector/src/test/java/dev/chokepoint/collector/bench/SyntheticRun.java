package dev.chokepoint.collector.bench;

import dev.chokepoint.collector.store.RunMetadata;
import dev.chokepoint.collector.store.RunReader;
import dev.chokepoint.collector.store.RunWriter;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Writes a synthetic fleet run folder in the real format (through {@link RunWriter}, as the
 * recorder does): {@code targets} agents of {@code series} series each ({@link FleetTarget}),
 * scraped every second, ten stairs of offered load with the pool saturating past the fifth, and
 * their schedule ({@code steps.csv}, as a stairs script writes it). The
 * same arguments write the same files. For measuring {@code chokepoint analyze} at fleet scale
 * (docs/collector-scale.md):
 * <pre>
 *   mvn -B -ntp -pl rules,collector -am package -DskipTests
 *   java -cp collector/target/chokepoint.jar:collector/target/test-classes \
 *       dev.chokepoint.collector.bench.SyntheticRun DIR TARGETS SERIES [SECONDS] [SEED] [STAGGER_MS]
 *   collector/bin/chokepoint analyze DIR
 * </pre>
 * {@code STAGGER_MS} (default 1): how far apart the targets of one round are stamped, as a
 * recorder's loop of sends stamps them; 0 stamps a round's targets in the same millisecond.
 */
public final class SyntheticRun {

    /** The first scrape's time: fixed, so the files do not depend on when they were written. */
    static final long START_MILLIS = 1_764_450_000_000L;

    private SyntheticRun() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 3) {
            System.err.println("usage: SyntheticRun DIR TARGETS SERIES [SECONDS] [SEED] [STAGGER_MS]");
            System.exit(2);
        }
        Path dir = Path.of(args[0]);
        int targets = Integer.parseInt(args[1]);
        int series = Integer.parseInt(args[2]);
        int seconds = args.length > 3 ? Integer.parseInt(args[3]) : 3600;
        long seed = args.length > 4 ? Long.parseLong(args[4]) : 1;
        int stagger = args.length > 5 ? Integer.parseInt(args[5]) : 1;
        write(dir, targets, series, seconds, seed, stagger);
        System.out.printf(Locale.ROOT, "wrote %s: %d s × %d targets × %d series%n", dir, seconds, targets, series);
    }

    /** Writes the run folder {@code dir} (which must not hold a run yet). */
    static void write(Path dir, int targetCount, int seriesPerTarget, int seconds, long seed, int staggerMillis)
            throws IOException {
        List<String> targets = new ArrayList<>();
        for (int t = 0; t < targetCount; t++) {
            targets.add("http://10.0.0." + (t + 1) + ":8080/actuator/prometheus");
        }
        int stepSeconds = Math.max(1, seconds / 10);
        Path schedule = dir.toAbsolutePath().resolve("steps.csv");
        try (RunWriter writer = RunWriter.create(dir, RunMetadata.started(targets, START_MILLIS, 1000,
                List.of("synthetic", "targets=" + targetCount, "series=" + seriesPerTarget, "seed=" + seed),
                "--steps-file", schedule.toString()))) {
            writeSchedule(schedule, seconds / stepSeconds, stepSeconds);
            List<FleetTarget> fleet = new ArrayList<>();
            int[][] ids = new int[targetCount][];
            for (int t = 0; t < targetCount; t++) {
                FleetTarget target = new FleetTarget(targets.get(t), t, seriesPerTarget, seed);
                fleet.add(target);
                ids[t] = new int[target.keys().size()];
                for (int s = 0; s < ids[t].length; s++) {
                    ids[t][s] = writer.seriesId(target.keys().get(s), t);
                }
            }
            for (int second = 0; second < seconds; second++) {
                for (int t = 0; t < targetCount; t++) {
                    writer.writeScrape(t, START_MILLIS + second * 1000L + (long) t * staggerMillis, ids[t], fleet.get(t).next(second, stepSeconds));
                }
                writer.flush();
            }
            writer.finish(RunReader.readMetadata(dir).ended(START_MILLIS + seconds * 1000L, 0, false));
        }
    }

    /**
     * The load tool's schedule, as a stairs script writes it: the measurement is of the series
     * store and the signals, and a run whose steps are known is what a load test gives.
     */
    private static void writeSchedule(Path file, int steps, int stepSeconds) throws IOException {
        StringBuilder csv = new StringBuilder("step,start_ms,end_ms,offered_rps,hey_csv\n");
        for (int i = 0; i < steps; i++) {
            long start = START_MILLIS + i * stepSeconds * 1000L;
            csv.append(i + 1).append(',').append(start).append(',').append(start + (stepSeconds - 1) * 1000L).append(',')
                    .append(FleetTarget.offered(i * stepSeconds, stepSeconds)).append(",\n");
        }
        Files.writeString(file, csv);
    }
}
