package dev.chokepoint.collector.verdict;

import dev.chokepoint.collector.signals.StepTraffic;
import dev.chokepoint.collector.signals.Unit;

import java.util.List;

/**
 * The servers' request timers start when a worker takes a request: a request accepted and queued
 * for a worker waited before that, unseen by them. By Little's law its mean wait there is the mean
 * number queued over the rate served. A step judged on the servers' latency (no load tool's own)
 * that met the SLO, but would not with that wait added to each latency, is not said to have met
 * it: its SLO is n/a, with why. workers-hey-detected-ci (4 Tomcat workers, steps detected): hey's
 * 200 RPS step held 36 queued at 44.8 RPS, about 0.8 s a request, while the timers read a p95 of
 * 180 ms, and the headline said every step met the SLO. Adding the mean wait to a quantile is an
 * estimate (the wait varies from request to request), which is why the SLO is left unknown rather
 * than called missed.
 */
public final class QueueWait {

    private QueueWait() {
    }

    /** {@code queued}: the mean requests waiting for a worker during the step (NaN unknown). */
    public static StepVerdict apply(StepVerdict v, double queued, Slo slo) {
        StepTraffic t = v.traffic();
        if (t.source() != StepTraffic.Source.SERVER || !Boolean.TRUE.equals(v.sloMet()) || !(queued > 0)
                || !(t.achievedRps() > 0)) {
            return v;
        }
        double wait = queued / t.achievedRps();
        List<String> missed = slo.failures(new StepTraffic(t.requests(), t.achievedRps(), t.p50Seconds() + wait,
                t.p90Seconds() + wait, t.p95Seconds() + wait, t.p99Seconds() + wait, t.errorRate(), t.source(),
                t.meanSeconds() + wait));
        if (missed.isEmpty()) {
            return v;
        }
        String why = "the servers' timers miss the ≈ " + Unit.SECONDS.format(wait) + " a request waited for a worker ("
                + Unit.num(queued) + " queued at " + Unit.num(t.achievedRps()) + " RPS, Little's law); added to each latency: "
                + String.join(", ", missed);
        return new StepVerdict(v.step(), t, null, List.of(why), v.resources(), v.firstSaturated(), v.consequences(),
                v.headroom(), v.limit());
    }
}
