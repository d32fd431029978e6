package dev.chokepoint.collector.steps;

/**
 * What a load tool's output says about its requests, one observation at a time. k6 reports count,
 * duration and failure as separate points; JMeter and hey give all three per row.
 * {@code stepTag} is the step the tool labelled the request with, or null.
 */
interface RequestObserver {

    void request(long timeMillis, String stepTag);

    void latency(long timeMillis, String stepTag, double seconds);

    void outcome(long timeMillis, String stepTag, boolean failed);
}
