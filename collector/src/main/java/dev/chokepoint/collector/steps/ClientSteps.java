package dev.chokepoint.collector.steps;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Steps from a load tool's own output, in two passes over the file so that memory stays bounded
 * whatever its size: the first finds the step windows (by the tool's step tag, else by plateaus
 * of the per-second request rate), the second gathers each window's client statistics.
 */
final class ClientSteps {

    private static final long SECOND = 1000;
    /**
     * How far a step's window may reach into the next one's and both still be steps: a step's
     * last requests can start while the next step's first do (k6 stages, JMeter's last threads of
     * a group), by a second or a few percent of a step, never by a large part of it.
     */
    private static final long MAX_OVERLAP_MILLIS = 1000;
    private static final double MAX_OVERLAP_SHARE = 0.1;

    private ClientSteps() {
    }

    static List<Step> read(RequestLog log, Step.Source source, PlateauDetector detector)
            throws IOException, StepsException {
        Windows windows = new Windows();
        log.replay(windows);
        List<Window> found = windows.taggedWindows(detector.minPlateauMillis());
        if (found.isEmpty()) {
            found = windows.plateaus(detector);
        }
        Aggregator aggregator = new Aggregator(found);
        log.replay(aggregator);
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < found.size(); i++) {
            Window window = found.get(i);
            double seconds = (window.end - window.start) / 1000.0;
            ClientStatsAccumulator tool = aggregator.stats.get(i);
            Step.ClientStats stats = tool.stats(seconds);
            // What the tool dropped was offered too: without it, a short-handed tool looks like a slow service.
            double offered = tool.droppedAny() ? tool.offeredRps(seconds)
                    : window.offeredRps >= 0 ? window.offeredRps : stats.achievedRps();
            steps.add(new Step(i + 1, window.start, window.end, offered, source, stats,
                    tool.droppedAny() ? tool.engine() : null));
        }
        return steps;
    }

    /** {@code tag} null for plateau windows; {@code offeredRps} negative when only the achieved rate is known. */
    private record Window(long start, long end, String tag, double offeredRps) {
    }

    /** First pass: requests per second and the time span of each step tag. */
    private static final class Windows implements RequestObserver {
        private final TreeMap<Long, long[]> perSecond = new TreeMap<>();
        private final Map<String, long[]> spanByTag = new LinkedHashMap<>();

        @Override
        public void request(long timeMillis, String stepTag) {
            perSecond.computeIfAbsent(Math.floorDiv(timeMillis, SECOND), s -> new long[1])[0]++;
            if (stepTag != null) {
                long[] span = spanByTag.computeIfAbsent(stepTag, t -> new long[] {timeMillis, timeMillis});
                span[0] = Math.min(span[0], timeMillis);
                span[1] = Math.max(span[1], timeMillis);
            }
        }

        @Override
        public void latency(long timeMillis, String stepTag, double seconds) {
        }

        @Override
        public void outcome(long timeMillis, String stepTag, boolean failed) {
        }

        /**
         * The tags' windows when they are steps: two or more, one after another. One tag says
         * nothing about steps, and tags whose windows overlap (JMeter thread groups of a mixed
         * workload running side by side) are parts of the load, not its steps: both read plateaus.
         * A tag shorter than a plateau (JMeter's setUp group logging in) is in no step.
         */
        List<Window> taggedWindows(long minStepMillis) {
            List<Window> windows = spanByTag.entrySet().stream()
                    .sorted((a, b) -> Long.compare(a.getValue()[0], b.getValue()[0]))
                    .map(e -> new Window(e.getValue()[0], e.getValue()[1] + 1, e.getKey(), -1))
                    .filter(w -> w.end - w.start >= minStepMillis)
                    .toList();
            for (int i = 1; i < windows.size(); i++) {
                Window before = windows.get(i - 1);
                Window window = windows.get(i);
                long shorter = Math.min(before.end - before.start, window.end - window.start);
                if (before.end - window.start > Math.max(MAX_OVERLAP_MILLIS, shorter * MAX_OVERLAP_SHARE)) {
                    return List.of();
                }
            }
            return windows.size() >= 2 ? windows : List.of();
        }

        List<Window> plateaus(PlateauDetector detector) {
            if (perSecond.isEmpty()) {
                return List.of();
            }
            long first = perSecond.firstKey();
            double[] rates = new double[(int) (perSecond.lastKey() - first + 1)];
            perSecond.forEach((second, count) -> rates[(int) (second - first)] = count[0]);
            return detector.detect(first * SECOND, SECOND, rates).stream()
                    .map(p -> new Window(p.startMillis(), p.endMillis(), null, p.meanRate()))
                    .toList();
        }
    }

    /** Second pass: each observation counts in the window it belongs to (by tag, else by time). */
    private static final class Aggregator implements RequestObserver {
        private final List<Window> windows;
        private final List<ClientStatsAccumulator> stats = new ArrayList<>();
        private final Map<String, Integer> indexByTag = new LinkedHashMap<>();

        Aggregator(List<Window> windows) {
            this.windows = windows;
            for (int i = 0; i < windows.size(); i++) {
                stats.add(new ClientStatsAccumulator());
                if (windows.get(i).tag != null) {
                    indexByTag.put(windows.get(i).tag, i);
                }
            }
        }

        private ClientStatsAccumulator windowOf(long time, String tag) {
            if (!indexByTag.isEmpty()) {
                Integer index = tag == null ? null : indexByTag.get(tag);
                return index == null ? null : stats.get(index);
            }
            return windowAt(time);
        }

        /** The window holding this time: for what the tool does not tag with a step. */
        private ClientStatsAccumulator windowAt(long time) {
            for (int i = 0; i < windows.size(); i++) {
                if (time >= windows.get(i).start && time < windows.get(i).end) {
                    return stats.get(i);
                }
            }
            return null;
        }

        @Override
        public void request(long timeMillis, String stepTag) {
            ClientStatsAccumulator window = windowOf(timeMillis, stepTag);
            if (window != null) {
                window.request();
            }
        }

        @Override
        public void latency(long timeMillis, String stepTag, double seconds) {
            ClientStatsAccumulator window = windowOf(timeMillis, stepTag);
            if (window != null) {
                window.latency(seconds);
            }
        }

        @Override
        public void outcome(long timeMillis, String stepTag, boolean failed) {
            ClientStatsAccumulator window = windowOf(timeMillis, stepTag);
            if (window != null) {
                window.outcome(failed);
            }
        }

        @Override
        public void dropped(long timeMillis, double iterations) {
            ClientStatsAccumulator window = windowAt(timeMillis);
            if (window != null) {
                window.dropped(iterations);
            }
        }

        @Override
        public void iteration(long timeMillis) {
            ClientStatsAccumulator window = windowAt(timeMillis);
            if (window != null) {
                window.iteration();
            }
        }

        @Override
        public void workers(long timeMillis, int workers) {
            ClientStatsAccumulator window = windowAt(timeMillis);
            if (window != null) {
                window.workers(workers);
            }
        }
    }
}
