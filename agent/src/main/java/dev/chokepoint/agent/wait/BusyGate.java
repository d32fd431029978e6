package dev.chokepoint.agent.wait;

/**
 * A gate that leaves a costly part of JFR's recording out while the process is busy and its request
 * threads' waits on what that part records explain little, judged on one {@link BusyWindow};
 * what it does about the window's verdict is the subclass's ({@link SocketRecording},
 * {@link MonitorStacks}).
 *
 * <p>Fed and asked by the JFR consumer thread alone; {@link #on} is read at scrape time.
 */
abstract class BusyGate {

    private final BusyWindow window;
    private volatile boolean on = true;

    BusyGate(BusyWindow window) {
        this.window = window;
    }

    final boolean on() {
        return on;
    }

    /** A request thread waited {@code nanos} on what this gate judges. */
    final void requestWaited(long nanos) {
        window.waited(nanos);
    }

    /** At a flush of the stream: TRUE to turn the recorded part on, FALSE off, null to leave it. */
    final Boolean flushed(long nowNanos) {
        Boolean quiet = window.busyAndWaitingLittle(nowNanos);
        if (quiet == null) {
            return null;
        }
        Boolean turn = decided(quiet, nowNanos);
        if (turn != null) {
            on = turn;
        }
        return turn;
    }

    /**
     * At the end of a window: TRUE to turn on, FALSE off, null to leave the gate as {@link #on} says.
     *
     * @param quiet the window's verdict: busy, and the waits took under 2 % of the requests' time
     */
    abstract Boolean decided(boolean quiet, long nowNanos);
}
