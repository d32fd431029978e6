package dev.chokepoint.agent.probe.weave;

import java.util.ArrayList;
import java.util.List;

/**
 * What is woven into one method: code at its entry, blocks at its exit (each guarded alone, so
 * one that throws does not skip the next), and whether the exit blocks also run when the method
 * throws, with the returned value read as {@code null} or zero (Byte Buddy's {@code onThrowable}).
 */
public final class MethodHooks {

    private final HookCode entry;
    private final List<HookCode> exit;
    private final boolean alsoOnThrow;

    private MethodHooks(HookCode entry, List<HookCode> exit, boolean alsoOnThrow) {
        this.entry = entry;
        this.exit = exit;
        this.alsoOnThrow = alsoOnThrow;
    }

    public static MethodHooks onEnter(HookCode code) {
        return new MethodHooks(code, List.of(), false);
    }

    public static MethodHooks onExit(HookCode... blocks) {
        return new MethodHooks(null, List.of(blocks), false);
    }

    /** These hooks and {@code blocks} at the exit, after any already there. */
    public MethodHooks andOnExit(HookCode... blocks) {
        List<HookCode> more = new ArrayList<>(exit);
        more.addAll(List.of(blocks));
        return new MethodHooks(entry, List.copyOf(more), alsoOnThrow);
    }

    /** The exit blocks also run when the method throws; the exception then goes on. */
    public MethodHooks alsoOnThrow() {
        return new MethodHooks(entry, exit, true);
    }

    HookCode entry() {
        return entry;
    }

    List<HookCode> exit() {
        return exit;
    }

    boolean runsOnThrow() {
        return alsoOnThrow && !exit.isEmpty();
    }
}
