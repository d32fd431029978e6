package dev.chokepoint.collector.drive;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The built-in load engine: hey (Debian's package), driven one step at a time as an open model
 * ({@link HeyPlan}). It keeps the schedule the collector reads ({@code steps.csv}: the exact
 * window and asked rate of every step, hey's answers in step-N.csv, the workers and the engine's
 * own CPU), so the report's steps are the schedule, not a detection.
 */
public final class HeyEngine {

    public static final String SCHEDULE = "steps.csv";
    static final String HEADER = "step,start_ms,end_ms,offered_rps,hey_csv,workers,engine_cpu_cores";
    /**
     * Processes per step at most (all request kinds together): bursts 1/20 of an interval apart.
     * Under load, process starts jitter by ~100 ms and neighbouring phases merge: a search on the
     * pool scenario with 10 processes saw bursts of 17 requests at 55 RPS (3 processes merged),
     * enough to queue on a 10-connection pool far below its bound; 20 halves each burst.
     */
    static final int MAX_PROCESSES = 20;
    /** Launching takes a few ms per process; the first launch is planned this far ahead of now. */
    private static final long LEAD_MILLIS = 300;

    private final Path dir;
    private final List<RequestSpec> requests;
    private final Map<RequestSpec, Path> bodies = new HashMap<>();
    private final PrintStream err;
    private final List<HeyStep> running = new CopyOnWriteArrayList<>();
    private volatile boolean interrupted;
    private volatile Long interruptedAt;
    private volatile Thread driver;
    private int nextIndex = 1;
    private double cpuMark = ChildrenCpu.seconds();

    private HeyEngine(Path dir, List<RequestSpec> requests, PrintStream err) {
        this.dir = dir;
        this.requests = List.copyOf(requests);
        this.err = err;
    }

    /** Starts the schedule file in {@code dir}; check {@link #heyInstalled()} first. */
    public static HeyEngine open(Path dir, List<RequestSpec> requests, PrintStream err) throws IOException {
        HeyEngine engine = new HeyEngine(dir, requests, err);
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(SCHEDULE), HEADER + "\n", StandardCharsets.UTF_8);
        for (int i = 0; i < requests.size(); i++) {
            RequestSpec r = requests.get(i);
            if (r.body() != null) {
                engine.bodies.put(r, Files.writeString(dir.resolve("request-" + (i + 1) + ".body"), r.body(),
                        StandardCharsets.UTF_8));
            }
        }
        return engine;
    }

    public static boolean heyInstalled() {
        for (String p : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            if (!p.isEmpty() && Files.isExecutable(Path.of(p, "hey"))) {
                return true;
            }
        }
        return false;
    }

    public Path schedule() {
        return dir.resolve(SCHEDULE);
    }

    /**
     * Stairs: each rate for {@code step}, back to back (the next step's processes start during the
     * last interval of the previous one, so the offer has no gap). Returns the steps that ran.
     */
    public List<EngineStep> stairs(List<Double> rates, Duration step) throws IOException, InterruptedException {
        driver = Thread.currentThread();
        ExecutorService finisher = Executors.newSingleThreadExecutor(r -> new Thread(r, "chokepoint-engine-finish"));
        List<Future<EngineStep>> done = new ArrayList<>();
        try {
            long window = System.currentTimeMillis() + LEAD_MILLIS + leadOf(rates.get(0));
            for (double rate : rates) {
                if (interrupted) {
                    break;
                }
                HeyStep s = new HeyStep(nextIndex++, rate, window, window + step.toMillis(), requests, bodies,
                        MAX_PROCESSES, dir);
                running.add(s);
                boolean all = s.launchAll(dir.resolve("engine.log"));
                done.add(finisher.submit(() -> finish(s)));
                if (!all) {
                    break;
                }
                window += step.toMillis();
            }
            List<EngineStep> out = new ArrayList<>();
            for (Future<EngineStep> f : done) {
                EngineStep e = waitFor(f);
                if (e != null) {
                    out.add(e);
                }
            }
            return out;
        } finally {
            finisher.shutdown();
            driver = null;
            Thread.interrupted(); // an interrupt from interrupt() was for the engine's waits only
        }
    }

    /** One step at {@code rate} starting now (the search's probe); null when interrupted before it began. */
    public EngineStep probe(double rate, Duration step) throws IOException, InterruptedException {
        driver = Thread.currentThread();
        try {
            return finish(launchNow(nextIndex++, rate, step));
        } finally {
            driver = null;
            Thread.interrupted(); // an interrupt from interrupt() was for the engine's waits only
        }
    }

    /**
     * Warm-up before the first step (JIT, connection pools, caches, as load tests do): {@code rate}
     * for {@code duration}, kept in warm-up.csv and out of the schedule, so no step includes it.
     */
    public void warmUp(double rate, Duration duration) throws IOException, InterruptedException {
        driver = Thread.currentThread();
        try {
            HeyStep s = launchNow(0, rate, duration);
            try {
                long answered = s.finish("warm-up.csv");
                err.printf(Locale.ROOT, "chokepoint: warm-up: %s RPS for %d s, %d answers (not a step)%n", number(rate),
                        duration.toSeconds(), answered);
            } finally {
                running.remove(s);
            }
            cpuMark = ChildrenCpu.seconds();
        } finally {
            driver = null;
            Thread.interrupted(); // an interrupt from interrupt() was for the engine's waits only
        }
    }

    /** A step whose window starts as soon as its processes can be launched; returns once they all are. */
    private HeyStep launchNow(int index, double rate, Duration duration) throws IOException {
        long window = System.currentTimeMillis() + LEAD_MILLIS + leadOf(rate);
        HeyStep s = new HeyStep(index, rate, window, window + duration.toMillis(), requests, bodies, MAX_PROCESSES, dir);
        running.add(s);
        s.launchAll(dir.resolve("engine.log"));
        return s;
    }

    /** Ctrl-C: hey processes end, no new step starts; the steps that ended stay in the schedule. */
    public void interrupt() {
        interruptedAt = System.currentTimeMillis();
        interrupted = true;
        running.forEach(HeyStep::interrupt);
        Thread t = driver;
        if (t != null) {
            t.interrupt();
        }
    }

    public boolean interrupted() {
        return interrupted;
    }

    private long leadOf(double rate) {
        double weights = requests.stream().mapToDouble(RequestSpec::weight).sum();
        return requests.stream().mapToLong(r -> Math.round(HeyPlan.of(rate * r.weight() / weights,
                MAX_PROCESSES).intervalMillis())).max().orElse(0);
    }

    private EngineStep finish(HeyStep s) throws IOException {
        String csv = "step-" + s.index() + ".csv";
        long answered;
        try {
            answered = s.finish(csv);
        } finally {
            running.remove(s);
        }
        double cpu = ChildrenCpu.seconds();
        double used = cpu - cpuMark;
        cpuMark = cpu;
        Long stop = interruptedAt;
        if (stop != null && stop < s.endMillis()) {
            Files.deleteIfExists(dir.resolve(csv));
            err.println("chokepoint: engine step " + s.index() + " interrupted: left out of the schedule (partial)");
            return null;
        }
        long end = s.endMillis();
        long ranMillis = s.lastExitMillis() - s.firstLaunchMillis();
        EngineStep step = new EngineStep(s.index(), s.startMillis(), end, s.rate(), answered, s.workers(),
                ranMillis > 0 ? used / (ranMillis / 1000.0) : Double.NaN);
        try (BufferedWriter out = Files.newBufferedWriter(schedule(), StandardCharsets.UTF_8, StandardOpenOption.APPEND)) {
            out.write(String.format(Locale.ROOT, "%d,%d,%d,%s,%s,%d,%s%n", step.index(), step.startMillis(),
                    step.endMillis(), number(step.askedRps()), csv, step.workers(),
                    Double.isNaN(step.cpuCores()) ? "" : String.format(Locale.ROOT, "%.3f", step.cpuCores())));
        }
        err.printf(Locale.ROOT, "chokepoint: engine step %d: asked %s RPS, %d answers (%.1f RPS, %.0f %%), "
                        + "%d hey workers, hey CPU %.2f cores%n", step.index(), number(step.askedRps()), answered,
                step.answeredRps(), 100 * step.answeredRps() / step.askedRps(), step.workers(), step.cpuCores());
        return step;
    }

    /** Uninterruptibly, as {@link HeyStep#waitUninterruptibly}: after Ctrl-C the steps still end and are collected. */
    private static EngineStep waitFor(Future<EngineStep> f) throws IOException {
        while (true) {
            try {
                return f.get();
            } catch (InterruptedException e) {
                // the engine was interrupted; its processes are ending
            } catch (ExecutionException e) {
                if (e.getCause() instanceof IOException io) {
                    throw io;
                }
                throw new IllegalStateException(e.getCause());
            }
        }
    }

    /** A rate as written in the schedule and on the command line: 30, 97.5. */
    public static String number(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.2f", v);
    }
}
