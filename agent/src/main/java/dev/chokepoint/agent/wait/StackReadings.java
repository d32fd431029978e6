package dev.chokepoint.agent.wait;

import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a recorded stack says about a wait (an idle pool thread or not, its site, its frames for
 * the blocker), read once per distinct stack instead of once per event. JFR's parser resolves a
 * chunk's stack traces once, from its constant pool, and hands the same {@link RecordedStackTrace}
 * to every event of that stack; a service's waits come from a few dozen stacks, while its idle
 * workers park once per request. Used on the stream's one thread only.
 *
 * <p>Bounded: forgotten at every flush (the stream's next second may bring a new chunk, whose
 * stacks are new objects) and whenever {@link #MAX_STACKS} distinct stacks were read in between:
 * at most ≈ 250 KB of frames (64 each), small beside a 96 MB heap scenario at 90 % live.
 */
final class StackReadings {

    static final int MAX_STACKS = 128;

    /**
     * One stack's reading; {@code frames} top first; {@code timed}: inside a call the split already
     * times; {@code beforeRequest}: a server worker's wait before its request starts; {@code frame}:
     * where it blocks outside the JDK ({@link StackSites#frame}).
     */
    record Reading(boolean idle, boolean queueConsumer, boolean timed, boolean beforeRequest, String site,
                   String frame, List<StackSites.Frame> frames) {
    }

    private static final Reading NONE = new Reading(false, false, false, false, StackSites.UNKNOWN, StackSites.UNKNOWN, List.of());

    private final Map<RecordedStackTrace, Reading> read = new IdentityHashMap<>();

    Reading of(RecordedStackTrace stack) {
        if (stack == null) {
            return NONE;
        }
        Reading reading = read.get(stack);
        if (reading == null) {
            if (read.size() >= MAX_STACKS) {
                read.clear();
            }
            reading = read(frames(stack));
            read.put(stack, reading);
        }
        return reading;
    }

    /** What the stack {@code frames} (top first) says about a wait, however it was read. */
    static Reading read(List<StackSites.Frame> frames) {
        return new Reading(StackSites.isIdle(frames), StackSites.isQueueConsumerLoop(frames), StackSites.insideTimedCall(frames),
                StackSites.isBeforeRequest(frames), StackSites.site(frames), StackSites.frame(frames), frames);
    }

    /** At each flush: the stacks read so far may belong to a finished chunk. */
    void forget() {
        read.clear();
    }

    private static List<StackSites.Frame> frames(RecordedStackTrace stack) {
        List<RecordedFrame> recorded = stack.getFrames();
        List<StackSites.Frame> frames = new ArrayList<>(recorded.size());
        for (RecordedFrame frame : recorded) {
            if (frame.getMethod() != null && frame.getMethod().getType() != null) {
                frames.add(new StackSites.Frame(frame.getMethod().getType().getName(), frame.getMethod().getName()));
            }
        }
        return List.copyOf(frames);
    }
}
