package dev.chokepoint.collector.progress;

import dev.chokepoint.collector.signals.Histogram;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The one line printed when a step ends: request rate and server p95 over the step, mean CPU,
 * and the peaks of busy workers and pool connections/pending. Signals no target exposes are left out.
 */
final class StepLine {

    private static final DateTimeFormatter CLOCK =
            DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneId.systemDefault());

    private StepLine() {
    }

    static String format(StepClock.Window step, List<TickTotals> history) {
        List<TickTotals> ticks = history.stream()
                .filter(t -> t.timeMillis() >= step.startMillis() && t.timeMillis() <= step.endMillis()).toList();
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "chokepoint: step %d [%s–%s]", step.index(),
                CLOCK.format(Instant.ofEpochMilli(step.startMillis())),
                CLOCK.format(Instant.ofEpochMilli(step.endMillis()))));
        if (ticks.size() < 2) {
            return line.append(" not enough scrapes in the step").toString();
        }
        TickTotals first = ticks.get(0);
        TickTotals last = ticks.get(ticks.size() - 1);
        double seconds = (last.timeMillis() - first.timeMillis()) / 1000.0;
        List<String> parts = new ArrayList<>();
        parts.add(String.format(Locale.ROOT, "%.1f req/s", (last.requests() - first.requests()) / seconds));
        double p95 = p95(first.buckets(), last.buckets());
        if (!Double.isNaN(p95)) {
            parts.add(String.format(Locale.ROOT, "p95 %.0f ms", p95 * 1000));
        }
        // Gauges over the rounds after the step's start: the first round belongs to the step before.
        List<TickTotals> within = ticks.subList(1, ticks.size());
        double cpu = within.stream().mapToDouble(TickTotals::cpu).filter(v -> !Double.isNaN(v)).average()
                .orElse(Double.NaN);
        if (!Double.isNaN(cpu)) {
            parts.add(String.format(Locale.ROOT, "cpu %.0f%%", cpu * 100));
        }
        double busy = peak(within, TickTotals::busyWorkers);
        if (!Double.isNaN(busy)) {
            parts.add(String.format(Locale.ROOT, "workers %.0f/%.0f busy", busy, peak(within, TickTotals::maxWorkers)));
        }
        double active = peak(within, TickTotals::activeConnections);
        if (!Double.isNaN(active)) {
            parts.add(String.format(Locale.ROOT, "pool %.0f/%.0f active, %.0f pending", active,
                    peak(within, TickTotals::maxConnections), peak(within, TickTotals::pendingConnections)));
        }
        return line.append(' ').append(String.join(" · ", parts)).toString();
    }

    private static double p95(Map<String, Double> before, Map<String, Double> after) {
        Histogram histogram = new Histogram();
        after.forEach((le, count) -> histogram.add(le, count - before.getOrDefault(le, 0.0)));
        return histogram.quantile(0.95);
    }

    private static double peak(List<TickTotals> ticks, ToDoubleFunction<TickTotals> value) {
        return ticks.stream().mapToDouble(value).filter(v -> !Double.isNaN(v)).max().orElse(Double.NaN);
    }
}
