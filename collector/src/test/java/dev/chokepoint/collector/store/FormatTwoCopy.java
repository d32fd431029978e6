package dev.chokepoint.collector.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * A recorded run folder written again by today's {@link RunWriter}, scrape by scrape and event by
 * event in the order the collector wrote them: the real runs kept in test resources are all in the
 * format before checksummed frames, and a store test needs both formats of the same run.
 */
public final class FormatTwoCopy {

    private FormatTwoCopy() {
    }

    public static void write(Path from, Path to) throws IOException {
        RunMetadata meta = RunReader.readMetadata(from);
        RunData run = RunReader.read(from);
        Files.createDirectories(to);
        try (Stream<Path> files = Files.list(from)) {
            for (Path f : files.toList()) {
                String name = f.getFileName().toString();
                if (!name.startsWith("run.json") && !name.equals(RunFiles.SERIES) && !name.equals(RunFiles.SAMPLES)
                        && !name.equals(RunFiles.EVENTS) && !name.startsWith("report.")) {
                    Files.copy(f, to.resolve(name));
                }
            }
        }
        RunWriter writer = RunWriter.create(to, RunMetadata.started(meta.targets(), meta.startMillis(),
                meta.intervalMillis(), meta.command(), meta.stepsOption(), meta.stepsFile()));
        // Per target and time, the series present then and their values: the scrapes as they came.
        Map<Integer, TreeMap<Long, List<Series>>> scrapes = new HashMap<>();
        Map<Series, Integer> ids = new HashMap<>();
        for (Series s : run.series()) {
            int target = meta.targets().indexOf(s.key().target());
            for (long t : s.timesMillis()) {
                scrapes.computeIfAbsent(target, k -> new TreeMap<>()).computeIfAbsent(t, k -> new ArrayList<>()).add(s);
            }
        }
        TreeSet<long[]> order = new TreeSet<>(Comparator.<long[]>comparingLong(x -> x[0]).thenComparingLong(x -> x[1]));
        scrapes.forEach((target, times) -> times.keySet().forEach(t -> order.add(new long[] {t, target})));
        List<ScrapeEvent> events = new ArrayList<>(run.events());
        events.sort(Comparator.comparingLong(ScrapeEvent::timeMillis));
        int nextEvent = 0;
        for (long[] scrape : order) {
            while (nextEvent < events.size() && events.get(nextEvent).timeMillis() <= scrape[0]) {
                writer.writeEvent(events.get(nextEvent++));
            }
            List<Series> present = scrapes.get((int) scrape[1]).get(scrape[0]);
            int[] seriesIds = new int[present.size()];
            double[] values = new double[present.size()];
            for (int i = 0; i < present.size(); i++) {
                Series s = present.get(i);
                Integer id = ids.get(s);
                if (id == null) {
                    id = writer.seriesId(s.key(), (int) scrape[1]);
                    ids.put(s, id);
                }
                seriesIds[i] = id;
                values[i] = s.values()[java.util.Arrays.binarySearch(s.timesMillis(), scrape[0])];
            }
            writer.writeScrape((int) scrape[1], scrape[0], seriesIds, values);
            writer.flush();
        }
        while (nextEvent < events.size()) {
            writer.writeEvent(events.get(nextEvent++));
        }
        writer.finish(meta);
    }
}
