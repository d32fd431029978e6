package dev.chokepoint.collector.prometheus;

import dev.chokepoint.collector.store.ScrapeEvent;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * Which evaluation points of the window have a fresh scrape of one instance. A range query fills a
 * point with the newest sample of the last five minutes (Prometheus's look-back), so a stretch
 * where Prometheus itself did not scrape would silently repeat old values: a point counts only if
 * {@code up} was 1 and its sample is at most {@link #maxAgeMillis} old.
 */
final class ScrapeCoverage {

    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC);

    private final String instance;
    private final long startMillis;
    private final long stepMillis;
    private final boolean[] fresh;

    ScrapeCoverage(String instance, long startMillis, long stepMillis, int points) {
        this.instance = instance;
        this.startMillis = startMillis;
        this.stepMillis = stepMillis;
        this.fresh = new boolean[points];
    }

    static long maxAgeMillis(long stepMillis) {
        return stepMillis * 5 / 2;
    }

    /** Marks the points where {@code up} answered 1 from a sample taken at {@code sampleMillis}. */
    void add(long[] timesMillis, double[] up, long[] sampleTimes, double[] sampleMillis) {
        java.util.Map<Long, Double> sampledAt = new java.util.HashMap<>();
        for (int i = 0; i < sampleTimes.length; i++) {
            sampledAt.put(sampleTimes[i], sampleMillis[i]);
        }
        for (int i = 0; i < timesMillis.length; i++) {
            int p = index(timesMillis[i]);
            Double taken = sampledAt.get(timesMillis[i]);
            if (p >= 0 && up[i] == 1 && taken != null && timesMillis[i] - taken <= maxAgeMillis(stepMillis)) {
                fresh[p] = true;
            }
        }
    }

    boolean fresh(long timeMillis) {
        int p = index(timeMillis);
        return p >= 0 && fresh[p];
    }

    private int index(long timeMillis) {
        long offset = timeMillis - startMillis;
        if (offset < 0 || offset % stepMillis != 0 || offset / stepMillis >= fresh.length) {
            return -1;
        }
        return (int) (offset / stepMillis);
    }

    /**
     * Stretches of at least {@code minPoints} points without a fresh scrape, as events (for the
     * report's event list) and sentences (for its partial-data notice).
     */
    void gaps(int minPoints, String source, List<ScrapeEvent> events, List<String> sentences) {
        int i = 0;
        while (i < fresh.length) {
            if (fresh[i]) {
                i++;
                continue;
            }
            int from = i;
            while (i < fresh.length && !fresh[i]) {
                i++;
            }
            if (i - from >= minPoints) {
                long a = startMillis + from * stepMillis;
                long b = startMillis + (i - 1) * stepMillis;
                String what = "no scrape of " + instance + " in " + source + " from " + CLOCK.format(Instant.ofEpochMilli(a))
                        + " to " + CLOCK.format(Instant.ofEpochMilli(b)) + " UTC (" + ((b - a) / 1000 + 1) + " s)";
                events.add(new ScrapeEvent(instance, a, ScrapeEvent.Kind.FAILED, what));
                sentences.add(what);
            }
        }
    }
}
