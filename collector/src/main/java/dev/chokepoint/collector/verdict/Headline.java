package dev.chokepoint.collector.verdict;

import dev.chokepoint.collector.rules.Resource;
import dev.chokepoint.collector.signals.Unit;
import dev.chokepoint.collector.steps.Step;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The one sentence a reader needs: capacity at the knee, the first resource that saturated (when,
 * in which step, its evidence and its consequences), and where the service stopped keeping up when
 * that is another step. Steps are taken in order of offered load.
 */
public final class Headline {

    private Headline() {
    }

    /** The knee: the highest-load step that met the SLO and was not limited (null when none did). */
    public static Knee knee(List<StepVerdict> byLoad) {
        StepVerdict knee = null;
        for (StepVerdict v : byLoad) {
            if (Boolean.TRUE.equals(v.sloMet()) && !v.limit().limited()) {
                knee = v;
            }
        }
        return knee == null ? null : new Knee(knee.step().index(), rps(knee), knee.traffic().achievedRps());
    }

    public static String of(List<StepVerdict> byLoad, Knee knee, Slo slo) {
        if (byLoad.isEmpty()) {
            return "No load steps found: nothing to judge (give --steps-file, or run a load with distinct steps)";
        }
        StepVerdict died = byLoad.stream().filter(v -> v.limit().stoppedMillis() != null
                && v.limit().stoppedMillis() >= v.step().startMillis()).findFirst().orElse(null);
        String capacity = capacity(byLoad, knee, slo);
        if (died == null) {
            return capacity;
        }
        // The target dying is the news: it comes first, with what came before it.
        long at = died.limit().stoppedMillis();
        Finding f = died.firstSaturated();
        return "The service stopped answering at " + Unit.clock(at) + ", " + Unit.num((at - died.step().startMillis()) / 1000.0)
                + " s into step " + died.step().index() + (Double.isNaN(rps(died)) ? "" : " (" + Unit.num(rps(died)) + " RPS)")
                + (f == null || f.resource().id().equals(Resource.UNATTRIBUTED) ? "; no resource was near its capacity before"
                : "; before that the " + f.displayName() + " was at its limit") + ". " + capacity;
    }

    private static String capacity(List<StepVerdict> byLoad, Knee knee, Slo slo) {
        String objective = slo.describe();
        if (knee == null) {
            boolean anyChecked = byLoad.stream().anyMatch(v -> v.sloMet() != null);
            StepVerdict first = byLoad.get(0);
            if (!anyChecked) {
                StepVerdict worst = byLoad.stream().filter(v -> v.firstSaturated() != null).findFirst().orElse(byLoad.get(byLoad.size() - 1));
                return "SLO (" + objective + ") not checkable: no latency data (pass the load tool's output, or enable "
                        + "http.server.requests histogram buckets); " + news(byLoad, worst);
            }
            // Nothing saturated at the lowest step: the step where something did is the news.
            StepVerdict shown = first.firstSaturated() != null ? first
                    : byLoad.stream().filter(v -> v.firstSaturated() != null).findFirst().orElse(first);
            return "SLO (" + objective + ") missed from the lowest step (" + Unit.num(rps(first)) + " RPS"
                    + failures(first) + "); " + news(byLoad, shown);
        }
        // The step after the knee in load order: one offered as much (load that went on after the
        // last step, offered what it was) comes after it too.
        StepVerdict after = byLoad.stream().dropWhile(v -> v.step().index() != knee.stepIndex()).skip(1)
                .findFirst().orElse(null);
        if (after == null) {
            StepVerdict top = byLoad.get(byLoad.size() - 1);
            return "Capacity ≥ " + Unit.num(knee.offeredRps()) + " RPS at " + objective + " (" + everyStep(byLoad)
                    + "); " + news(byLoad, top);
        }
        return "Capacity ≈ " + Unit.num(knee.offeredRps()) + " RPS at " + objective + "; " + news(byLoad, after);
    }

    /**
     * After the capacity, as the design defines the headline: the run's first saturated resource
     * (the first step, in time, where a rule named one: when and in which step it began), then
     * where the service stopped keeping up if that is another step; with no resource named, where
     * it stopped keeping up. A step no rule explains is not the first saturated resource:
     * PostgreSQL's CPU as the limit read database, database, unattributed, database, and the
     * headline named the third step. {@code otherwise} (the step after the knee, the highest
     * step) is shown where neither exists, and beside them where it missed the SLO, unlimited,
     * before either, or where the load generator fell short in it. Said in the order the steps ran.
     */
    private static String news(List<StepVerdict> byLoad, StepVerdict otherwise) {
        List<StepVerdict> byTime = byLoad.stream().sorted(Comparator.comparingLong(v -> v.step().startMillis())).toList();
        StepVerdict saturated = byTime.stream().filter(v -> named(v.firstSaturated())).findFirst().orElse(null);
        // A death leads the headline already; the step it happened in is not "stopped keeping up" again.
        StepVerdict stopped = byTime.stream().filter(v -> v.limit().limited() && !generator(v.firstSaturated()))
                .findFirst().filter(v -> v.limit().stoppedMillis() == null).orElse(null);
        StepVerdict shown = saturated != null ? saturated : stopped != null ? stopped : otherwise;
        Map<StepVerdict, String> said = new TreeMap<>(Comparator.comparingLong((StepVerdict v) -> v.step().startMillis())
                .thenComparingInt(v -> v.step().index()));
        said.put(shown, at(shown) + " " + what(shown));
        // The step after the knee stays beside them where it says what they do not: the SLO missed
        // before anything saturated, or a load generator that could not offer the rate.
        boolean missedFirst = !otherwise.limit().limited() && otherwise.step().startMillis() < shown.step().startMillis();
        if (otherwise != shown && (missedFirst || generator(otherwise.firstSaturated()))) {
            said.put(otherwise, at(otherwise) + " " + what(otherwise));
        }
        if (stopped != null && stopped != shown) {
            said.put(stopped, stoppedKeepingUp(stopped, shown));
        }
        return String.join("; ", said.values());
    }

    /** "the service stopped keeping up at 35 RPS", with the cause there when it differs, or the symptoms. */
    private static String stoppedKeepingUp(StepVerdict stopped, StepVerdict shown) {
        Finding f = stopped.firstSaturated();
        String where = "the service stopped keeping up " + at(stopped);
        if (f == null || f.resource().id().equals(Resource.UNATTRIBUTED)) {
            return where + " and no rule names the cause there" + (f == null ? "" : " (" + f.summary() + ")");
        }
        boolean other = shown.firstSaturated() == null || !f.resource().equals(shown.firstSaturated().resource());
        return where + (other ? ", where the " + f.displayName() + " saturated first" : "") + " ("
                + String.join("; ", stopped.limit().symptoms().stream().map(Symptom::text).toList()) + ")";
    }

    /** A resource a rule (or the last readings before a death or a collapse) named: not unattributed, not the load generator. */
    private static boolean named(Finding f) {
        return f != null && !f.resource().id().equals(Resource.UNATTRIBUTED) && !generator(f);
    }

    private static boolean generator(Finding f) {
        return f != null && f.resource().id().equals(Resource.LOAD_GENERATOR);
    }

    /**
     * "every step met the SLO" only where it says all: no step missed it, none was limited, and
     * none served less than {@link LimitJudge#MIN_KEPT_SHARE} of its offer (a closed-loop tool
     * that fell short, or a service that did without its latency showing it), where it was offered
     * enough requests for the share to say so (at 0.16 RPS, 4 answers of 4.8 asked are no shortfall).
     */
    private static String everyStep(List<StepVerdict> byLoad) {
        StepVerdict short_ = byLoad.stream().filter(v -> v.step().offeredRps() > 0 && v.step().source() != Step.Source.DETECTED
                && v.step().offeredRps() * v.step().durationSeconds() >= LimitJudge.MIN_REQUESTS
                && v.traffic().achievedRps() < LimitJudge.MIN_KEPT_SHARE * v.step().offeredRps()).findFirst().orElse(null);
        StepVerdict failed = byLoad.stream().filter(v -> Boolean.FALSE.equals(v.sloMet()) || v.limit().limited())
                .findFirst().orElse(null);
        if (failed != null) {
            return "the highest step met the SLO; step " + failed.step().index() + " did not: "
                    + (Boolean.FALSE.equals(failed.sloMet()) ? String.join(", ", failed.sloFailures())
                    : failed.limit().symptoms().get(0).text());
        }
        if (short_ != null) {
            return "the highest step met the SLO's latency and errors, but step " + short_.step().index() + " served "
                    + Unit.num(short_.traffic().achievedRps()) + " of " + Unit.num(short_.step().offeredRps()) + " RPS offered";
        }
        return "every step met the SLO";
    }

    /** "the connection pool saturated first (evidence); Tomcat workers followed as a consequence". */
    static String what(StepVerdict v) {
        Finding f = v.firstSaturated();
        if (f == null) {
            String slo = Boolean.FALSE.equals(v.sloMet()) ? "the SLO was missed" + failures(v) + " but " : "";
            ResourceUse h = v.headroom();
            return slo + "nothing saturated" + (h == null ? "" : " (highest utilization: " + h.resource().displayName()
                    + " " + Unit.RATIO.format(h.utilization()) + ")");
        }
        if (f.resource().id().equals(Resource.LOAD_GENERATOR)) {
            return "the load generator could not offer the asked rate, not the service (" + f.summary() + ")";
        }
        if (f.resource().id().equals(Resource.UNATTRIBUTED)) {
            return "the service stopped keeping up and no rule names the cause (" + f.summary() + ")";
        }
        StringBuilder s = new StringBuilder("the ").append(f.displayName()).append(" saturated first, from ")
                .append(Unit.clock(f.onsetMillis())).append(" in step ").append(v.step().index())
                .append(" (").append(f.summary()).append(")");
        List<String> followers = v.consequences().stream().filter(c -> c.explainedBy() != null).map(Finding::displayName).toList();
        if (!followers.isEmpty()) {
            s.append("; ").append(capitalize(String.join(" and ", followers)))
                    .append(followers.size() == 1 ? " followed as a consequence" : " followed as consequences");
        }
        return s.toString();
    }

    private static String failures(StepVerdict v) {
        return v.sloFailures().isEmpty() ? "" : ": " + String.join(", ", v.sloFailures());
    }

    /** "at 150 RPS", or "in step 5" for a step whose load is unknown (the one a target died in). */
    private static String at(StepVerdict v) {
        return Double.isNaN(rps(v)) ? "in step " + v.step().index() : "at " + Unit.num(rps(v)) + " RPS";
    }

    static double rps(StepVerdict v) {
        Step s = v.step();
        return s.offeredRps() > 0 ? s.offeredRps() : v.traffic().achievedRps();
    }

    private static String capitalize(String s) {
        return s.isEmpty() || Character.isUpperCase(s.charAt(0)) ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
