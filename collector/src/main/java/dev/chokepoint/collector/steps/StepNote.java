package dev.chokepoint.collector.steps;

/**
 * A stretch of load that the detected steps do not judge as a step of its own, so that a step the
 * load tool offered never vanishes without a word: one {@link Kind#JOINED} to a step (its requests
 * in flight could not be told from the step's), or one no step covers, {@link Kind#RAMP} (the rate
 * trended across it) or {@link Kind#UNSTEADY} (the rate held no level a step needs). Only
 * stretches of at least {@link #MIN_MILLIS} are noted.
 *
 * @param achievedRps  what the servers completed per second in it
 * @param inFlight     the median of the requests the servers held in it (NaN without the agent's gauge)
 * @param stepInFlight JOINED: the median the step held before the stretch joined it (else NaN)
 * @param rateFrom     RAMP: the rate over the stretch's first third (else NaN)
 * @param rateTo       RAMP: the rate over its last third (else NaN)
 * @param step         the step it was joined to, as the report numbers it (0 when none)
 */
public record StepNote(Kind kind, long startMillis, long endMillis, double achievedRps, double inFlight,
                       double stepInFlight, double rateFrom, double rateTo, int step) {

    public enum Kind { JOINED, RAMP, UNSTEADY }

    /**
     * The shortest stretch noted. Between two steps a closed-model tool's change of offer leaves
     * 1-8 s that no step covers in every recorded run whose offered steps were all found when
     * detected (the edge samples, the rate settling: low-rate-hey-detected-ci 7 s, pool-ci 8 s);
     * a step of the CI stairs is 12 s. 10 s lies between: a stretch this long is most of a step,
     * not an edge.
     */
    public static final long MIN_MILLIS = 10_000;

    /** The same note, naming the step it belongs to as the report numbers it. */
    public StepNote inStep(int index) {
        return new StepNote(kind, startMillis, endMillis, achievedRps, inFlight, stepInFlight, rateFrom, rateTo, index);
    }

    public double durationSeconds() {
        return (endMillis - startMillis) / 1000.0;
    }
}
