package dev.chokepoint.collector.steps;

/**
 * What a load tool's output says about its requests, one observation at a time. k6 reports count,
 * duration and failure as separate points; JMeter and hey give all three per row. Only k6 says
 * what it could not send (dropped iterations) and with how many workers.
 * {@code stepTag} is the step the tool labelled the request with, or null.
 */
interface RequestObserver {

    void request(long timeMillis, String stepTag);

    void latency(long timeMillis, String stepTag, double seconds);

    void outcome(long timeMillis, String stepTag, boolean failed);

    /**
     * Iterations the tool should have started but could not (k6's {@code dropped_iterations}: an
     * arrival-rate executor with no free VU). Untagged by the tool, so counted by time.
     */
    default void dropped(long timeMillis, double iterations) {
    }

    /** One iteration the tool completed (k6's {@code iterations}): it scales dropped iterations to requests. */
    default void iteration(long timeMillis) {
    }

    /** How many workers the tool had at this time (k6's {@code vus_max}). */
    default void workers(long timeMillis, int workers) {
    }
}
