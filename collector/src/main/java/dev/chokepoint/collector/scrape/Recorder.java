package dev.chokepoint.collector.scrape;

import dev.chokepoint.collector.store.RunWriter;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Scrapes every target once per interval on a scheduled executor and hands each round to the
 * store and then to the listener. Targets are scraped in parallel and a round shares one
 * timestamp (the round's start), so series of different targets line up. The scrape timeout is
 * below the interval, so a hung target never delays the next round.
 */
public final class Recorder implements AutoCloseable {

    private final List<URI> targets;
    private final Duration interval;
    private final RunWriter writer;
    private final TickListener listener;
    private final PrintStream log;
    private final TargetScraper scraper;
    private final List<TargetRecording> recordings = new ArrayList<>();
    private final ScheduledExecutorService executor;
    private ScheduledFuture<?> schedule;
    private volatile long rounds;
    private boolean writeFailureLogged;

    public Recorder(List<URI> targets, Duration interval, RunWriter writer, TickListener listener, PrintStream log) {
        this.targets = List.copyOf(targets);
        this.interval = interval;
        this.writer = writer;
        this.listener = listener;
        this.log = log;
        this.scraper = new TargetScraper(timeoutFor(interval));
        for (int i = 0; i < targets.size(); i++) {
            recordings.add(new TargetRecording(targets.get(i).toString(), i, interval.toMillis() / 2));
        }
        this.executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "chokepoint-scrape");
            thread.setDaemon(true);
            return thread;
        });
    }

    /** 80 % of the interval: long enough for a busy target, short enough to keep the rhythm. */
    static Duration timeoutFor(Duration interval) {
        return Duration.ofMillis(Math.max(1, interval.toMillis() * 4 / 5));
    }

    public synchronized void start() {
        schedule = executor.scheduleAtFixedRate(this::round, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Stops after the round in progress; everything scraped is on disk when this returns. */
    public synchronized void stop() {
        if (schedule != null) {
            schedule.cancel(false);
        }
        executor.shutdown();
        try {
            if (!executor.awaitTermination(interval.toMillis() * 2 + 5_000, TimeUnit.MILLISECONDS)) {
                log.println("chokepoint: the last scrape round did not finish; it is not recorded");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public boolean anyTargetAnswered() {
        return recordings.stream().anyMatch(TargetRecording::answered);
    }

    public long rounds() {
        return rounds;
    }

    @Override
    public void close() {
        stop();
    }

    private void round() {
        long time = System.currentTimeMillis();
        try {
            List<CompletableFuture<ScrapeOutcome>> pending = new ArrayList<>(targets.size());
            for (URI target : targets) {
                pending.add(scraper.scrape(target));
            }
            List<ScrapeOutcome> outcomes = new ArrayList<>(targets.size());
            for (int i = 0; i < targets.size(); i++) {
                ScrapeOutcome outcome = pending.get(i).join();
                outcomes.add(outcome);
                recordings.get(i).record(time, outcome, writer);
            }
            writer.flush();
            rounds++;
            listener.onTick(time, outcomes);
        } catch (IOException e) {
            // A full disk must not end the load test; say it once and keep trying.
            if (!writeFailureLogged) {
                writeFailureLogged = true;
                log.println("chokepoint: cannot write the run folder: " + e.getMessage());
            }
        } catch (RuntimeException e) {
            // An exception would cancel the schedule for good; recording goes on.
            log.println("chokepoint: scrape round failed: " + e);
        }
    }
}
