package dev.chokepoint.agent.wait;

import dev.chokepoint.agent.request.RequestThreads;
import dev.chokepoint.agent.request.TimedCallPorts;
import jdk.jfr.EventSettings;
import jdk.jfr.FlightRecorder;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingStream;

import java.time.Duration;
import java.util.function.Consumer;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;

/**
 * The JFR side of the wait probe: one {@link RecordingStream} with only the wait events enabled,
 * consumed on one daemon thread of the agent ({@code chokepoint-waits}, for all event types; JFR
 * adds its recorder and periodic-task threads), each event handed to {@link WaitMetrics}.
 *
 * <p>Kept apart from {@link WaitProbe} so that a JVM without the {@code jdk.jfr} module fails
 * here, in {@code bind}, with one line, not when the probe list is built.
 */
final class JfrWaits {

    /** The JFR event types this stream enables. */
    static final String MONITOR_ENTER = "jdk.JavaMonitorEnter";
    static final String THREAD_PARK = "jdk.ThreadPark";
    static final String SOCKET_READ = "jdk.SocketRead";
    static final String SOCKET_WRITE = "jdk.SocketWrite";
    static final String FILE_READ = "jdk.FileRead";
    static final String FILE_WRITE = "jdk.FileWrite";
    /** Java 21+; on 17 enabling it is a no-op and no such event comes. */
    static final String VIRTUAL_THREAD_PINNED = "jdk.VirtualThreadPinned";

    private final RecordingStream stream;
    private final WaitMetrics metrics;
    private final RequestWaits requestWaits;
    private final Consumer<String> failed;
    private final RunningClock clock;
    private final ParkThreshold parkThreshold;
    private final SocketRecording socketRecording;
    private final MonitorStacks monitorStacks;
    private final SocketPeers peers = SocketPeers.ofThisHost();
    private final StackReadings stacks = new StackReadings();
    private volatile boolean on = true;

    private JfrWaits(RecordingStream stream, WaitMetrics metrics, RequestWaits requestWaits, Consumer<String> failed,
                     RunningClock clock, ParkThreshold parkThreshold, SocketRecording socketRecording, MonitorStacks monitorStacks) {
        this.stream = stream;
        this.metrics = metrics;
        this.requestWaits = requestWaits;
        this.failed = failed;
        this.clock = clock;
        this.parkThreshold = parkThreshold;
        this.socketRecording = socketRecording;
        this.monitorStacks = monitorStacks;
    }

    /**
     * Sets up the stream and consumes it on the calling thread until the JVM ends (the agent's
     * daemon thread {@code chokepoint-waits}). JFR absent, disabled or refused: reported through
     * {@code failed} as the probe's one stderr line, and returns.
     *
     * @param requestCount   the requests finished so far ({@code http.server.requests}' count), and
     * @param requestSeconds their time so far (its sum): the load the gates ({@link ParkThreshold},
     *                       {@link SocketRecording}, {@link MonitorStacks}) and their {@link LookSchedule} judge
     */
    static void run(WaitThresholds thresholds, WaitMetrics metrics, RequestWaits requestWaits, OutboundPeers outbound,
                    LongSupplier requestCount, DoubleSupplier requestSeconds, Consumer<String> failed) {
        RecordingStream stream;
        try {
            if (!FlightRecorder.isAvailable()) {
                failed.accept("JDK Flight Recorder is not available in this JVM (started with -XX:-FlightRecorder?); "
                        + "no wait meters, the other probes run on");
                return;
            }
            stream = new RecordingStream();
        } catch (RuntimeException | Error e) {
            failed.accept("JDK Flight Recorder refused to stream (" + e + "); no wait meters, the other probes run on");
            return;
        }
        RunningClock clock = new RunningClock(System::nanoTime);
        ParkThreshold parkThreshold = new ParkThreshold(thresholds.lock(), clock.now(), requestCount, requestSeconds,
                new LookSchedule(clock.now(), requestCount, requestSeconds));
        metrics.parkThreshold(parkThreshold);
        SocketRecording socketRecording = new SocketRecording(new BusyWindow(clock.now(), requestCount, requestSeconds),
                new LookSchedule(clock.now(), requestCount, requestSeconds));
        metrics.socketRecording(socketRecording);
        MonitorStacks monitorStacks = new MonitorStacks(new BusyWindow(clock.now(), requestCount, requestSeconds));
        metrics.monitorStacks(monitorStacks);
        JfrWaits waits = new JfrWaits(stream, metrics, requestWaits, failed, clock, parkThreshold, socketRecording, monitorStacks);
        try {
            // Stacks only where a site is named; socket and file events are named by their peer
            // or operation, and a stack trace is most of an event's recording cost.
            stream.enable(MONITOR_ENTER).withThreshold(thresholds.lock()).withStackTrace();
            stream.enable(THREAD_PARK).withThreshold(thresholds.lock()).withStackTrace();
            // Rare since Java 24 (synchronized no longer pins); the configured threshold, not the
            // park threshold's raised one: no idle thread parks pinned.
            stream.enable(VIRTUAL_THREAD_PINNED).withThreshold(thresholds.lock()).withStackTrace();
            enableSockets(stream, thresholds.socket());
            stream.enable(FILE_READ).withThreshold(thresholds.file()).withoutStackTrace();
            stream.enable(FILE_WRITE).withThreshold(thresholds.file()).withoutStackTrace();
            // Consumed chunks are of no further use; bound what JFR keeps in its disk repository.
            stream.setMaxAge(Duration.ofMinutes(1));
            stream.setMaxSize(16L * 1024 * 1024);
            // Sums only: no need for JFR to sort each batch by end time before handing it over.
            stream.setOrdered(false);
            stream.onEvent(MONITOR_ENTER, waits::monitor);
            stream.onEvent(THREAD_PARK, waits::park);
            stream.onEvent(VIRTUAL_THREAD_PINNED, waits::pinned);
            stream.onEvent(SOCKET_READ, event -> waits.socket(event, "read"));
            stream.onEvent(SOCKET_WRITE, event -> waits.socket(event, "write"));
            stream.onEvent(FILE_READ, event -> waits.file(event, "read"));
            stream.onEvent(FILE_WRITE, event -> waits.file(event, "write"));
            stream.onError(error -> waits.fail("JFR stream failed: " + error));
            // Once per flush, on this thread: the outbound connections beside the waits, and the
            // recording gauge (the first flush comes once the recording runs: waits count from then).
            stream.onFlush(() -> {
                waits.stacks.forget();
                outbound.refresh();
                metrics.recording(waits.on);
                waits.gatesFlushed(thresholds);
            });
            // Not startAsync(): its thread is not a daemon and would keep a JVM whose main
            // returned alive. The calling daemon thread is the stream's only consumer.
            stream.start();
        } catch (RuntimeException | Error e) {
            if (waits.on) {
                waits.fail("JDK Flight Recorder refused to stream (" + e + "); no wait meters, the other probes run on");
            }
        }
    }

    /** What the gates decided at this flush, applied to the stream's settings. */
    private void gatesFlushed(WaitThresholds thresholds) {
        long now = clock.flushed();
        Duration park = parkThreshold.flushed(now);
        if (park != null) {
            stream.enable(THREAD_PARK).withThreshold(park).withStackTrace();
        }
        Boolean sockets = socketRecording.flushed(now);
        if (Boolean.TRUE.equals(sockets)) {
            enableSockets(stream, thresholds.socket());
        } else if (Boolean.FALSE.equals(sockets)) {
            stream.disable(SOCKET_READ);
            stream.disable(SOCKET_WRITE);
        }
        Boolean monitorStacksOn = monitorStacks.flushed(now);
        if (monitorStacksOn != null) {
            EventSettings monitors = stream.enable(MONITOR_ENTER).withThreshold(thresholds.lock());
            if (monitorStacksOn) {
                monitors.withStackTrace();
            } else {
                monitors.withoutStackTrace();
            }
        }
    }

    private static void enableSockets(RecordingStream stream, Duration threshold) {
        stream.enable(SOCKET_READ).withThreshold(threshold).withoutStackTrace();
        stream.enable(SOCKET_WRITE).withThreshold(threshold).withoutStackTrace();
    }

    void close() {
        on = false;
        stream.close();
    }

    private void monitor(RecordedEvent event) {
        if (!on || isOwnThread(event)) {
            return;
        }
        try {
            long nanos = event.getDuration().toNanos();
            RecordedStackTrace trace = event.getStackTrace();
            if (trace == null) { // recorded while MonitorStacks had the stacks off: its share only
                if (isRequestThread(event)) {
                    monitorStacks.requestWaited(nanos);
                }
                return;
            }
            StackReadings.Reading stack = stacks.of(trace);
            metrics.monitor(StackSites.lock(typeName(event, "monitorClass")), stack.frame(), stack.site(), nanos);
            if (!stack.timed() && isRequestThread(event)) {
                monitorStacks.requestWaited(nanos);
                if (!isVirtual(event)) {
                    requestWaits.lock(nanos);
                }
            }
        } catch (RuntimeException e) {
            fail("unreadable " + MONITOR_ENTER + " event: " + e);
        }
    }

    private void park(RecordedEvent event) {
        if (!on || isOwnThread(event)) {
            return;
        }
        try {
            StackReadings.Reading stack = stacks.of(event.getStackTrace());
            if (stack.idle() || (stack.queueConsumer() && !isRequestThread(event))) {
                parkThreshold.idlePark(); // a thread waiting for work: no request waits on it
                return;
            }
            if (stack.beforeRequest()) {
                return; // a worker preempted holding a connection's lock: the CPU's wait, not a lock's
            }
            long nanos = event.getDuration().toNanos();
            metrics.park(StackSites.blocker(typeName(event, "parkedClass"), stack.frames()), stack.frame(), stack.site(), nanos);
            if (!stack.timed() && isRequestThread(event)) {
                parkThreshold.requestPark(nanos);
                if (!isVirtual(event)) {
                    requestWaits.park(nanos);
                }
            }
        } catch (RuntimeException e) {
            fail("unreadable " + THREAD_PARK + " event: " + e);
        }
    }

    /**
     * A virtual thread parked while pinned to its carrier: named in its own meter only. The park
     * itself is the sampler's (and, where the JDK records one, a park event's), so it is no part of
     * the request split here.
     */
    private void pinned(RecordedEvent event) {
        if (!on) {
            return;
        }
        try {
            StackReadings.Reading stack = stacks.of(event.getStackTrace());
            metrics.pinned(stack.frame(), stack.site(), event.getDuration().toNanos());
        } catch (RuntimeException e) {
            fail("unreadable " + VIRTUAL_THREAD_PINNED + " event: " + e);
        }
    }

    private void socket(RecordedEvent event, String op) {
        if (!on) {
            return;
        }
        try {
            int port = event.getInt("port");
            long nanos = event.getDuration().toNanos();
            String peer = peers.peer(event.getString("host"), event.getString("address"), port);
            metrics.socket(peer, op, nanos);
            if (!TimedCallPorts.contains(port) && isRequestThread(event)) {
                requestWaits.socket(nanos);
                if (!SocketPeers.INBOUND.equals(peer)) {
                    socketRecording.requestWaited(nanos);
                }
            }
        } catch (RuntimeException e) {
            fail("unreadable socket event: " + e);
        }
    }

    private void file(RecordedEvent event, String op) {
        if (!on || isOwnThread(event)) {
            return;
        }
        metrics.file(op, event.getDuration().toNanos());
    }

    private void fail(String reason) {
        on = false;
        metrics.recording(false);
        failed.accept(reason);
        try {
            stream.close(); // no meters are fed any more: stop JFR's recording cost too
        } catch (RuntimeException ignored) {
            // already closing
        }
    }

    /** The agent's thread (its scrapes read /proc files) and JFR's own are not the application's. */
    private static boolean isOwnThread(RecordedEvent event) {
        RecordedThread thread = event.getThread();
        String name = thread == null ? null : thread.getJavaName();
        return name != null && (name.startsWith("chokepoint") || name.startsWith("JFR "));
    }

    /** A thread that has served a request (its waits are parts of the request split). */
    private static boolean isRequestThread(RecordedEvent event) {
        RecordedThread thread = event.getThread();
        return thread != null && RequestThreads.contains(thread.getJavaThreadId());
    }

    /**
     * A virtual thread's park and monitor waits reach the request split through
     * {@link VirtualWaitSampler}, which sees them all; where the JDK records one as an event too (a
     * pinned park, Java 21's monitor enters), counting it here as well would count it twice. Java
     * 17's threads have no such field: none is virtual.
     */
    private static boolean isVirtual(RecordedEvent event) {
        RecordedThread thread = event.getThread();
        return thread != null && thread.hasField("virtual") && thread.getBoolean("virtual");
    }

    private static String typeName(RecordedEvent event, String field) {
        jdk.jfr.consumer.RecordedClass type = event.getClass(field);
        return type == null ? null : type.getName();
    }
}
