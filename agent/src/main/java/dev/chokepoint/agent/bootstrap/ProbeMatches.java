package dev.chokepoint.agent.bootstrap;

import java.util.ArrayList;
import java.util.List;

/**
 * Which probes matched the type being transformed on this thread, so that a transformation error
 * (reported by Byte Buddy with the type name only) names the probe that caused it.
 *
 * <p>All probes share one class file transformer: a transformer per probe would make every class
 * the application loads pass through each of them. Matching happens on the loading thread right
 * before the error is reported there, so a thread-local record of the last type suffices; it is
 * written only when a probe matches, which is rare, never per class.
 */
final class ProbeMatches {

    private static final class Record {
        final String typeName;
        final List<String> probeIds = new ArrayList<>(2);

        Record(String typeName) {
            this.typeName = typeName;
        }
    }

    private final ThreadLocal<Record> last = new ThreadLocal<>();

    void record(String probeId, String typeName) {
        Record record = last.get();
        if (record == null || !record.typeName.equals(typeName)) {
            record = new Record(typeName);
            last.set(record);
        }
        if (!record.probeIds.contains(probeId)) {
            record.probeIds.add(probeId);
        }
    }

    /** The probes that matched {@code typeName} on this thread, most recently; empty if none. */
    List<String> probesThatMatched(String typeName) {
        Record record = last.get();
        return record != null && record.typeName.equals(typeName) ? List.copyOf(record.probeIds) : List.of();
    }
}
