package dev.chokepoint.agent.wait;

import dev.chokepoint.agent.label.BoundedLabels;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The wait timers (docs/metrics.md): {@code chokepoint.wait.monitor} {lock, site},
 * {@code chokepoint.wait.park} {blocker, site}, {@code chokepoint.wait.socket} {peer, op} and
 * {@code chokepoint.wait.file} {op}. Fed with plain values (class names, a site, a peer), so that
 * it works and is tested without JFR; {@link JfrWaits} turns JFR events into these calls.
 *
 * <p>Every tag value goes through a {@link BoundedLabels}: at most {@code maxValues} locks,
 * blockers, sites and peers each, the rest {@code other}; the series of one meter are at most
 * the product of its two caps, and the map of timers never grows past it.
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

    private final BoundedLabels locks;
    private final BoundedLabels blockers;
    private final BoundedLabels sites;
    private final BoundedLabels peers;
    private final ConcurrentHashMap<Key, Timer> timers = new ConcurrentHashMap<>();
    private volatile MeterRegistry registry;
    /** 1 while JFR streams the wait events; read by the gauge, so no meter is made per change. */
    private volatile int recording;

    /** @param maxValues distinct values per tag (locks, blockers, sites, peers) before {@code other} */
    public WaitMetrics(int maxValues) {
        this.locks = new BoundedLabels(maxValues, 4 * maxValues, name -> name);
        this.blockers = new BoundedLabels(maxValues, 4 * maxValues, name -> name);
        this.sites = new BoundedLabels(maxValues, 4 * maxValues, name -> name);
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
                .description("Shortest park recorded now: waits.lock-ms, raised to 10 ms while short parks cost more than they explain")
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

    /** Time blocked entering a monitor of class {@code lock} at {@code site}. */
    public void monitor(String lock, String site, long nanos) {
        record(MONITOR, "lock", locks.label(lock), "site", sites.label(site), nanos,
                "Time threads were blocked entering a monitor (synchronized), by monitor class and first application frame");
    }

    /** Time parked on {@code blocker} (already named by {@link StackSites#blocker}) at {@code site}. */
    public void park(String blocker, String site, long nanos) {
        record(PARK, "blocker", blockers.label(blocker), "site", sites.label(site), nanos,
                "Time threads were parked (java.util.concurrent locks, futures, queues), by blocker and first application frame");
    }

    /** Time in one socket read or write ({@code op}) with {@code peer} ({@code host:port}). */
    public void socket(String peer, String op, long nanos) {
        record(SOCKET, "peer", peers.label(peer), "op", op, nanos,
                "Time in socket reads and writes, by remote host:port, whatever the client library");
    }

    /** Time in one file read or write ({@code op}). */
    public void file(String op, long nanos) {
        record(FILE, "op", op, null, null, nanos, "Time in file reads and writes");
    }

    private void record(String name, String tag1, String value1, String tag2, String value2, long nanos,
                        String description) {
        MeterRegistry target = registry;
        if (target == null) {
            return;
        }
        Key key = new Key(name, value1, value2);
        Timer timer = timers.get(key);
        if (timer == null) {
            timer = timers.computeIfAbsent(key, k -> {
                Timer.Builder builder = Timer.builder(name).description(description).tag(tag1, value1);
                if (tag2 != null) {
                    builder.tag(tag2, value2);
                }
                return builder.register(target);
            });
        }
        timer.record(nanos, TimeUnit.NANOSECONDS);
    }

    int seriesCount() {
        return timers.size();
    }

    /** One series: the meter's name and its tag values ({@code second} null for one-tag meters). */
    private record Key(String name, String first, String second) {
    }
}
