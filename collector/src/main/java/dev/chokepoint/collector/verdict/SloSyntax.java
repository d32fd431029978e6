package dev.chokepoint.collector.verdict;

import dev.chokepoint.collector.signals.DurationText;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads an SLO written either way, terms joined by commas:
 * <ul>
 *   <li>k6's threshold expressions, as inside the quotes of {@code http_req_duration: ['p(95)<300']}:
 *       {@code p(95)<300}, {@code med<150}, {@code avg<200} in milliseconds as k6 counts them (a
 *       unit may be added: {@code p(99)<1.5s}), {@code rate<0.01} or {@code http_req_failed<0.01}
 *       for the failed share; the k6 line itself may be pasted, metric names, brackets and quotes
 *       included: {@code http_req_duration: ['p(95)<300', 'p(99)<1000'], http_req_failed: ['rate<0.01']};</li>
 *   <li>the original form, a unit required: {@code p95<=300ms}, {@code p99<1s}, {@code errors<=1%}.</li>
 * </ul>
 * {@code <} is strictly below (a p95 of exactly 300 ms misses {@code p(95)<300}), {@code <=} at most.
 * Several {@code --slo} options are joined by {@code ;}, which ends a k6 metric name's reach.
 */
final class SloSyntax {

    static final String EXAMPLES = "write e.g. p(95)<300,p(99)<1000,http_req_failed<0.01 (k6: milliseconds) "
            + "or p95<=300ms,p99<=1s,errors<=1%";

    private static final Pattern PREFIX = Pattern.compile("([a-z_][a-z0-9_]*)(\\{[^}]*})?\\s*:\\s*(.*)");
    private static final Pattern TERM = Pattern.compile("([a-z_0-9().]+)\\s*(<=|<|>=|>|===|==|!=)\\s*(.+)");
    private static final Pattern K6_PERCENTILE = Pattern.compile("p\\(([0-9.]+)\\)");
    private static final Pattern OWN_PERCENTILE = Pattern.compile("p([0-9]+)");
    private static final Pattern NUMBER = Pattern.compile("[0-9]+(\\.[0-9]*)?|\\.[0-9]+");
    private static final Set<Integer> PERCENTILES = Set.of(50, 90, 95, 99);
    private static final String DURATION_METRIC = "http_req_duration";
    private static final String FAILED_METRIC = "http_req_failed";

    private final String text;

    private SloSyntax(String text) {
        this.text = text;
    }

    /** The terms of {@code text}; an {@link IllegalArgumentException} naming {@code --slo}, the bad term and a correct example. */
    static List<Slo.Term> parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("--slo is empty; " + EXAMPLES);
        }
        return new SloSyntax(text).terms();
    }

    private List<Slo.Term> terms() {
        // k6 writes the expressions as a JavaScript array of strings: the brackets and quotes go.
        String bare = text.replaceAll("[\\[\\]'\"`]", "").toLowerCase(Locale.ROOT);
        List<Slo.Term> out = new ArrayList<>();
        // ';' joins repeated --slo options: a k6 metric name never reaches past it.
        for (String group : bare.split(";")) {
            String metric = null; // a k6 metric name before ':' covers the terms after it
            for (String raw : group.split(",")) {
                String part = raw.strip();
                if (part.isEmpty()) {
                    continue;
                }
                Matcher prefix = PREFIX.matcher(part);
                if (prefix.matches()) {
                    metric = prefix.group(1);
                    if (prefix.group(2) != null) {
                        throw bad(part, "a threshold on tagged requests (" + prefix.group(2) + ") cannot be judged: "
                                + "chokepoint judges all of a step's requests");
                    }
                    if (!metric.equals(DURATION_METRIC) && !metric.equals(FAILED_METRIC)) {
                        throw bad(part, "chokepoint judges k6's " + DURATION_METRIC + " and " + FAILED_METRIC
                                + ", not " + metric);
                    }
                    part = prefix.group(3).strip();
                }
                out.add(term(part, metric));
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("--slo \"" + text + "\" has no term; " + EXAMPLES);
        }
        return out;
    }

    private Slo.Term term(String part, String metric) {
        Matcher m = TERM.matcher(part);
        if (!m.matches()) {
            throw bad(part, "a term is an aggregate, < or <=, and a bound");
        }
        String left = m.group(1);
        String op = m.group(2);
        String value = m.group(3).replaceAll("\\s+", "");
        if (!op.equals("<") && !op.equals("<=")) {
            throw bad(part, "an SLO is an upper bound: use < (strictly below) or <= (at most), not " + op);
        }
        boolean inclusive = op.equals("<=");
        if (left.equals("errors") || left.equals("rate") || left.equals(FAILED_METRIC)) {
            if (DURATION_METRIC.equals(metric)) {
                throw bad(part, DURATION_METRIC + " has no rate; write the failed share as http_req_failed<0.01");
            }
            return new Slo.Term("errors", inclusive, share(part, value));
        }
        if (FAILED_METRIC.equals(metric)) {
            throw bad(part, FAILED_METRIC + " is judged by its rate, e.g. rate<0.01");
        }
        if (left.equals(DURATION_METRIC)) {
            throw bad(part, "say which aggregate of " + DURATION_METRIC + ": p(95)<300, p(99)<1000, med<150 or avg<200");
        }
        Matcher k6 = K6_PERCENTILE.matcher(left);
        if (k6.matches()) {
            return new Slo.Term("p" + percentile(part, k6.group(1)), inclusive, seconds(part, value, true));
        }
        if (left.equals("med")) {
            return new Slo.Term("p50", inclusive, seconds(part, value, true));
        }
        if (left.equals("avg")) {
            return new Slo.Term("avg", inclusive, seconds(part, value, true));
        }
        Matcher own = OWN_PERCENTILE.matcher(left);
        if (own.matches()) {
            return new Slo.Term("p" + percentile(part, own.group(1)), inclusive, seconds(part, value, false));
        }
        throw bad(part, "'" + left + "' is not an aggregate chokepoint judges: p(50), p(90), p(95), p(99), med, avg "
                + "(or p50…p99), and rate or errors for failed requests");
    }

    private int percentile(String part, String number) {
        try {
            double p = Double.parseDouble(number);
            if (p == Math.rint(p) && PERCENTILES.contains((int) p)) {
                return (int) p;
            }
        } catch (NumberFormatException notANumber) {
            // reported below
        }
        throw bad(part, "percentile " + number + " is not measured; use p(50), p(90), p(95) or p(99)");
    }

    /** A latency bound in seconds: a bare number is milliseconds in k6's form and refused in the original one. */
    private double seconds(String part, String value, boolean k6Form) {
        if (value.endsWith("%")) {
            throw bad(part, "a latency takes a time (300 or 300ms), not a percentage");
        }
        if (NUMBER.matcher(value).matches()) {
            if (!k6Form) {
                String metric = part.substring(0, part.indexOf('<')).strip();
                throw bad(part, metric + " needs a time unit (us, ms, s), e.g. " + metric + "<=300ms, or write it k6's "
                        + "way, p(" + metric.substring(1) + ")<300, in milliseconds");
            }
            return Double.parseDouble(value) / 1000;
        }
        try {
            return DurationText.parse(value).toNanos() / 1e9;
        } catch (IllegalArgumentException e) {
            throw bad(part, "'" + value + "' is not a time; write milliseconds as k6 does (300) or a duration (300ms, 1.5s)");
        }
    }

    private double share(String part, String value) {
        boolean percent = value.endsWith("%");
        String number = percent ? value.substring(0, value.length() - 1).strip() : value;
        double v;
        try {
            v = Double.parseDouble(number);
        } catch (NumberFormatException e) {
            throw bad(part, "errors take % or a fraction, e.g. errors<=1% or http_req_failed<0.01; '" + value
                    + "' is neither");
        }
        v = percent ? v / 100 : v;
        if (!(v >= 0 && v <= 1)) {
            throw bad(part, "the failed share is a fraction from 0 to 1 (0.01) or a percentage (1%), not " + value);
        }
        return v;
    }

    private IllegalArgumentException bad(String part, String why) {
        return new IllegalArgumentException("--slo \"" + text + "\": cannot read '" + part + "': " + why + "; " + EXAMPLES);
    }
}
