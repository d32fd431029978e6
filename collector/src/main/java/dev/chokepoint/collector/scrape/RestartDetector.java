package dev.chokepoint.collector.scrape;

import dev.chokepoint.collector.store.ScrapeEvent;
import dev.chokepoint.collector.store.ScrapeEvent.Kind;
import dev.chokepoint.collector.store.SeriesKey;
import dev.chokepoint.collector.store.TargetIdentity;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Tells, scrape by scrape of one target, a restart from a counter going down in a live process.
 * A restart is the process changing: its {@link TargetIdentity} differs from the previous answered
 * scrape's. Where the target exports none (an older agent, another exporter), a restart starts
 * every counter again from zero, so at least half of the counters present in both scrapes going
 * down at once is one. Anything less is a counter going down in a live process (the agent's
 * core-wait counter on virtual threads dipped about once a second, and every step of such runs
 * read as restarted): its own event, written once per series name per run so that a counter that
 * dips every second does not flood the events, and never a restart.
 */
final class RestartDetector {

    /** A monotonic series lower than in the previous answered scrape. */
    record Drop(SeriesKey key, double before, double after) {
    }

    private final String target;
    /** Of the previous answered scrape; null before the first. */
    private TargetIdentity identity;
    private final Set<String> decreasedNames = new HashSet<>();

    RestartDetector(String target) {
        this.target = target;
    }

    /**
     * The event one answered scrape calls for, or null. {@code counters}: the monotonic series in
     * both this scrape and the previous answered one; {@code drops}: those of them that went down.
     */
    ScrapeEvent check(long time, TargetIdentity now, int counters, List<Drop> drops) {
        TargetIdentity before = identity;
        identity = now;
        if (before == null) {
            return null;
        }
        Boolean same = before.sameProcessAs(now);
        if (Boolean.FALSE.equals(same)) {
            return new ScrapeEvent(target, time, Kind.RESTART, "a new process: " + now.changesFrom(before)
                    + (drops.isEmpty() ? "" : "; " + drops.size() + " of " + counters + " counter(s) went down"));
        }
        if (drops.isEmpty()) {
            return null;
        }
        if (same == null && 2 * drops.size() >= counters) {
            return new ScrapeEvent(target, time, Kind.RESTART, drops.size() + " of " + counters
                    + " counter(s) went down at once (the target exports no process identity): " + examples(drops));
        }
        Set<String> newNames = drops.stream().map(d -> d.key().name()).filter(n -> !decreasedNames.contains(n))
                .collect(Collectors.toSet());
        if (newNames.isEmpty()) {
            return null;
        }
        decreasedNames.addAll(newNames);
        List<Drop> shown = drops.stream().filter(d -> newNames.contains(d.key().name())).toList();
        String process = same == null
                ? "it exports no process identity, and " + drops.size() + " of " + counters + " is under half"
                : now.describe();
        return new ScrapeEvent(target, time, Kind.COUNTER_DECREASE, shown.size()
                + " counter(s) went down while the process stayed the same (" + process + "): " + examples(shown));
    }

    private static String examples(List<Drop> drops) {
        return drops.stream().limit(TargetRecording.EXAMPLES)
                .map(d -> TargetRecording.describe(d.key()) + " " + d.before() + " → " + d.after())
                .collect(Collectors.joining("; ")) + (drops.size() > TargetRecording.EXAMPLES ? "; …" : "");
    }
}
