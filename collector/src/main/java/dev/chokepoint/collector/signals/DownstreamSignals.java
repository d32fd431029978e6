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
        return out;
    }

    @Override
    public void compute(TargetSeries in, Baseline baseline, SignalFrame out) {
        out.put("downstream_call_rate", PointWise.scale(in.increase(TIMER + "_count"), 1 / in.grid().windowSeconds()));
        worst.compute(in, baseline, out);
    }
}
