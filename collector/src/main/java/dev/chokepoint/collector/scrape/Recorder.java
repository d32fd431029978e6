package dev.chokepoint.collector.scrape;

import dev.chokepoint.collector.store.RunWriter;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Scrapes every target once per interval on a scheduled executor and hands each round to the
 * store and then to the listener. Targets are scraped in parallel; a round waits for their
 * answers at most {@link #answerWaitMillis} (below the interval), so a hung target never delays the next
 * round. A scrape outlives its round, though: a target whose CPU is saturated answers late (its
 * endpoint thread queues for a core behind every request thread: 0.1-0.7 s at 60 CPU-bound
 * requests on 2 cores, past 0.8 s in CI), and that is exactly when the run needs its numbers. Its
 * answer is then recorded in a later round, and no new scrape of it starts before it came or timed
 * out ({@link #timeoutFor}). Each sample is stamped when the target read its meters, not at the
 * round's start: the agent says when ({@code Chokepoint-Read-Time}, kept inside the scrape's own
 * span in case the two clocks differ); other targets' samples are stamped at the middle of their
 * scrape. Neither end of a late scrape will do: both the target's endpoint thread and this JVM's
 * client wait for a core on a saturated host, so stamped at the answer (or the middle) the CPU
 * counter of the cpu scenario read 2.4-3.5 cores of 2 over some seconds and 0.9 over others.
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
    /** Per target, the scrape still waiting for its answer, or null. */
    private final List<InFlight> inFlight = new ArrayList<>();
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
            inFlight.add(null);
        }
        this.executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "chokepoint-scrape");
            thread.setDaemon(true);
            return thread;
        });
    }

    /**
     * How long one scrape may take before it counts as failed: five intervals. A saturated target
     * still answers within that (2.3 s at 200 CPU-bound requests on 2 cores, where three intervals
     * lost a scrape and with it the evidence of a step), its samples keep the time it read its
     * meters, and a hung target is given up soon enough for its death to be reported.
     */
    static Duration timeoutFor(Duration interval) {
        return Duration.ofMillis(Math.max(1, interval.toMillis() * 5));
    }

    /** How long a round waits for answers: 80 % of the interval, so the rhythm holds. */
    private long answerWaitMillis() {
        return Math.max(1, interval.toMillis() * 4 / 5);
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

    /** Whether any of the first {@code count} targets (those the user gave) ever answered. */
    public boolean anyTargetAnswered(int count) {
        return recordings.stream().limit(count).anyMatch(TargetRecording::answered);
    }

    public int targetCount() {
        return recordings.size();
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
            for (int i = 0; i < targets.size(); i++) {
                if (inFlight.get(i) == null) {
                    inFlight.set(i, new InFlight(System.currentTimeMillis(), scraper.scrape(targets.get(i))));
                }
            }
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(answerWaitMillis());
            List<ScrapeOutcome> outcomes = new ArrayList<>(targets.size());
            for (int i = 0; i < targets.size(); i++) {
                InFlight scrape = inFlight.get(i);
                ScrapeOutcome outcome = answerBy(scrape.answer(), deadline);
                outcomes.add(outcome == null ? ScrapeOutcome.PENDING : outcome);
                if (outcome != null) {
                    inFlight.set(i, null);
                    recordings.get(i).record(stamp(scrape.sentMillis(), outcome), outcome, writer);
                }
            }
            writer.flush();
            rounds++;
            listener.onTick(time, outcomes);
        } catch (IOException e) {
            // A full disk must not end the load test: the writer stopped the recording (what it
            // wrote stays readable); say it once, and the run goes on to its report.
            if (!writeFailureLogged) {
                writeFailureLogged = true;
                log.println("chokepoint: " + e.getMessage());
            }
        } catch (RuntimeException e) {
            // An exception would cancel the schedule for good; recording goes on.
            log.println("chokepoint: scrape round failed: " + e);
        }
    }

    /** The scrape's outcome if it comes before the deadline, else null (it stays in flight). */
    private static ScrapeOutcome answerBy(CompletableFuture<ScrapeOutcome> scrape, long deadlineNanos) {
        try {
            return scrape.get(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (ExecutionException e) {
            // The scraper turns every failure into an outcome; this is a bug, not a target's fault.
            throw new IllegalStateException(e.getCause());
        }
    }

    /** When the values were read (see the class comment); a failure when it was known. */
    static long stamp(long sentMillis, ScrapeOutcome outcome) {
        long answered = sentMillis + outcome.durationMillis();
        if (!outcome.ok()) {
            return answered;
        }
        if (outcome.readAtMillis() > 0) {
            return Math.min(answered, Math.max(sentMillis, outcome.readAtMillis()));
        }
        return sentMillis + outcome.durationMillis() / 2;
    }

    private record InFlight(long sentMillis, CompletableFuture<ScrapeOutcome> answer) {
    }
}
