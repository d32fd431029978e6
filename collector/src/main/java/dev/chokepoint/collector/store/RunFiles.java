package dev.chokepoint.collector.store;

import java.nio.file.Path;

/**
 * The files of a run folder. {@code series.jsonl} is the series dictionary (one JSON line per
 * series, appended when it first appears); {@code samples.gz} is a gzip stream of binary scrape
 * records (see {@link SampleCodec}), sync-flushed after every scrape; {@code events.jsonl} holds
 * the {@link ScrapeEvent}s. All three are append-only, so a killed collector loses at most the
 * scrape being written.
 */
final class RunFiles {

    static final String METADATA = "run.json";
    static final String SERIES = "series.jsonl";
    static final String SAMPLES = "samples.gz";
    static final String EVENTS = "events.jsonl";

    private RunFiles() {
    }

    static Path metadata(Path dir) {
        return dir.resolve(METADATA);
    }

    static Path series(Path dir) {
        return dir.resolve(SERIES);
    }

    static Path samples(Path dir) {
        return dir.resolve(SAMPLES);
    }

    static Path events(Path dir) {
        return dir.resolve(EVENTS);
    }
}
