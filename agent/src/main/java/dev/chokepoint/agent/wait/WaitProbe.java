package dev.chokepoint.agent.wait;

import dev.chokepoint.agent.label.LabelLimit;
import dev.chokepoint.agent.options.Durations;
import dev.chokepoint.agent.probe.MeterProbe;
import dev.chokepoint.agent.probe.ProbeContext;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;

/**
 * Names the waits no library probe sees (a {@code synchronized} block, a {@code ReentrantLock},
 * a {@code Future.get()}, a Redis or search client's socket, a file) from JDK Flight Recorder
 * events streamed inside the JVM: {@code chokepoint.wait.*} (docs/metrics.md). Instruments no class.
 *
 * <p>JFR absent ({@code jdk.jfr} not in the runtime), disabled or refused: one stderr line
 * through {@link ProbeContext#failed}, no wait meters, the other probes run on.
 */
public final class WaitProbe extends MeterProbe {

    static final String ID = "waits";
    static final int DEFAULT_MAX_LABELS = 50;
    static final String DEFAULT_THRESHOLD = "1ms";
    /**
     * How often at most the outbound connections are counted again when this process's sockets
     * changed: a new pool's connections show within it, well inside a load step (10 s or more).
     */
    static final java.time.Duration OUTBOUND_TABLE_INTERVAL = java.time.Duration.ofSeconds(5);

    /**
     * Strong references to what the wait gauges and counters read: Micrometer's are weak, and the
     * consumer thread that also holds them ends when JFR is refused or fails.
     */
    private WaitMetrics metrics;
    /** Strong reference, as above. */
    private RequestWaits requestWaits;
    /** Strong reference, as above: its connection gauges keep their last count if the stream stops. */
    private OutboundPeers outbound;

    public WaitProbe() {
        super(ID);
    }

    @Override
    public void bind(ProbeContext context) {
        int maxLabels = LabelLimit.read(context, ID, "waits.max-labels", DEFAULT_MAX_LABELS);
        WaitThresholds thresholds = new WaitThresholds(threshold(context, "waits.lock-threshold"),
                threshold(context, "waits.socket-threshold"), threshold(context, "waits.file-threshold"));
        if (maxLabels < 0 || !context.isOn(ID)) {
            return;
        }
        if (ModuleLayer.boot().findModule("jdk.jfr").isEmpty()) {
            context.failed(ID, "this Java runtime has no jdk.jfr module (JDK Flight Recorder); no wait meters, "
                    + "the other probes run on");
            return;
        }
        WaitMetrics metrics = new WaitMetrics(maxLabels);
        metrics.bindTo(context.registry());
        RequestWaits requestWaits = new RequestWaits();
        requestWaits.bindTo(context.registry());
        this.metrics = metrics;
        this.requestWaits = requestWaits;
        // JFR records no park of a virtual thread: their waits are sampled, from the first request on one.
        VirtualWaitSampler.startAtFirstVirtualRequest(metrics, requestWaits, () -> context.isOn(ID));
        // JFR's start (a second or more of CPU) runs on the wait probe's own thread, which then
        // consumes the stream: the metrics endpoint, opened after the probes bind, does not wait
        // for it, and it waits for the application's start-up to settle first.
        OutboundPeers outbound = new OutboundPeers(java.nio.file.Path.of("/proc"), maxLabels, context.registry(),
                OUTBOUND_TABLE_INTERVAL, System::nanoTime);
        this.outbound = outbound;
        boolean attachedLate = context.attachedLate();
        MeterRegistry registry = context.registry();
        Thread consumer = new Thread(() -> {
            try {
                if (!attachedLate) {
                    StartUpSettled.ofThisJvm().await();
                }
                JfrWaits.run(thresholds, metrics, requestWaits, outbound,
                        () -> (long) overRequests(registry, Timer::count),
                        () -> overRequests(registry, timer -> timer.totalTime(TimeUnit.SECONDS)),
                        reason -> context.failed(ID, reason));
            } catch (InterruptedException stopped) {
                Thread.currentThread().interrupt();
            }
        }, "chokepoint-waits");
        consumer.setDaemon(true);
        consumer.start();
    }

    /** A sum over the finished server requests' timers: 0 while the request probe is off. */
    private static double overRequests(MeterRegistry registry, ToDoubleFunction<Timer> read) {
        double sum = 0;
        for (Timer timer : registry.find("http.server.requests").timers()) {
            sum += read.applyAsDouble(timer);
        }
        return sum;
    }

    private static Duration threshold(ProbeContext context, String option) {
        Duration value = Durations.parse(context.option(option, DEFAULT_THRESHOLD));
        // null only if the options parser let a bad value through; it reported bad ones already
        return value != null ? value : Durations.parse(DEFAULT_THRESHOLD);
    }
}
