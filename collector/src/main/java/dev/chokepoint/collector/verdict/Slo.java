package dev.chokepoint.collector.verdict;

import dev.chokepoint.collector.signals.StepTraffic;
import dev.chokepoint.collector.signals.Unit;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A service level objective in k6-threshold-like form: comma-separated terms
 * {@code p95<=300ms}, {@code p99<1s}, {@code errors<=1%} (quantiles p50, p90, p95, p99; times in
 * us, ms, s; error share in % or as a fraction).
 */
public final class Slo {

    private static final Pattern TERM = Pattern.compile("\\s*(p50|p90|p95|p99|errors)\\s*(<=|<)\\s*([0-9.]+)\\s*(us|ms|s|%)?\\s*");

    /** One bound: a quantile in seconds or the error share (0..1). */
    public record Term(String metric, boolean inclusive, double limit) {

        boolean met(double value) {
            return inclusive ? value <= limit : value < limit;
        }

        double valueIn(StepTraffic t) {
            return metric.equals("errors") ? t.errorRate() : t.quantile(Integer.parseInt(metric.substring(1)));
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

    /** Parses the SLO; the exception message names the bad term and shows the expected form. */
    public static Slo parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("--slo is empty; write e.g. \"p95<=300ms,p99<=1s,errors<=1%\"");
        }
        List<Term> terms = new ArrayList<>();
        for (String part : text.split(",")) {
            Matcher m = TERM.matcher(part.toLowerCase(Locale.ROOT));
            if (!m.matches()) {
                throw new IllegalArgumentException("--slo \"" + text + "\": cannot read term '" + part.strip()
                        + "'; write terms like p95<=300ms, p99<1s, errors<=1% (quantiles p50/p90/p95/p99)");
            }
            String metric = m.group(1);
            String unit = m.group(4);
            double v;
            try {
                v = Double.parseDouble(m.group(3));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--slo \"" + text + "\": '" + m.group(3) + "' is not a number");
            }
            if (metric.equals("errors")) {
                if (unit != null && !unit.equals("%")) {
                    throw new IllegalArgumentException("--slo \"" + text + "\": errors take % or a fraction, not " + unit);
                }
                v = "%".equals(unit) ? v / 100 : v;
            } else {
                if (unit == null || unit.equals("%")) {
                    throw new IllegalArgumentException("--slo \"" + text + "\": " + metric + " needs a time unit (us, ms, s)");
                }
                v = switch (unit) {
                    case "us" -> v / 1_000_000;
                    case "ms" -> v / 1000;
                    default -> v;
                };
            }
            terms.add(new Term(metric, m.group(2).equals("<="), v));
        }
        return new Slo(text, terms);
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
