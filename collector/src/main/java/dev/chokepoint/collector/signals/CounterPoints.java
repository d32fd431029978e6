package dev.chokepoint.collector.signals;

import dev.chokepoint.collector.store.Series;

import java.util.HashMap;
import java.util.Map;

/**
 * One counter's values at the grid points asked for, remembered. Each step's traffic and costs ask
 * for the counter at its two ends, pass after pass (the judgement, the server's view, the costs),
 * each pass in time order: a point asked again is answered from memory, and a later one by walking
 * on from the last ({@link CounterTrack}), not from the run's start.
 */
final class CounterPoints {

    private final Series series;
    private final long[] restarts;
    private final boolean bornDuringRun;
    private final Grid grid;
    private final Map<Integer, Double> known = new HashMap<>();
    private CounterTrack track;
    private int trackPoint = -1;

    CounterPoints(Series series, long[] restarts, boolean bornDuringRun, Grid grid) {
        this.series = series;
        this.restarts = restarts;
        this.bornDuringRun = bornDuringRun;
        this.grid = grid;
    }

    double at(int point) {
        Double value = known.get(point);
        if (value != null) {
            return value;
        }
        if (track == null || point < trackPoint) {
            track = new CounterTrack(series, restarts, bornDuringRun, grid.windowMillis());
        }
        trackPoint = point;
        double v = track.at(grid.time(point));
        known.put(point, v);
        return v;
    }
}
