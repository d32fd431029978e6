package dev.chokepoint.collector.steps;

import dev.chokepoint.collector.store.RunData;
import dev.chokepoint.collector.store.Series;
import dev.chokepoint.collector.store.SeriesKey;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Per second of a run: requests completed in it and in flight at its end (NaN: that scrape failed). */
final class LoadSeconds {

    static final long T0 = 1_764_450_000_000L;
    static final String TARGET = "http://127.0.0.1:1/metrics";

    private final List<Double> done = new ArrayList<>();
    private final List<Double> inFlight = new ArrayList<>();

    LoadSeconds add(int seconds, double perSecond, double held) {
        for (int i = 0; i < seconds; i++) {
            done.add(perSecond);
            inFlight.add(held);
        }
        return this;
    }

    /** A heap collapse: a burst every 10 s and nothing between, in flight held, every other scrape failing. */
    LoadSeconds collapse(int seconds, double burst, double held) {
        for (int i = 0; i < seconds; i++) {
            done.add(i % 10 == 4 ? burst : 0);
            inFlight.add(i % 2 == 1 ? Double.NaN : held + (i % 3) - 1);
        }
        return this;
    }

    /** The request timer's count and the agent's in-flight gauge as scraped (no in-flight: Actuator only). */
    RunData run(boolean agent) {
        List<Long> times = new ArrayList<>();
        List<Double> counts = new ArrayList<>();
        List<Double> gauge = new ArrayList<>();
        times.add(T0);
        counts.add(0.0);
        gauge.add(0.0);
        double count = 0;
        for (int s = 0; s < done.size(); s++) {
            count += done.get(s);
            if (Double.isNaN(inFlight.get(s))) {
                continue;
            }
            times.add(T0 + (s + 1) * 1000L);
            counts.add(count);
            gauge.add(inFlight.get(s));
        }
        long[] t = times.stream().mapToLong(Long::longValue).toArray();
        List<Series> series = new ArrayList<>();
        series.add(new Series(SeriesKey.of(TARGET, ServerRateSteps.REQUEST_COUNT, Map.of("uri", "/events")), t,
                counts.stream().mapToDouble(Double::doubleValue).toArray()));
        if (agent) {
            series.add(new Series(SeriesKey.of(TARGET, "chokepoint_http_server_active", Map.of()), t,
                    gauge.stream().mapToDouble(Double::doubleValue).toArray()));
        }
        return new RunData(T0, T0 + (done.size() + 1) * 1000L, List.of(TARGET), series, List.of());
    }
}
