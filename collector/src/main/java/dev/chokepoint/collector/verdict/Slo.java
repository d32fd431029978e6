package dev.chokepoint.collector.verdict;

import dev.chokepoint.collector.signals.StepTraffic;
import dev.chokepoint.collector.signals.Unit;

import java.util.ArrayList;
import java.util.List;

/**
 * A service level objective: comma-separated upper bounds on a step's latency (p50, p90, p95,
 * p99, mean) and failed share, in k6's threshold syntax ({@code p(95)<300,http_req_failed<0.01})
 * or the original one ({@code p95<=300ms,errors<=1%}); see {@link SloSyntax}.
 */
public final class Slo {

    /** One bound: a quantile ({@code p95}) or the mean ({@code avg}) in seconds, or the error share ({@code errors}, 0..1). */
    public record Term(String metric, boolean inclusive, double limit) {

        boolean met(double value) {
            return inclusive ? value <= limit : value < limit;
        }

        double valueIn(StepTraffic t) {
            return switch (metric) {
                case "errors" -> t.errorRate();
                case "avg" -> t.meanSeconds();
                default -> t.quantile(Integer.parseInt(metric.substring(1)));
            };
        }

        String describe() {
            String op = inclusive ? " ≤ " : " < ";
            return metric + op + (metric.equals("errors") ? Unit.RATIO.format(limit) : Unit.SECONDS.format(limit));
        }
    }

    private final String text;
    private final List<Term> terms;

    private Slo(String text, List<Term> terms) {
        this.text = text;
        this.terms = List.copyOf(terms);
    }

    /** Parses the SLO; the exception message names {@code --slo}, the bad term and a correct example. */
    public static Slo parse(String text) {
        return new Slo(text, SloSyntax.parse(text));
    }

    public String text() {
        return text;
    }

    public List<Term> terms() {
        return terms;
    }

    /** "p95 ≤ 300 ms, p99 ≤ 1 s, errors ≤ 1 %". */
    public String describe() {
        return String.join(", ", terms.stream().map(Term::describe).toList());
    }

    /** Terms missed by this traffic, each with the measured value; empty = met. */
    public List<String> failures(StepTraffic t) {
        List<String> out = new ArrayList<>();
        for (Term term : terms) {
            double v = term.valueIn(t);
            if (!Double.isNaN(v) && !term.met(v)) {
                Unit unit = term.metric().equals("errors") ? Unit.RATIO : Unit.SECONDS;
                out.add(term.metric() + " " + unit.format(v) + " (limit " + unit.format(term.limit()) + ")");
            }
        }
        return out;
    }

    /** True/false when every term could be checked or one failed; null when some term had no data and none failed. */
    public Boolean met(StepTraffic t) {
        if (!failures(t).isEmpty()) {
            return false;
        }
        boolean allKnown = terms.stream().noneMatch(term -> Double.isNaN(term.valueIn(t)));
        return allKnown ? Boolean.TRUE : null;
    }
}
