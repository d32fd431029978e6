package dev.chokepoint.collector.scrape;

import dev.chokepoint.collector.store.RunWriter;
import dev.chokepoint.collector.store.ScrapeEvent;
import dev.chokepoint.collector.store.ScrapeEvent.Kind;
import dev.chokepoint.collector.store.SeriesKey;
import dev.chokepoint.collector.store.TargetIdentity;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One target's side of the recording: writes its scrapes and turns what goes wrong into
 * {@link ScrapeEvent}s. Events are recorded on changes of state (first failure, recovery, a
 * restart), not once per scrape, so a target down for an hour costs two lines, not 3 600.
 */
final class TargetRecording {

    /** Series named in an event, at most. */
    static final int EXAMPLES = 3;

    private final String target;
    private final int index;
    private final long slowMillis;
    private final RestartDetector restarts;
    private Map<SeriesKey, Double> previous = Map.of();
    private int failedInARow;
    private String lastFailure;
    private boolean slow;
    private boolean answered;
    private boolean seriesLimitReported;

    TargetRecording(String target, int index, long slowMillis) {
        this.target = target;
        this.index = index;
        this.slowMillis = slowMillis;
        this.restarts = new RestartDetector(target);
    }

    boolean answered() {
        return answered;
    }

    void record(long time, ScrapeOutcome outcome, RunWriter writer) throws IOException {
        noteSlowness(time, outcome, writer);
        if (!outcome.ok()) {
            if (failedInARow == 0 || !outcome.failure().equals(lastFailure)) {
                writer.writeEvent(new ScrapeEvent(target, time, Kind.FAILED, outcome.failure()));
            }
            failedInARow++;
            lastFailure = outcome.failure();
            return;
        }
        if (failedInARow > 0 && answered) {
            writer.writeEvent(new ScrapeEvent(target, time, Kind.RECOVERED,
                    "answered again after " + failedInARow + " failed scrape(s)"));
        }
        failedInARow = 0;
        lastFailure = null;
        answered = true;
        writeSamples(time, outcome.samples(), writer);
    }

    private void noteSlowness(long time, ScrapeOutcome outcome, RunWriter writer) throws IOException {
        boolean nowSlow = outcome.ok() && outcome.durationMillis() > slowMillis;
        if (nowSlow && !slow) {
            writer.writeEvent(new ScrapeEvent(target, time, Kind.SLOW,
                    "scrape took " + outcome.durationMillis() + " ms (more than " + slowMillis + " ms)"));
        }
        slow = nowSlow;
    }

    private void writeSamples(long time, List<ParsedSample> samples, RunWriter writer) throws IOException {
        Map<SeriesKey, Double> current = new HashMap<>(samples.size() * 2);
        int[] ids = new int[samples.size()];
        double[] values = new double[samples.size()];
        int count = 0;
        TargetIdentity identity = TargetIdentity.UNKNOWN;
        int counters = 0;
        List<RestartDetector.Drop> drops = new ArrayList<>();
        for (ParsedSample sample : samples) {
            identity = identity.with(sample.name(), sample.labels(), sample.value());
            SeriesKey key = new SeriesKey(target, sample.name(), sample.labels());
            Double before = previous.get(key);
            if (sample.monotonic() && before != null) {
                counters++;
                if (sample.value() < before) {
                    drops.add(new RestartDetector.Drop(key, before, sample.value()));
                }
            }
            int id = writer.seriesId(key, index);
            if (id < 0) {
                reportSeriesLimit(time, writer);
                continue;
            }
            current.put(key, sample.value());
            ids[count] = id;
            values[count++] = sample.value();
        }
        ScrapeEvent wentDown = restarts.check(time, identity, counters, drops);
        if (wentDown != null) {
            writer.writeEvent(wentDown);
        }
        reportMissing(time, current, writer);
        previous = current;
        writer.writeScrape(index, time, java.util.Arrays.copyOf(ids, count), java.util.Arrays.copyOf(values, count));
    }

    private void reportMissing(long time, Map<SeriesKey, Double> current, RunWriter writer) throws IOException {
        List<String> examples = new ArrayList<>();
        int missing = 0;
        for (SeriesKey key : previous.keySet()) {
            if (!current.containsKey(key) && missing++ < EXAMPLES) {
                examples.add(describe(key));
            }
        }
        if (missing > 0) {
            writer.writeEvent(new ScrapeEvent(target, time, Kind.MISSING,
                    missing + " series absent since the previous scrape: " + String.join(", ", examples)
                            + (missing > EXAMPLES ? ", …" : "")));
        }
    }

    private void reportSeriesLimit(long time, RunWriter writer) throws IOException {
        if (!seriesLimitReported) {
            seriesLimitReported = true;
            writer.writeEvent(new ScrapeEvent(target, time, Kind.SERIES_LIMIT, "more than " + RunWriter.MAX_SERIES
                    + " series in the run; new series are not recorded (labels with unbounded values?)"));
        }
    }

    static String describe(SeriesKey key) {
        return key.labels().isEmpty() ? key.name() : key.name() + key.labels();
    }
}
