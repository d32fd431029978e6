package dev.chokepoint.collector.signals;

import java.util.ArrayList;
import java.util.List;

/** Outbound HTTP calls by host: the host that slowed down most against its own baseline. */
final class DownstreamSignals implements SignalGroup {

    private static final String TIMER = "chokepoint_http_client_requests_seconds";
    private final LabelPickSignals worst = new LabelPickSignals("downstream", "downstream_host", TIMER, "host",
            TimerByLabel.Pick.LARGEST_INFLATION, "the outbound host whose latency rose most against its baseline");

    @Override
    public List<Signal> signals() {
        List<Signal> out = new ArrayList<>(List.of(
                Signal.number("downstream_call_rate", Unit.PER_SECOND, "outbound calls per second, all hosts")));
        out.addAll(worst.signals());
        out.add(Signal.number("downstream_utilization", Unit.RATIO,
                "the picked host's busy fraction from its latency inflation, 1 - baseline/mean (0 when not slower)"));
        return out;
    }

    @Override
    public void compute(TargetSeries in, Baseline baseline, SignalFrame out) {
        out.put("downstream_call_rate", PointWise.scale(in.increase(TIMER + "_count"), 1 / in.grid().windowSeconds()));
        worst.compute(in, baseline, out);
        out.put("downstream_utilization", busyFraction(out.values("downstream_inflation")));
    }

    /**
     * We cannot see the dependency's capacity, only how much slower it answers. A queue answers in
     * R = S / (1 - U) (S its service time, here the baseline latency), so U = 1 - S / R: near 0 while
     * it answers as fast as when idle, towards 1 as waiting dominates.
     */
    private static double[] busyFraction(double[] inflation) {
        double[] u = new double[inflation.length];
        for (int i = 0; i < u.length; i++) {
            u[i] = Math.max(0, 1 - 1 / inflation[i]);
        }
        return u;
    }
}
