package dev.chokepoint.collector.signals;

import java.util.List;

/**
 * How busy the rest of the machine was during a step: the host's CPU use minus the service's own
 * (both shares of the host's cores), averaged over the step. Two runs of the same build differ in
 * wall and JDBC time per request when their neighbours differ (recorded pool runs, load average
 * 10-35: +12..39 % JDBC time per request with the same configuration), so a comparison needs it.
 * With several targets on one host each sees the others as neighbours; the mean over targets is kept.
 */
final class BackgroundHostLoad {

    private BackgroundHostLoad() {
    }

    /** The neighbours' share of the host's CPU over [from, to], NaN when no target reports both signals. */
    static double between(List<SignalFrame> frames, long fromMillis, long toMillis) {
        double sum = 0;
        int n = 0;
        for (SignalFrame f : frames) {
            Grid g = f.grid();
            double[] host = f.values("host_cpu_utilization");
            double[] own = f.values("cpu_utilization");
            for (int i = g.indexAtOrAfter(fromMillis); i <= g.indexAtOrBefore(toMillis); i++) {
                if (!Double.isNaN(host[i]) && !Double.isNaN(own[i])) {
                    // The two come from different clocks (a gauge, a counter's window): never below zero.
                    sum += Math.max(0, host[i] - own[i]);
                    n++;
                }
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }
}
