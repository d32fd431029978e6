package dev.chokepoint.collector.check;

import com.fasterxml.jackson.databind.JsonNode;
import dev.chokepoint.collector.rules.Resource;
import dev.chokepoint.collector.signals.Unit;

import java.util.ArrayList;
import java.util.List;

/**
 * Judges a report.json against an {@link Expectation}: the one place that says whether a scenario
 * passed (the accuracy matrix and the recorded-run tests both use it).
 *
 * <ul>
 * <li>The first step with a named resource must name the expected one, within the tolerance, with
 *     the expected rule if one is given. Steps reported {@code unattributed} before it are allowed
 *     (limited, cause not named: the report says so) unless {@code unattributed} is what is expected.</li>
 * <li>Every none-step reports {@code none}: neither a resource nor {@code unattributed}.</li>
 * <li>{@code target-dies}: some step says the target stopped answering. Without it, no step up to
 *     the first named one may say so: a death there would pre-empt the diagnosis. A death at a
 *     later, higher step (a service pushed past the limit the report named, e.g. a heap at 90 %
 *     live that then runs out) leaves the scenario's claim, what saturated first, standing.</li>
 * </ul>
 */
public final class ExpectationCheck {

    /** The verdict of one report: a table row of the accuracy matrix. */
    public record Result(String expected, String reported, String step, String onset, String verdict) {

        public boolean passed() {
            return verdict.equals("pass");
        }

        /** "expected|reported|step|onset|verdict". */
        public String row() {
            return String.join("|", expected, reported, step, onset, verdict);
        }
    }

    private ExpectationCheck() {
    }

    public static Result check(Expectation want, JsonNode report) {
        JsonNode first = first(want, report.path("steps"));
        String got = first == null ? Resource.NONE : first.at("/firstSaturated/resource").asText();
        String reported = got + (first == null ? "" : " (" + first.at("/firstSaturated/rule").asText("?") + ")");
        String step = first == null ? "-" : String.valueOf(first.path("index").asInt());
        String onset = first == null || first.path("onsetMillis").isNull() ? "-"
                : Unit.num((first.path("onsetMillis").asLong() - first.path("startMillis").asLong()) / 1000.0) + " s into step";
        return new Result(want.describe(), reported, step, onset, verdict(want, report, first, got));
    }

    /** The first step with a named resource (or with unattributed, when that is what is expected). */
    private static JsonNode first(Expectation want, JsonNode steps) {
        for (JsonNode s : steps) {
            String r = s.at("/firstSaturated/resource").asText(Resource.NONE);
            boolean skip = r.equals(Resource.NONE) || (r.equals(Resource.UNATTRIBUTED) && !want.resource().equals(Resource.UNATTRIBUTED));
            if (!skip) {
                return s;
            }
        }
        return null;
    }

    private static String verdict(Expectation want, JsonNode report, JsonNode first, String got) {
        List<String> problems = new ArrayList<>();
        if (!got.equals(want.resource())) {
            problems.add("first saturated is " + got + ", expected " + want.resource());
        } else if (first != null && want.step() != null && Math.abs(first.path("index").asInt() - want.step()) > want.tolerance()) {
            problems.add("first saturated at step " + first.path("index").asInt() + ", expected " + want.step() + " ±" + want.tolerance());
        } else if (first != null && want.rule() != null && !want.rule().equals(first.at("/firstSaturated/rule").asText())) {
            problems.add("rule " + first.at("/firstSaturated/rule").asText() + ", expected " + want.rule());
        }
        for (JsonNode s : report.path("steps")) {
            String r = s.at("/firstSaturated/resource").asText(Resource.NONE);
            if (want.noneSteps().contains(s.path("index").asInt()) && !r.equals(Resource.NONE)) {
                problems.add("step " + s.path("index").asInt() + " says " + r + " (expected none)");
            }
        }
        int named = first == null ? Integer.MAX_VALUE : first.path("index").asInt();
        boolean died = false;
        for (JsonNode s : report.path("steps")) {
            boolean stopped = !s.at("/limit/stoppedMillis").isMissingNode() && !s.at("/limit/stoppedMillis").isNull();
            died |= stopped && (want.targetDies() || s.path("index").asInt() <= named);
        }
        if (died != want.targetDies()) {
            problems.add(want.targetDies() ? "the report does not say the target stopped answering (expect.target-dies)"
                    : "the report says the target stopped answering");
        }
        return problems.isEmpty() ? "pass" : "FAIL: " + String.join("; ", problems);
    }
}
