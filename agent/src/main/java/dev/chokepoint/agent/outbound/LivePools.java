package dev.chokepoint.agent.outbound;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Function;

/**
 * The pools of one kind whose meters are registered: at most {@code max} at once, each held
 * weakly, each under a name no other of them has.
 *
 * <p>Weakly: an application may create pools and drop them (a client per batch, a test suite), and
 * the agent must not keep them alive. A collected pool gives up its place, and its meters are
 * removed, when the next pool of its kind is created; until then its gauges read NaN. Past
 * {@code max} live pools a new one is not registered at all, so the meters and the scrape stay
 * bounded whatever the application does. Names are reused: a pool created again at the same site
 * after the first was collected gets the first one's name, and so its series.
 */
final class LivePools {

    private record Entry(WeakReference<Object> pool, String name, Runnable unbind) {
    }

    private final int max;
    private final List<Entry> entries = new ArrayList<>();

    LivePools(int max) {
        this.max = max;
    }

    /** Whether {@code pool} would be admitted now: not admitted yet, and there is room. */
    synchronized boolean admits(Object pool) {
        purge();
        return entries.size() < max && !contains(pool);
    }

    /**
     * Admits {@code pool} under {@code name}, or {@code name#2}, {@code name#3}, … when a live
     * pool has it already; {@code bind} registers its meters under the name it is given and returns
     * what removes them. Nothing happens when {@link #admits} would say no.
     */
    synchronized void admit(Object pool, String name, Function<String, Runnable> bind) {
        if (!admits(pool)) {
            return;
        }
        String unique = unique(name);
        entries.add(new Entry(new WeakReference<>(pool), unique, bind.apply(unique)));
    }

    synchronized int size() {
        purge();
        return entries.size();
    }

    private boolean contains(Object pool) {
        for (Entry entry : entries) {
            if (entry.pool().get() == pool) {
                return true;
            }
        }
        return false;
    }

    private String unique(String name) {
        String candidate = name;
        for (int n = 2; taken(candidate); n++) {
            candidate = name + "#" + n;
        }
        return candidate;
    }

    private boolean taken(String name) {
        for (Entry entry : entries) {
            if (entry.name().equals(name)) {
                return true;
            }
        }
        return false;
    }

    /** Collected pools leave, their meters with them (before their name can be handed out again). */
    private void purge() {
        for (Iterator<Entry> it = entries.iterator(); it.hasNext(); ) {
            Entry entry = it.next();
            if (entry.pool().get() == null) {
                it.remove();
                entry.unbind().run();
            }
        }
    }
}
