package dev.chokepoint.collector.scrape;

import java.util.List;

/** Told after each scrape round, once its samples are on disk (live progress listens here). */
@FunctionalInterface
public interface TickListener {

    /** {@code outcomes} in the order of the targets. Called on the scrape thread: keep it short. */
    void onTick(long timeMillis, List<ScrapeOutcome> outcomes);
}
