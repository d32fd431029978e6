package dev.chokepoint.collector.drive;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One step of the built-in engine: the hey processes that offer its rate from {@code startMillis}
 * to {@code endMillis}, each request kind by its own {@link HeyPlan}. Process {@code k} of a plan
 * starts one interval (less its phase) before the window, so that its first tick lands in the
 * window at its phase; the window is then offered at the asked rate from its first millisecond.
 * When they have all ended, their CSVs become one {@code hey -o csv} file (step-N.csv, offsets
 * from the window's start) and the step's line of the schedule.
 */
final class HeyStep {

    private static final String HEY_HEADER =
            "response-time,DNS+dialup,DNS,Request-write,Response-delay,Response-read,status-code,offset";

    private final int index;
    private final double rate;
    private final long startMillis;
    private final long endMillis;
    private final Path dir;
    private final List<Launch> launches = new ArrayList<>();
    private final List<Started> started = new ArrayList<>();
    private int workers;
    private long lastExitMillis;

    private record Launch(long atMillis, List<String> command, Path csv) {
    }

    private record Started(Launch launch, Process process) {
    }

    HeyStep(int index, double rate, long startMillis, long endMillis, List<RequestSpec> requests,
            Map<RequestSpec, Path> bodies, int maxProcesses, Path dir) {
        this.index = index;
        this.rate = rate;
        this.startMillis = startMillis;
        this.endMillis = endMillis;
        this.dir = dir;
        double weights = requests.stream().mapToDouble(RequestSpec::weight).sum();
        int perKind = Math.max(1, maxProcesses / requests.size());
        for (int r = 0; r < requests.size(); r++) {
            RequestSpec request = requests.get(r);
            HeyPlan plan = HeyPlan.of(rate * request.weight() / weights, perKind);
            workers += plan.workers();
            for (int k = 0; k < plan.processes(); k++) {
                long at = startMillis - Math.round(plan.intervalMillis() - plan.phaseMillis(k));
                Path csv = dir.resolve("step-" + index + ".part-" + r + "-" + k + ".csv");
                launches.add(new Launch(at, command(plan, k, request, bodies.get(request)), csv));
            }
        }
        launches.sort(Comparator.comparingLong(Launch::atMillis));
    }

    /** When the first process must start: the caller calls {@link #launchDue} from then on. */
    long firstLaunchMillis() {
        return launches.isEmpty() ? startMillis : launches.get(0).atMillis();
    }

    /** When the last process ended ({@link #finish} sets it): the engine ran from the first launch to then. */
    long lastExitMillis() {
        return lastExitMillis;
    }

    int workers() {
        return workers;
    }

    long startMillis() {
        return startMillis;
    }

    long endMillis() {
        return endMillis;
    }

    double rate() {
        return rate;
    }

    int index() {
        return index;
    }

    /**
     * Starts every process in turn at its time, sleeping in between (pacing to the plan, not
     * waiting for a condition). Returns false when interrupted before all were started.
     */
    boolean launchAll(Path engineLog) throws IOException {
        for (Launch launch : launches) {
            if (Thread.currentThread().isInterrupted()) {
                return false; // interrupted between two launches that needed no sleep
            }
            long wait = launch.atMillis() - System.currentTimeMillis();
            try {
                if (wait > 0) {
                    TimeUnit.MILLISECONDS.sleep(wait);
                }
            } catch (InterruptedException e) {
                return false; // the engine was interrupted and knows it; the caller still collects what ran
            }
            Process process = new ProcessBuilder(launch.command()).redirectOutput(launch.csv().toFile())
                    .redirectError(ProcessBuilder.Redirect.appendTo(engineLog.toFile())).start();
            synchronized (started) {
                started.add(new Started(launch, process));
            }
        }
        return true;
    }

    /**
     * Ends the processes at once (SIGTERM). Not SIGINT, on which hey would write its CSV: hey then
     * stops its workers a second time when its -z timer fires and hangs (its stop channel holds one
     * signal per worker). The step is left out of the schedule: its numbers would be partial.
     */
    void interrupt() {
        List<Started> now;
        synchronized (started) {
            now = List.copyOf(started);
        }
        now.forEach(s -> s.process().destroy());
    }

    /** Waits for every started process, then merges their CSVs into step-N.csv; returns answers seen. */
    long finish(String csvName) throws IOException {
        List<Started> all;
        synchronized (started) {
            all = List.copyOf(started);
        }
        for (Started s : all) {
            waitUninterruptibly(s.process());
        }
        lastExitMillis = System.currentTimeMillis();
        long rows = 0;
        try (BufferedWriter out = Files.newBufferedWriter(dir.resolve(csvName), StandardCharsets.UTF_8)) {
            out.write(HEY_HEADER);
            out.newLine();
            for (Started s : all) {
                rows += append(s.launch(), out);
                Files.deleteIfExists(s.launch().csv());
            }
        }
        return rows;
    }

    /**
     * An interrupt (Ctrl-C) reaches this thread while the engine ends the processes: they are
     * ending, so their files are still collected. The engine's own flag says it was interrupted.
     */
    static void waitUninterruptibly(Process process) {
        while (true) {
            try {
                process.waitFor();
                return;
            } catch (InterruptedException e) {
                // keep waiting: the process was told to end
            }
        }
    }

    /** Copies one process's rows with offsets moved from its own start to the window's. */
    private long append(Launch launch, BufferedWriter out) throws IOException {
        double shift = (launch.atMillis() - startMillis) / 1000.0;
        long rows = 0;
        if (!Files.exists(launch.csv())) {
            return 0;
        }
        try (BufferedReader in = Files.newBufferedReader(launch.csv(), StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                int comma = line.lastIndexOf(',');
                if (line.isEmpty() || line.startsWith("response-time") || comma < 0) {
                    continue;
                }
                double offset;
                try {
                    offset = Double.parseDouble(line.substring(comma + 1));
                } catch (NumberFormatException notARow) {
                    continue;
                }
                out.write(line, 0, comma + 1);
                out.write(String.format(Locale.ROOT, "%.4f", offset + shift));
                out.newLine();
                rows++;
            }
        }
        return rows;
    }

    private List<String> command(HeyPlan plan, int k, RequestSpec request, Path body) {
        // hey's worker waits for its tick, sends, then looks for the stop signal; a stop that comes
        // while it waits for a tick is seen only after that tick's request. So -z ends half a
        // burst gap before the last tick due in the window: every worker sends that tick and then
        // stops (a timer at or after it would add one request past the window). hey's ticks and
        // its -z timer both count from its own start, so a slow process start shifts them alike.
        double gap = plan.intervalMillis() / plan.processes();
        long ticks = (long) Math.ceil((endMillis - startMillis - plan.phaseMillis(k)) / plan.intervalMillis() - 1e-9);
        double stopMillis = Math.max(1, ticks * plan.intervalMillis() - gap / 2);
        List<String> c = new ArrayList<>(List.of("hey",
                "-z", String.format(Locale.ROOT, "%.3fs", stopMillis / 1000.0),
                "-q", String.format(Locale.ROOT, "%.6f", plan.perWorkerRate()),
                "-c", Integer.toString(plan.workersOf(k)),
                "-o", "csv", "-m", request.method()));
        String contentType = null;
        for (Map.Entry<String, String> h : request.headers().entrySet()) {
            if (h.getKey().equalsIgnoreCase("Content-Type")) {
                contentType = h.getValue();
            } else {
                c.add("-H");
                c.add(h.getKey() + ": " + h.getValue());
            }
        }
        if (body != null) {
            c.add("-D");
            c.add(body.toString());
            contentType = contentType == null ? "application/json" : contentType;
        }
        if (contentType != null) {
            c.add("-T");
            c.add(contentType);
        }
        c.add(request.url().toString());
        return c;
    }
}
