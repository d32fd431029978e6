package dev.chokepoint.agent.wait;

/**
 * Whether {@code jdk.JavaMonitorEnter} events carry their stack: not while the process is busy and
 * its request threads' monitor waits explain little.
 *
 * <p>With the event's stack trace on, HotSpot walks the stack of every thread that finds a monitor
 * taken, when it starts to wait, before it knows whether the wait will reach the threshold (it
 * keeps the stack for the event it may write). On the fast service with {@code /select} saturated,
 * Tomcat's poller contending its selector's key set spent ≈ 0.65 % of the process's CPU in those
 * walks (async-profiler, 2026-12-05: {@code ObjectMonitor::enter} → {@code jfr_save_stacktrace}),
 * for waits of microseconds that were never written. Without stacks the events still come, with
 * their duration, thread and monitor class, so the waits' share is judged in every window, unlike
 * {@link SocketRecording}'s, which must look again: while the process serves
 * {@value BusyWindow#BUSY_PER_SECOND} requests a second or more and the request threads' monitor
 * waits took under {@value BusyWindow#MAX_SHARE_PERCENT} % of the requests' time in the last window
 * ({@value BusyWindow#WINDOW_SECONDS} s), the stacks are off; the first window where they reach it
 * turns them on again. Events without a stack name no site, so they are left out of the monitor
 * meters and of the request split (as parks under the raised threshold are, {@link ParkThreshold}):
 * only while, measured in the same window, all such waits explained under 2 % of the requests' time.
 */
final class MonitorStacks extends BusyGate {

    MonitorStacks(BusyWindow window) {
        super(window);
    }

    @Override
    Boolean decided(boolean quiet, long nowNanos) {
        return quiet == on() ? Boolean.valueOf(!quiet) : null;
    }
}
