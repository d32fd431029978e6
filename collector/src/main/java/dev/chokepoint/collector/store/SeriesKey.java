package dev.chokepoint.collector.store;

import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/** One time series of one target: Prometheus name plus labels (without {@code le} sorting surprises). */
public record SeriesKey(String target, String name, SortedMap<String, String> labels) {

    public SeriesKey {
        labels = new TreeMap<>(labels);
    }

    public static SeriesKey of(String target, String name, Map<String, String> labels) {
        return new SeriesKey(target, name, new TreeMap<>(labels));
    }

    public String label(String labelName) {
        return labels.get(labelName);
    }
}
