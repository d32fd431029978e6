package dev.chokepoint.agent.label;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;

/**
 * Turns raw values (SQL texts, request paths, hosts) into tag values with bounded cardinality:
 * each raw value is normalized, at most {@code maxValues} distinct results become tag values and
 * every later one is {@link #OTHER}.
 *
 * <p>The raw → tag memo exists because the same SQL text or path repeats on every request and
 * normalizing it each time would allocate on the hot path. It stops growing at
 * {@code maxMemo} entries (first come, first kept) so that an application sending endless
 * distinct texts costs CPU for the normalization but never memory.
 */
public final class BoundedLabels {

    public static final String OTHER = "other";

    /** Raw values longer than this are normalized every time rather than kept in the memo. */
    private static final int MAX_MEMO_KEY_LENGTH = 4096;

    private final int maxValues;
    private final int maxMemo;
    private final UnaryOperator<String> normalizer;
    private final Set<String> admitted = ConcurrentHashMap.newKeySet();
    private final ConcurrentHashMap<String, String> memo = new ConcurrentHashMap<>();

    public BoundedLabels(int maxValues, int maxMemo, UnaryOperator<String> normalizer) {
        if (maxValues < 1 || maxMemo < 0) {
            throw new IllegalArgumentException("maxValues must be >= 1 and maxMemo >= 0, got "
                    + maxValues + " and " + maxMemo);
        }
        this.maxValues = maxValues;
        this.maxMemo = maxMemo;
        this.normalizer = normalizer;
    }

    /** The tag value for {@code raw}: its normalized form if admitted, else {@link #OTHER}. */
    public String label(String raw) {
        if (raw == null) {
            return OTHER;
        }
        String known = memo.get(raw);
        if (known != null) {
            return known;
        }
        String label = admit(normalizer.apply(raw));
        if (memo.size() < maxMemo && raw.length() <= MAX_MEMO_KEY_LENGTH) {
            memo.putIfAbsent(raw, label);
        }
        return label;
    }

    /** Admits an already normalized value (e.g. Spring's route template) under the same cap. */
    public String admit(String normalized) {
        if (normalized == null) {
            return OTHER;
        }
        if (admitted.contains(normalized)) {
            return normalized;
        }
        synchronized (admitted) {
            if (admitted.size() < maxValues) {
                admitted.add(normalized);
                return normalized;
            }
        }
        return OTHER;
    }

    /** How many distinct tag values (besides {@link #OTHER}) have been handed out. */
    public int size() {
        return admitted.size();
    }
}
