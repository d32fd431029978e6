package dev.chokepoint.agent.wait;

import dev.chokepoint.agent.label.BoundedLabels;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The wait timers (docs/metrics.md): {@code chokepoint.wait.monitor} {lock, frame, site},
 * {@code chokepoint.wait.park} {blocker, frame, site}, {@code chokepoint.wait.socket} {peer, op}
 * and {@code chokepoint.wait.file} {op}. Fed with plain values (class names, frames, a peer), so
 * that it works and is tested without JFR; {@link JfrWaits} turns JFR events into these calls.
 *
 * <p>Every tag value goes through a {@link BoundedLabels}: at most {@code maxValues} locks,
 * blockers, frames, sites and peers each, the rest {@code other}. A site calls few libraries, so
 * the combinations that occur are far fewer than the caps' product; still, past
 * {@link #MAX_SERIES_PER_VALUE} × {@code maxValues} series in all, a new combination is recorded
 * as {@code other} in every tag, so the map of timers never grows past that whatever the
 * application does.
 */
public final class WaitMetrics implements MeterBinder {

    static final String MONITOR = "chokepoint.wait.monitor";
    static final String PARK = "chokepoint.wait.park";
    static final String SOCKET = "chokepoint.wait.socket";
    static final String FILE = "chokepoint.wait.file";
    static final String RECORDING = "chokepoint.wait.recording";
    static final String PARK_THRESHOLD = "chokepoint.wait.park.threshold";
    static final String SOCKET_RECORDING = "chokepoint.wait.socket.recording";
    static final String MONITOR_STACKS = "chokepoint.wait.monitor.stacks";
    /** Series of all wait meters together, per value a tag may take. */
    static final int MAX_SERIES_PER_VALUE = 8;
    private static final String OTHER = BoundedLabels.OTHER;

    private final BoundedLabels locks;
    private final BoundedLabels blockers;
    private final BoundedLabels sites;
    private final BoundedLabels frames;
    private final BoundedLabels peers;
    private final int maxSeries;
    private final ConcurrentHashMap<Key, Timer> timers = new ConcurrentHashMap<>();
    private volatile MeterRegistry registry;
    /** 1 while JFR streams the wait events; read by the gauge, so no meter is made per change. */
    private volatile int recording;

    /** @param maxValues distinct values per tag (locks, blockers, sites, peers) before {@code other} */
    public WaitMetrics(int maxValues) {
        this.locks = new BoundedLabels(maxValues, 4 * maxValues, name -> name);
        this.blockers = new BoundedLabels(maxValues, 4 * maxValues, name -> name);
        this.sites = new BoundedLabels(maxValues, 4 * maxValues, name -> name);
        this.frames = new BoundedLabels(maxValues, 4 * maxValues, name -> name);
        this.maxSeries = MAX_SERIES_PER_VALUE * maxValues;
        this.peers = new BoundedLabels(maxValues, 4 * maxValues, name -> name);
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        this.registry = registry;
        // Without it, "no wait meter" could mean no wait or not recorded yet: the stream starts
        // once the application's start-up has settled, and stops if JFR fails.
        Gauge.builder(RECORDING, this, metrics -> metrics.recording)
                .description("1 while the wait meters are fed (JDK Flight Recorder streaming), else 0")
                .register(registry);
    }

    /**
     * The park threshold now ({@link ParkThreshold}): parks shorter than it are not in the park
     * meters; registered once the stream is set up.
     */
    void parkThreshold(ParkThreshold threshold) {
        Gauge.builder(PARK_THRESHOLD, threshold, t -> t.current().toNanos() / 1e9)
                .strongReference(true)
                .baseUnit("seconds")
                .description("Shortest park recorded now: waits.lock-threshold, raised to 10 ms while short parks cost more than they explain")
                .register(registry);
    }

    /**
     * Whether socket waits are recorded now ({@link SocketRecording}): 0 while a busy process's
     * socket waits explained under 2 % of its requests' time; registered once the stream is set up.
     */
    void socketRecording(SocketRecording sockets) {
        gate(SOCKET_RECORDING, sockets,
                "1 while socket waits are recorded; 0 while a busy process's socket waits explained under 2 % of its requests' time");
    }

    /**
     * Whether monitor waits are recorded with their stacks now ({@link MonitorStacks}): 0 while a
     * busy process's monitor waits explained under 2 % of its requests' time; registered once the
     * stream is set up.
     */
    void monitorStacks(MonitorStacks stacks) {
        gate(MONITOR_STACKS, stacks, "1 while monitor waits are recorded with their stacks (named by site); "
                + "0 while a busy process's monitor waits explained under 2 % of its requests' time");
    }

    private void gate(String name, BusyGate gate, String description) {
        Gauge.builder(name, gate, g -> g.on() ? 1 : 0)
                .strongReference(true)
                .description(description)
                .register(registry);
    }

    /** Whether the wait meters are being fed from now on. */
    public void recording(boolean on) {
        recording = on ? 1 : 0;
    }

    /** Time blocked entering a monitor of class {@code lock} in {@code frame}, called from {@code site}. */
    public void monitor(String lock, String frame, String site, long nanos) {
        record(MONITOR, "lock", locks.label(lock), "frame", frames.label(frame), "site", sites.label(site), nanos,
                "Time threads were blocked entering a monitor (synchronized), by monitor class, "
                        + "the frame that blocks outside the JDK and the first application frame");
    }

    /**
     * Time parked on {@code blocker} (already named by {@link StackSites#blocker}) in {@code frame}
     * ({@link StackSites#frame}), called from {@code site}.
     */
    public void park(String blocker, String frame, String site, long nanos) {
        record(PARK, "blocker", blockers.label(blocker), "frame", frames.label(frame), "site", sites.label(site), nanos,
                "Time threads were parked (java.util.concurrent locks, futures, queues, pools), by blocker, "
                        + "the frame that blocks outside the JDK and the first application frame");
    }

    /** Time in one socket read or write ({@code op}) with {@code peer} ({@code host:port}). */
    public void socket(String peer, String op, long nanos) {
        record(SOCKET, "peer", peers.label(peer), "op", op, null, null, nanos,
                "Time in socket reads and writes, by remote host:port, whatever the client library");
    }

    /** Time in one file read or write ({@code op}). */
    public void file(String op, long nanos) {
        record(FILE, "op", op, null, null, null, null, nanos, "Time in file reads and writes");
    }

    private void record(String name, String tag1, String value1, String tag2, String value2, String tag3, String value3,
                        long nanos, String description) {
        MeterRegistry target = registry;
        if (target == null) {
            return;
        }
        Key key = new Key(name, value1, value2, value3);
        Timer timer = timers.get(key);
        if (timer == null) {
            if (timers.size() >= maxSeries) {
                key = new Key(name, OTHER, tag2 == null ? null : OTHER, tag3 == null ? null : OTHER);
            }
            timer = timers.computeIfAbsent(key, k -> {
                Timer.Builder builder = Timer.builder(name).description(description).tag(tag1, k.first());
                if (tag2 != null) {
                    builder.tag(tag2, k.second());
                }
                if (tag3 != null) {
                    builder.tag(tag3, k.third());
                }
                return builder.register(target);
            });
        }
        timer.record(nanos, TimeUnit.NANOSECONDS);
    }

    int seriesCount() {
        return timers.size();
    }

    /** One series: the meter's name and its tag values (null past the meter's tags). */
    private record Key(String name, String first, String second, String third) {
    }
}
