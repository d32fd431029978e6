package dev.chokepoint.collector.drive;

/**
 * How hey offers one request kind's rate as an open model. hey paces each worker with its own
 * ticker (a worker waits for its answer, then for its next tick; a tick that passes while it
 * waits is dropped), so a worker keeps its pace only while answers take less than its interval.
 * Hence many slow workers: {@code workers = ceil(rate × latency budget)}, each at
 * {@code rate / workers} per second, so that answers up to the budget (1 s) do not slow the offer.
 * A process's workers tick together; the workers are spread over up to {@code processes} hey
 * processes started at evenly spaced phases of one interval, so arrivals come in small bursts
 * {@code interval / processes} apart instead of one burst per interval.
 *
 * @param rate       requests per second asked of this kind
 * @param workers    hey workers in all (-c summed over the processes)
 * @param processes  hey processes, each started {@code intervalMillis / processes} after the previous
 * @param intervalMillis one worker's interval between requests (1 / its rate)
 */
public record HeyPlan(double rate, int workers, int processes, double intervalMillis) {

    /** Answers up to this long keep the offer open; slower ones make workers skip ticks (counted as dropped). */
    public static final double LATENCY_BUDGET_SECONDS = 1.0;

    public static HeyPlan of(double rate, int maxProcesses) {
        int workers = (int) Math.max(1, Math.ceil(rate * LATENCY_BUDGET_SECONDS - 1e-9));
        int processes = Math.max(1, Math.min(maxProcesses, workers));
        return new HeyPlan(rate, workers, processes, 1000.0 * workers / rate);
    }

    /** hey's -q: one worker's rate. */
    public double perWorkerRate() {
        return rate / workers;
    }

    /** hey's -c of process {@code k}: the workers shared out as evenly as they go. */
    public int workersOf(int k) {
        return workers / processes + (k < workers % processes ? 1 : 0);
    }

    /** When process {@code k} starts, after the first: its first tick lands this much later than process 0's. */
    public double phaseMillis(int k) {
        return intervalMillis * k / processes;
    }
}
