package dev.chokepoint.collector.steps;

import dev.chokepoint.collector.store.RunData;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The load no step covers, as steps of their own. A schedule's steps end where the load tool said
 * they did (a tool killed in its last step never writes that row), detected steps where a plateau
 * of the servers' rate ended: when a service collapses in the last step (a heap that fills, 9 RPS
 * in bursts where it served 80) no plateau shows there, and 21 s of load went unjudged behind a
 * headline that every step met the SLO. So every stretch after the last step where load ran, at
 * least as long as a plateau ({@link PlateauDetector#minPlateauPoints}), is a step; so is a
 * stretch between two steps where the servers completed less than {@link #FELL} of what the step
 * before was offered (a collapse the service came back from). Such a step is offered at least what
 * the step before was (stairs only go up) and at least what the servers completed in it, and is
 * judged like any other (behind its offer, collapsed, stopped answering). Left out: stretches
 * shorter than a plateau (the seconds where the offer changes between two steps, the load tool's
 * last seconds: each mixes two offers), stretches between two steps that kept their rate (a ramp
 * or a step the detection missed: mixing offers, they would blur load against utilization), and
 * the time before the first step (a warm-up, the tool starting). After a target stopped answering
 * for good, the rest of the run is a step whatever its length: the load command went on while the
 * servers said nothing.
 */
public final class UncoveredLoad {

    /**
     * Arrivals under this share of the previous step's offer are a trickle (a health check, a
     * straggler answer), not the load: fast-service-select's built-in engine left 1-13 requests a
     * second for 4 s after its 8000 RPS step; a heap collapse served 9.4 of 80 RPS (12 %).
     */
    static final double TRICKLE = 0.05;
    /**
     * Requests held in flight at this share of those at the previous step's end are a load tool
     * waiting on a stalled service (a closed model's workers all blocked); a long poll or a
     * straggler holds far fewer.
     */
    static final double HELD = 0.5;
    /**
     * In flight at this share of the last reading or more is holding: workers blocked on a stalled
     * service hand a freed slot straight to a new request, so the gauge only jitters by one or two;
     * a draining queue falls by a third or more a second (executor-waits-ci: 132 → 82 → 32 → 0).
     */
    static final double STEADY = 0.9;
    /**
     * Between two steps, a stretch that completed less than this share of the step before's offer
     * is a collapse. plain-tomcat-lock's detection left 10 s of its 25 RPS step uncovered at 0.82
     * of it (a noisy rate on a machine at load 12-16: the step's own second half, not a fall);
     * the heap collapse kept 0.12.
     */
    static final double FELL = 0.5;
    /** Intervals without load (a missed scrape, a burst's lull) that do not end a stretch of load. */
    private static final int MAX_HOLE = 2;

    private UncoveredLoad() {
    }

    /**
     * {@code steps} in time order, plus a step for each uncovered stretch of load, numbered again
     * in time order where one was put between two; the same list when none was found.
     * {@code death}: when a target stopped answering for good, or null.
     */
    public static List<Step> cover(List<Step> steps, RunData run, Long death, PlateauDetector detector) {
        if (steps.isEmpty()) {
            return steps;
        }
        List<Step> sorted = steps.stream().sorted(Comparator.comparingLong(Step::startMillis)).toList();
        Step last = sorted.get(sorted.size() - 1);
        List<Window> windows = new ArrayList<>();
        ServerLoad load = ServerLoad.of(run);
        if (load != null) {
            stretches(sorted, load, run.endMillis(), detector.minPlateauPoints(load.interval())).stream()
                    .filter(w -> w.start() >= last.endMillis() || w.served() < FELL * w.offeredRps())
                    .forEach(windows::add);
        }
        if (death != null && death > last.endMillis()) {
            // The servers are silent after the death: what their rate showed is part of one step to the end.
            windows.removeIf(w -> w.start() >= last.endMillis());
            windows.add(new Window(last.endMillis(), run.endMillis(), last.offeredRps(), 0));
        }
        if (windows.isEmpty()) {
            return steps;
        }
        return merged(sorted, windows);
    }

    /** A new step's window, its offer and what the servers completed per second in it. */
    private record Window(long start, long end, double offeredRps, double served) {
    }

    /**
     * Uncovered stretches of load, each at least {@code minPoints} intervals from its first
     * interval of load to its last; {@link #MAX_HOLE} intervals without load end one, intervals
     * where it is unknown do not.
     */
    private static List<Window> stretches(List<Step> steps, ServerLoad load, long runEnd, int minPoints) {
        int n = load.rates().length;
        boolean agent = Arrays.stream(load.inFlight()).anyMatch(v -> !Double.isNaN(v));
        List<Window> out = new ArrayList<>();
        int start = -1;
        int lastLoaded = -1;
        int holes = 0;
        for (int k = 0; k <= n; k++) {
            Step before = k < n ? before(steps, load.time(k) + load.interval() / 2) : null;
            boolean open = before != null && !covered(steps, load.time(k) + load.interval() / 2);
            Boolean loaded = open ? loaded(load, k, before, agent) : Boolean.FALSE;
            if (Boolean.TRUE.equals(loaded)) {
                start = start < 0 ? k : start;
                lastLoaded = k;
                holes = 0;
            } else if (loaded != null) {
                holes++;
            }
            if (start >= 0 && (!open || holes > MAX_HOLE || k == n)) {
                if (lastLoaded - start + 1 >= minPoints) {
                    out.add(window(steps, load, start, lastLoaded, runEnd));
                }
                start = -1;
            }
        }
        return out;
    }

    /**
     * Whether load ran in interval {@code k} (null: unknown). With the agent's in-flight gauge:
     * requests arrived beyond a trickle, or the requests in flight held (as many as half those at
     * the step before's end, not falling: a load tool whose workers wait on a stalled service);
     * a queue draining after the load tool stopped (in flight falling as the last answers go out)
     * is not load, and where in flight is unknown (a missed scrape: a starved endpoint)
     * completions cannot be told from arrivals. Without the gauge, completions beyond a trickle:
     * a drain then reads as load, for the few seconds a queue takes to drain.
     */
    private static Boolean loaded(ServerLoad load, int k, Step before, boolean agent) {
        double trickle = Math.max(1, TRICKLE * Math.max(0, before.offeredRps()) * load.interval() / 1000.0);
        if (!agent) {
            return load.arrived(k) >= trickle;
        }
        double[] inFlight = load.inFlight();
        if (Double.isNaN(inFlight[k])) {
            return null;
        }
        if (k > 0 && !Double.isNaN(inFlight[k - 1]) && load.arrived(k) >= trickle) {
            return true;
        }
        int stepEnd = (int) ((before.endMillis() - load.first()) / load.interval()) - 1;
        double atStepEnd = lastKnown(inFlight, Math.min(stepEnd, k - 1));
        double previous = lastKnown(inFlight, k - 1);
        return inFlight[k] >= Math.max(1, HELD * atStepEnd) && !(inFlight[k] < STEADY * previous);
    }

    /** The last known value at or before index {@code k} (0 when none: nothing was seen in flight). */
    private static double lastKnown(double[] values, int k) {
        for (int i = Math.min(k, values.length - 1); i >= 0; i--) {
            if (!Double.isNaN(values[i])) {
                return values[i];
            }
        }
        return 0;
    }

    /**
     * From the first interval of load to the end of the last, stretched to the step before's end
     * and the next step's start where they are within a hole of it, so that no second is left
     * between them. Offered at least what the step before was (stairs only go up) and at least
     * what the servers completed in it (a stretch where the load rose to the next step).
     */
    private static Window window(List<Step> steps, ServerLoad load, int from, int to, long runEnd) {
        long mid = load.time(from) + load.interval() / 2;
        long hole = MAX_HOLE * load.interval();
        Step before = before(steps, mid);
        Step next = steps.stream().filter(s -> s.startMillis() >= mid).findFirst().orElse(null);
        long start = Math.max(before.endMillis(), load.time(from));
        if (start - before.endMillis() <= hole) {
            start = before.endMillis();
        }
        long limit = next == null ? runEnd : next.startMillis();
        long end = Math.min(load.time(to + 1), limit);
        if (limit - end <= hole) {
            end = limit;
        }
        int a = (int) ((start - load.first()) / load.interval());
        int b = (int) Math.min(load.rates().length, (end - load.first()) / load.interval());
        double served = PlateauDetector.mean(load.rates(), Math.max(0, a), b);
        return new Window(start, end, Math.max(before.offeredRps() > 0 ? before.offeredRps() : 0, served), served);
    }

    /** The last step that started at or before {@code millis} (null before the first step). */
    private static Step before(List<Step> steps, long millis) {
        Step out = null;
        for (Step s : steps) {
            if (s.startMillis() <= millis) {
                out = s;
            }
        }
        return out;
    }

    private static boolean covered(List<Step> steps, long millis) {
        return steps.stream().anyMatch(s -> millis >= s.startMillis() && millis < s.endMillis());
    }

    /** The steps and the new ones in time order: one after the last keeps the numbering, one between two numbers every step again. */
    private static List<Step> merged(List<Step> steps, List<Window> windows) {
        List<Step> all = new ArrayList<>(steps);
        for (Window w : windows) {
            all.add(new Step(0, w.start(), w.end(), w.offeredRps(), Step.Source.UNCOVERED, null));
        }
        all.sort(Comparator.comparingLong(Step::startMillis));
        boolean between = windows.stream().anyMatch(w -> w.start() < steps.get(steps.size() - 1).startMillis());
        List<Step> out = new ArrayList<>();
        for (Step s : all) {
            int index = between || s.index() == 0 ? (out.isEmpty() ? 1 : out.get(out.size() - 1).index() + 1) : s.index();
            out.add(s.numbered(index));
        }
        return out;
    }
}
