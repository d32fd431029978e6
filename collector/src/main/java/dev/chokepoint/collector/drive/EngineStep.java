package dev.chokepoint.collector.drive;

/**
 * What the engine did in one step: the window it offered {@code askedRps} in (exact, from the
 * schedule it kept), the answers it got, the workers it used and its own CPU (cores, NaN when
 * not measurable): the load generator is a suspect like any resource.
 */
public record EngineStep(int index, long startMillis, long endMillis, double askedRps, long answered, int workers,
                         double cpuCores) {

    public double seconds() {
        return (endMillis - startMillis) / 1000.0;
    }

    /** Answers per second over the window. */
    public double answeredRps() {
        return seconds() > 0 ? answered / seconds() : 0;
    }
}
