package dev.chokepoint.agent.wait;

import java.util.ArrayList;
import java.util.List;

/**
 * What a look at a waiting thread says ({@link VirtualWaitSampler}): its blocker, frame and site in
 * the words of the JFR park meter ({@link StackSites}), and which part of the request split the
 * wait belongs to, if any.
 *
 * <p>Blocker: a parked thread's blocker object as {@link StackSites#blocker} names it (a
 * {@code Semaphore}, a {@code ReentrantLock}, a {@code CompletableFuture}); else a word for what JFR
 * names by event type: {@value #MONITOR} (blocked entering {@code synchronized}; the monitor's
 * class cannot be read from another thread), {@value #OBJECT_WAIT} ({@code Object.wait}),
 * {@value #SLEEP} ({@code Thread.sleep}) and {@value #SOCKET} (a virtual thread parked in socket
 * I/O: it waits on the JDK's poller, not on a blocker object).
 *
 * <p>Split: a park through {@code LockSupport} is {@link Split#PARK}, a blocked monitor enter
 * {@link Split#LOCK}, as JFR's park and monitor events count them on platform threads. Not in the
 * split, as on platform threads: a sleep and an {@code Object.wait} (JFR's events for them are not
 * recorded), socket I/O (JFR's socket events count it, for virtual threads too), and a wait inside
 * a call another part of the split times ({@link StackSites#insideTimedCall}); the meter still
 * names them all.
 */
record SampledWait(String blocker, String frame, String site, Split split) {

    /** The part of the request split a sampled wait adds to. */
    enum Split { PARK, LOCK, NONE }

    static final String MONITOR = "monitor";
    static final String OBJECT_WAIT = "wait";
    static final String SLEEP = "sleep";
    static final String SOCKET = "socket";

    private static final String LOCK_SUPPORT = "java.util.concurrent.locks.LockSupport";
    /** Where a virtual thread blocked in socket I/O parks: the JDK's I/O poller. */
    private static final String IO_POLLER = "sun.nio.ch.Poller";
    /** How many top frames name the JDK's own wait (a sleep, a poll); the caller's frames follow. */
    private static final int JDK_WAIT_SCAN = 8;

    /**
     * The wait of a thread seen in {@code state} (BLOCKED, WAITING or TIMED_WAITING), parked on
     * {@code blocker} (or null) with {@code stack}; null for no request's wait: an idle pool
     * thread, a server worker before its request, an empty stack.
     */
    static SampledWait of(Thread.State state, Object blocker, StackTraceElement[] stack) {
        if (stack.length == 0) {
            return null;
        }
        List<StackSites.Frame> frames = frames(stack);
        StackReadings.Reading reading = StackReadings.read(frames);
        if (reading.idle() || reading.beforeRequest()) {
            return null;
        }
        boolean blocked = state == Thread.State.BLOCKED;
        String jdkWait = blocked ? MONITOR : jdkWait(frames);
        if (jdkWait != null) {
            return new SampledWait(jdkWait, reading.frame(), reading.site(), blocked && !reading.timed() ? Split.LOCK : Split.NONE);
        }
        return new SampledWait(StackSites.blocker(blocker == null ? null : blocker.getClass().getName(), frames),
                reading.frame(), reading.site(), reading.timed() || !parks(frames) ? Split.NONE : Split.PARK);
    }

    /** The word for a wait JFR names by its own event type (a sleep, an Object.wait, socket I/O), else null. */
    private static String jdkWait(List<StackSites.Frame> frames) {
        int n = Math.min(frames.size(), JDK_WAIT_SCAN);
        for (int i = 0; i < n; i++) {
            StackSites.Frame frame = frames.get(i);
            switch (frame.type()) {
                case IO_POLLER:
                    return SOCKET;
                case "java.lang.Thread":
                    if (frame.method().startsWith("sleep")) {
                        return SLEEP;
                    }
                    break;
                case "java.lang.Object":
                    if (frame.method().startsWith("wait")) {
                        return OBJECT_WAIT;
                    }
                    break;
                default:
                    break;
            }
        }
        return null;
    }

    /** A park through {@code LockSupport}: what JFR's {@code jdk.ThreadPark} records on a platform thread. */
    private static boolean parks(List<StackSites.Frame> frames) {
        int n = Math.min(frames.size(), JDK_WAIT_SCAN);
        for (int i = 0; i < n; i++) {
            if (frames.get(i).type().equals(LOCK_SUPPORT)) {
                return true;
            }
        }
        return false;
    }

    private static List<StackSites.Frame> frames(StackTraceElement[] stack) {
        List<StackSites.Frame> frames = new ArrayList<>(stack.length);
        for (StackTraceElement element : stack) {
            frames.add(new StackSites.Frame(element.getClassName(), element.getMethodName()));
        }
        return frames;
    }
}
