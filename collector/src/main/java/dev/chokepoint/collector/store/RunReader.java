package dev.chokepoint.collector.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads a run folder back into {@link RunData}, up to the last point where every file agrees
 * (docs/run-folder.md). What a killed collector, a full disk, a lost machine or a damaged copy
 * leaves is read as far as it is data: a samples stream cut in a record or without its gzip
 * trailer, a record that fails its checksum, a dictionary or event file that ends before the
 * samples do, a line cut short. Then the run ends there ({@link RunData#recordingEnd()}), and
 * nothing after it, not even an event, reaches the analysis.
 */
public final class RunReader {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String MAX = "_max";

    private RunReader() {
    }

    public static RunMetadata readMetadata(Path dir) throws IOException {
        Path file = RunFiles.metadata(dir);
        if (!Files.exists(file)) {
            throw new NoSuchFileException(file.toString(), null,
                    "not a chokepoint run folder (no " + RunFiles.METADATA + "); give the --out folder of a run");
        }
        try {
            return JSON.readValue(file.toFile(), RunMetadata.class);
        } catch (JsonProcessingException e) {
            throw new IOException(file + " is damaged (" + e.getOriginalMessage() + "); it is rewritten whole or not at "
                    + "all, so the folder was changed by hand or its disk is failing", e);
        }
    }

    /** The whole recording: every series with its values. */
    public static RunData read(Path dir) throws IOException {
        return read(dir, null);
    }

    /**
     * The recording without the maxima of timers and summaries ({@code X_max} beside {@code
     * X_count}) other than {@code maximaRead}: a statement's or wait site's maximum is a new fraction
     * at every scrape, packed near 8 bytes a sample, and its series is the largest part of a fleet's
     * hour (123 of 296 MB at 20 targets × 1 000 series) that no signal reads. Null keeps them all.
     */
    public static RunData read(Path dir, Set<String> maximaRead) throws IOException {
        RunMetadata metadata = readMetadata(dir);
        List<String> targets = metadata.targets();
        List<SeriesBuilder> builders = new ArrayList<>();
        int expectedScrapes = expectedScrapes(metadata);
        List<Integer> targetOfSeries = new ArrayList<>();
        for (SeriesDictionary.Entry entry : SeriesDictionary.read(RunFiles.series(dir), targets)) {
            builders.add(new SeriesBuilder(entry.key(), expectedScrapes));
            targetOfSeries.add(entry.target());
        }
        List<ScrapeEvent> events = new ArrayList<>();
        // Through a tree, not bound straight from the parser: only from a tree does databind print a
        // number bound to a String as its Java value (1.50 as "1.5") and let the last of a repeated
        // field count, as an edited file read before. Events are few (a failure is written once per
        // run of failures), not the dictionary's thousands.
        JsonLines.read(RunFiles.events(dir),
                line -> events.add(JSON.treeToValue(JSON.readTree(line), ScrapeEvent.class)));
        TargetTimeline[] timelines = new TargetTimeline[targets.size()];
        Arrays.setAll(timelines, i -> new TargetTimeline());
        boolean[] kept = kept(builders, maximaRead);
        SampleReplay.Result samples = new SampleReplay(builders, kept, timelines, events.size(), metadata)
                .read(RunFiles.samples(dir));

        List<Series> series = new ArrayList<>(builders.size());
        for (int id = 0; id < builders.size(); id++) {
            if (!kept[id]) {
                continue;
            }
            TargetTimeline timeline = timelines[targetOfSeries.get(id)];
            series.add(builders.get(id).build(timeline.times(), timeline.count));
        }
        RecordingEnd cut = samples.end();
        if (cut != null) {
            // The run is what was read: an event after it (a failed scrape as the target was torn
            // down) would be read as a death in a part of the run nobody can see. Without any
            // record there is nothing to misread, and the events say why (no target answered).
            if (samples.lastMillis() != 0) {
                events.removeIf(e -> e.timeMillis() > cut.atMillis());
            }
            // A dictionary runs ahead of the samples: a series named whose first sample was lost was never recorded.
            series.removeIf(x -> x.size() == 0);
            return new RunData(metadata.startMillis(), Math.max(cut.atMillis(), metadata.startMillis()), targets, series,
                    events, List.of(), cut);
        }
        long end = metadata.endMillis() != null ? metadata.endMillis()
                : Math.max(samples.lastMillis(), metadata.startMillis());
        return new RunData(metadata.startMillis(), end, targets, series, events);
    }

    private static boolean[] kept(List<SeriesBuilder> builders, Set<String> maximaRead) {
        boolean[] kept = new boolean[builders.size()];
        Arrays.fill(kept, true);
        if (maximaRead == null) {
            return kept;
        }
        Set<String> names = new HashSet<>();
        builders.forEach(b -> names.add(b.key().name()));
        for (int id = 0; id < kept.length; id++) {
            String name = builders.get(id).key().name();
            kept[id] = !name.endsWith(MAX) || maximaRead.contains(name)
                    || !names.contains(name.substring(0, name.length() - MAX.length()) + "_count");
        }
        return kept;
    }

    /**
     * Scrapes per target of a run that ended normally, so the value arrays are allocated once at
     * their final size instead of growing (growth would briefly need twice the memory).
     */
    private static int expectedScrapes(RunMetadata metadata) {
        if (metadata.endMillis() == null || metadata.intervalMillis() <= 0) {
            return 16;
        }
        long scrapes = (metadata.endMillis() - metadata.startMillis()) / metadata.intervalMillis() + 2;
        return (int) Math.max(16, Math.min(scrapes, 1 << 22));
    }
}
