package dev.chokepoint.collector.signals;

import java.util.List;

/** Outbound HTTP calls by host: the host that slowed down most against its own baseline. */
final class DownstreamSignals implements SignalGroup {

    private static final String TIMER = "chokepoint_http_client_requests_seconds";

    @Override
    public List<Signal> signals() {
        return List.of(
                Signal.number("downstream_call_rate", Unit.PER_SECOND, "outbound calls per second, all hosts"),
                Signal.text("downstream_host", "the outbound host whose latency rose most against its baseline"),
                Signal.number("downstream_mean", Unit.SECONDS, "its mean call latency"),
                Signal.number("downstream_baseline", Unit.SECONDS, "its mean call latency at the lowest load step"),
                Signal.number("downstream_inflation", Unit.FACTOR, "its latency / its baseline latency"),
                Signal.number("downstream_share", Unit.RATIO, "its share of all outbound call time"),
                Signal.number("downstream_rate", Unit.PER_SECOND, "its calls per second"));
    }

    @Override
    public void compute(TargetSeries in, Baseline baseline, SignalFrame out) {
        out.put("downstream_call_rate", PointWise.scale(in.increase(TIMER + "_count"), 1 / in.grid().windowSeconds()));
        TimerByLabel worst = new TimerByLabel(in, TIMER, "host", baseline, TimerByLabel.Pick.LARGEST_INFLATION);
        out.putText("downstream_host", worst.label);
        out.put("downstream_mean", worst.mean);
        out.put("downstream_baseline", worst.baselineMean);
        out.put("downstream_inflation", worst.inflation);
        out.put("downstream_share", worst.share);
        out.put("downstream_rate", worst.rate);
    }
}
