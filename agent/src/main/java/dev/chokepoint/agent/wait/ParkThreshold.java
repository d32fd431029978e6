package dev.chokepoint.agent.wait;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;

/**
 * The {@code jdk.ThreadPark} threshold, raised while short parks cost more than they explain.
 *
 * <p>At the configured threshold ({@code waits.lock-threshold}, 1 ms) a pool of workers that wait a few
 * milliseconds for their next request writes one park event per request, with its stack, which the
 * consumer parses only to drop it as idle: on the fast service ≈ 7.5 µs of the agent's ≈ 14 µs a
 * request (docs/overhead.md). So while idle pool threads' parks arrive at
 * {@value #IDLE_PER_SECOND} a second or more and the request threads' parks (every one recorded)
 * take under {@value #MAX_SHARE_PERCENT} % of the requests' time, the threshold is {@link #RAISED};
 * it returns to the configured one for one window to look again when {@link LookSchedule} says
 * (after 10 s, then up to every 40 s while the load holds still, at once when it moves), and at
 * once when the parks it still records reach that share. Parks shorter than the raised threshold
 * are thus left out only while, measured at the configured threshold at the last look, all the
 * request threads' parks together explained under 2 % of their time.
 *
 * <p>Why {@value #IDLE_PER_SECOND} a second: an idle park event costs ≈ 20 µs of CPU (its stack
 * written on the worker ≈ 10 µs, read and dropped by the consumer ≈ 12 µs; the fast service's
 * {@code /select} at 7 300 requests a second over 11 workers made 365 a second, 1.3 µs a request,
 * docs/overhead.md), so below it they cost under 0.3 % of a core.
 *
 * <p>Fed and asked by the JFR consumer thread alone; {@link #current} is read at scrape time.
 */
final class ParkThreshold {

    static final Duration RAISED = Duration.ofMillis(10);
    static final long IDLE_PER_SECOND = 150;
    static final int MAX_SHARE_PERCENT = 2;
    private static final long WINDOW_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final Duration configured;
    private final Duration raised;
    private final RequestLoad load;
    private final LookSchedule looks;
    private volatile Duration current;
    private long idleParks;
    private long requestParkNanos;

    /**
     * @param requestCount   the finished server requests so far ({@code http.server.requests}' count)
     * @param requestSeconds their time so far, in seconds; both read once per window
     */
    ParkThreshold(Duration configured, long nowNanos, LongSupplier requestCount, DoubleSupplier requestSeconds,
                  LookSchedule looks) {
        this.configured = configured;
        this.raised = configured.compareTo(RAISED) >= 0 ? configured : RAISED;
        this.load = new RequestLoad(nowNanos, WINDOW_NANOS, requestCount, requestSeconds);
        this.looks = looks;
        this.current = configured;
    }

    Duration current() {
        return current;
    }

    /** A pool thread parked waiting for work (dropped as idle). */
    void idlePark() {
        idleParks++;
    }

    /** A request thread parked for {@code nanos}, outside any call the split already times. */
    void requestPark(long nanos) {
        requestParkNanos += nanos;
    }

    /** At a flush of the stream: the threshold to set now, or null to keep the current one. */
    Duration flushed(long nowNanos) {
        if (raised.equals(configured) || !load.windowEnded(nowNanos)) {
            return null;
        }
        double requestTime = load.seconds();
        boolean parksMatter = requestTime <= 0 || requestParkNanos / 1e9 >= requestTime * MAX_SHARE_PERCENT / 100;
        boolean idleMany = idleParks * 1e9 / load.elapsedNanos() >= IDLE_PER_SECOND;
        idleParks = 0;
        requestParkNanos = 0;
        looks.windowEnded(nowNanos);
        if (parksMatter) {
            looks.waitsMattered();
            return current == configured ? null : (current = configured);
        }
        if (current == configured) {
            if (idleMany) {
                looks.wentOff(nowNanos);
                return current = raised;
            }
            // Few idle parks: a quiet pool, or a look whose first events JFR hands over at its next flush.
            return null;
        }
        return looks.due(nowNanos) ? (current = configured) : null;
    }
}
