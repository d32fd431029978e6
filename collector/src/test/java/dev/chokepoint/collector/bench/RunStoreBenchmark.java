package dev.chokepoint.collector.bench;

import dev.chokepoint.collector.analysis.Analysis;
import dev.chokepoint.collector.analysis.AnalysisOptions;
import dev.chokepoint.collector.analysis.AnalysisResult;
import dev.chokepoint.collector.scrape.ExpositionFormat;
import dev.chokepoint.collector.scrape.ExpositionParser;
import dev.chokepoint.collector.steps.PlateauDetector;
import dev.chokepoint.collector.steps.ServerRateSteps;
import dev.chokepoint.collector.steps.Step;
import dev.chokepoint.collector.store.RunData;
import dev.chokepoint.collector.store.RunMetadata;
import dev.chokepoint.collector.store.RunReader;
import dev.chokepoint.collector.store.RunWriter;
import dev.chokepoint.collector.store.SeriesKey;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Not a test: the cost of a one-hour, 1 s, 20-target, 500-series run (36 M samples). Writes it
 * through {@link RunWriter} as the recorder would, reads it back, detects the steps and runs the
 * analysis; prints bytes on disk, times and heap. Also the parse cost of one 500-series scrape.
 * <pre>
 *   mvn -B -pl collector -am package -DskipTests
 *   java -Xmx3g -cp collector/target/chokepoint.jar:collector/target/test-classes \
 *       dev.chokepoint.collector.bench.RunStoreBenchmark [DIR] [SECONDS] [TARGETS]
 * </pre>
 */
public final class RunStoreBenchmark {

    private RunStoreBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = args.length > 0 ? Path.of(args[0]) : Files.createTempDirectory("chokepoint-bench");
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 3600;
        int targetCount = args.length > 2 ? Integer.parseInt(args[2]) : 20;
        long t0 = 1_764_450_000_000L;
        List<String> targets = new ArrayList<>();
        for (int t = 0; t < targetCount; t++) {
            targets.add("http://10.0.0." + (t + 1) + ":9464/metrics");
        }
        System.out.printf(Locale.ROOT, "run: %d s × %d targets × %d series = %,d samples into %s%n", seconds,
                targetCount, SyntheticTarget.SERIES, (long) seconds * targetCount * SyntheticTarget.SERIES, dir);

        parseCost();

        resetPeaks();
        long start = System.nanoTime();
        RunWriter writer = RunWriter.create(dir, RunMetadata.started(targets, t0, 1000, List.of("bench"), null, null));
        List<SyntheticTarget> synthetic = new ArrayList<>();
        int[][] ids = new int[targetCount][];
        for (int t = 0; t < targetCount; t++) {
            SyntheticTarget target = new SyntheticTarget(targets.get(t), t);
            synthetic.add(target);
            ids[t] = new int[SyntheticTarget.SERIES];
            for (int s = 0; s < SyntheticTarget.SERIES; s++) {
                SeriesKey key = target.keys().get(s);
                ids[t][s] = writer.seriesId(key, t);
            }
        }
        for (int second = 0; second < seconds; second++) {
            for (int t = 0; t < targetCount; t++) {
                writer.writeScrape(t, t0 + second * 1000L, ids[t], synthetic.get(t).next(second));
            }
            writer.flush();
        }
        writer.finish(RunReader.readMetadata(dir).ended(t0 + seconds * 1000L, 0, false));
        report("write", start, dir);

        resetPeaks();
        start = System.nanoTime();
        RunData run = RunReader.read(dir);
        report("read", start, null);
        System.gc();
        System.out.printf(Locale.ROOT, "  heap holding the RunData after GC: %,d MB%n", usedHeap() >> 20);

        resetPeaks();
        start = System.nanoTime();
        List<Step> steps = ServerRateSteps.detect(run, PlateauDetector.defaults());
        report("detect steps (" + steps.size() + ")", start, null);

        resetPeaks();
        start = System.nanoTime();
        AnalysisResult result = Analysis.run(run, steps, AnalysisOptions.defaults(), dir);
        report("analyze", start, null);
        System.out.println("  headline: " + result.headline());
    }

    /** What one scrape costs the collector: parsing a 500-series body (text format). */
    private static void parseCost() throws Exception {
        SyntheticTarget target = new SyntheticTarget("t", 1);
        double[] values = target.next(0);
        StringBuilder body = new StringBuilder();
        for (int s = 0; s < SyntheticTarget.SERIES; s++) {
            SeriesKey key = target.keys().get(s);
            body.append(key.name());
            if (!key.labels().isEmpty()) {
                body.append('{');
                key.labels().forEach((k, v) -> body.append(k).append("=\"").append(v).append("\","));
                body.setLength(body.length() - 1);
                body.append('}');
            }
            body.append(' ').append(values[s]).append('\n');
        }
        String text = body.toString();
        for (int i = 0; i < 2_000; i++) {
            ExpositionParser.parse(text, ExpositionFormat.PROMETHEUS_TEXT); // warm-up for the JIT
        }
        int rounds = 5_000;
        long start = System.nanoTime();
        for (int i = 0; i < rounds; i++) {
            ExpositionParser.parse(text, ExpositionFormat.PROMETHEUS_TEXT);
        }
        System.out.printf(Locale.ROOT, "parse: %.0f µs per 500-series scrape (%d bytes)%n",
                (System.nanoTime() - start) / 1e3 / rounds, text.length());
    }

    private static long cpuAtStart;

    /** Process CPU time: on a shared machine wall time says little. */
    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static void report(String phase, long startNanos, Path dir) throws IOException {
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        double cpuSeconds = (processCpuNanos() - cpuAtStart) / 1e9;
        String size = "";
        if (dir != null) {
            long bytes;
            try (Stream<Path> files = Files.list(dir)) {
                bytes = files.mapToLong(f -> f.toFile().length()).sum();
            }
            StringBuilder parts = new StringBuilder();
            try (Stream<Path> files = Files.list(dir)) {
                files.sorted(Comparator.comparing(Path::toString)).forEach(f -> parts.append(String.format(Locale.ROOT,
                        " %s=%,d", f.getFileName(), f.toFile().length())));
            }
            size = String.format(Locale.ROOT, ", %,d bytes on disk (%.1f MB;%s)", bytes, bytes / 1e6, parts);
        }
        System.out.printf(Locale.ROOT, "%s: %.1f s wall, %.1f s CPU, peak heap %,d MB%s%n", phase, seconds, cpuSeconds,
                peakHeap() >> 20, size);
    }

    private static void resetPeaks() {
        System.gc();
        ManagementFactory.getMemoryPoolMXBeans().forEach(MemoryPoolMXBean::resetPeakUsage);
        cpuAtStart = processCpuNanos();
    }

    private static long peakHeap() {
        return ManagementFactory.getMemoryPoolMXBeans().stream().filter(p -> p.getType() == MemoryType.HEAP)
                .mapToLong(p -> p.getPeakUsage().getUsed()).sum();
    }

    private static long usedHeap() {
        Runtime runtime = Runtime.getRuntime();
        return runtime.totalMemory() - runtime.freeMemory();
    }
}
