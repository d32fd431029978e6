package dev.chokepoint.agent.wait;

import dev.chokepoint.agent.label.BoundedLabels;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;

/**
 * The wait meters (docs/metrics.md): the timers {@code chokepoint.wait.monitor} {lock, frame, site},
 * {@code chokepoint.wait.park} {blocker, frame, site}, {@code chokepoint.wait.pinned} {frame, site},
 * {@code chokepoint.wait.socket} {peer, op} and {@code chokepoint.wait.file} {op}, one record per
 * wait, and the counter {@code chokepoint.wait.sampled} {blocker, frame, site}, seconds of waits
 * seen by sampling. Fed with plain values (class names, frames, a peer), so that it works and is
 * tested without JFR; {@link JfrWaits} turns JFR events into these calls, {@link VirtualWaitSampler}
 * what it sees of virtual threads.
 *
 * <p>Every tag value goes through a {@link BoundedLabels}: at most {@code maxValues} locks,
 * blockers, frames, sites and peers each, the rest {@code other}. A site calls few libraries, so
 * the combinations that occur are far fewer than the caps' product; still, past
 * {@link #MAX_SERIES_PER_VALUE} × {@code maxValues} series in all (all these meters together), a new
 * combination is recorded as {@code other} in every tag, so the map of meters never grows past
 * that whatever the application does.
 */
public final class WaitMetrics implements MeterBinder {

    static final String MONITOR = "chokepoint.wait.monitor";
    static final String PARK = "chokepoint.wait.park";
    static final String PINNED = "chokepoint.wait.pinned";
    static final String SAMPLED = "chokepoint.wait.sampled";
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
    /** Timers, and the sampled counters. */
    private final ConcurrentHashMap<Key, Meter> meters = new ConcurrentHashMap<>();
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

    /**
     * Time a virtual thread stayed parked while pinned to its carrier ({@code jdk.VirtualThreadPinned}:
     * the carrier could run no other virtual thread meanwhile) in {@code frame}, called from {@code site}.
     */
    public void pinned(String frame, String site, long nanos) {
        record(PINNED, "frame", frames.label(frame), "site", sites.label(site), null, null, nanos,
                "Time virtual threads waited pinned to their carrier thread (the carrier blocked with them), "
                        + "by the frame that blocks outside the JDK and the first application frame");
    }

    /**
     * Time a sampled thread was seen waiting on {@code blocker} ({@link SampledWait}) in
     * {@code frame}, called from {@code site}: the interval between two looks, booked to the place
     * the thread waited at the second one. An estimate, summed; no count of waits.
     */
    public void sampled(String blocker, String frame, String site, long nanos) {
        Counter counter = (Counter) series(SAMPLED, "blocker", blockers.label(blocker), "frame", frames.label(frame),
                "site", sites.label(site), (tags, target) -> Counter.builder(SAMPLED).baseUnit("seconds").tags(tags)
                        .description("Time requests on virtual threads were seen waiting (sampled every 20 ms: "
                                + "JFR records no park of a virtual thread), by blocker, the frame that blocks "
                                + "outside the JDK and the first application frame")
                        .register(target));
        if (counter != null) {
            counter.increment(nanos / 1e9);
        }
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
        Timer timer = (Timer) series(name, tag1, value1, tag2, value2, tag3, value3,
                (tags, target) -> Timer.builder(name).description(description).tags(tags).register(target));
        if (timer != null) {
            timer.record(nanos, TimeUnit.NANOSECONDS);
        }
    }

    /**
     * The meter of one series, registered by {@code register} the first time; null before
     * {@link #bindTo}. Past the series cap a new combination is the meter's all-{@code other} series.
     */
    private Meter series(String name, String tag1, String value1, String tag2, String value2, String tag3, String value3,
                         BiFunction<Tags, MeterRegistry, Meter> register) {
        MeterRegistry target = registry;
        if (target == null) {
            return null;
        }
        Key key = new Key(name, value1, value2, value3);
        Meter meter = meters.get(key);
        if (meter == null) {
            if (meters.size() >= maxSeries) {
                key = new Key(name, OTHER, tag2 == null ? null : OTHER, tag3 == null ? null : OTHER);
            }
            meter = meters.computeIfAbsent(key, k -> {
                Tags tags = Tags.of(tag1, k.first());
                if (tag2 != null) {
                    tags = tags.and(tag2, k.second());
                }
                if (tag3 != null) {
                    tags = tags.and(tag3, k.third());
                }
                return register.apply(tags, target);
            });
        }
        return meter;
    }

    int seriesCount() {
        return meters.size();
    }

    /** One series: the meter's name and its tag values (null past the meter's tags). */
    private record Key(String name, String first, String second, String third) {
    }
}
