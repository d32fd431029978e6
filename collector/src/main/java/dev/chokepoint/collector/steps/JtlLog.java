package dev.chokepoint.collector.steps;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A JMeter results file in CSV form (JTL with a header line: {@code timeStamp,elapsed,label,
 * responseCode,responseMessage,threadName,dataType,success,…}). {@code timeStamp} is the
 * request's start in epoch milliseconds (JMeter's default), {@code elapsed} its latency in ms.
 * Thread groups run one after another are the steps ({@link #threadGroup}).
 * Columns are found by name, so a JTL without its header line
 * ({@code jmeter.save.saveservice.print_field_names=false}) is rejected with that fix rather than
 * read by guessing the column order, which JMeter's save settings change.
 */
final class JtlLog implements RequestLog {


    private final Path file;

    JtlLog(Path file) {
        this.file = file;
    }

    @Override
    public void replay(RequestObserver observer) throws IOException, StepsException {
        try (CsvRows rows = CsvRows.open(file, CsvFormat.JTL)) {
            while (rows.next()) {
                long time = timeStamp(rows);
                double latency = rows.doubleValue("elapsed") / 1000.0;
                String success = rows.text("success");
                if (!success.equalsIgnoreCase("true") && !success.equalsIgnoreCase("false")) {
                    throw rows.error("success must be true or false, got '" + success + "'");
                }
                String group = rows.has("threadName") ? threadGroup(rows.text("threadName")) : null;
                observer.request(time, group);
                observer.latency(time, group, latency);
                observer.outcome(time, group, !Boolean.parseBoolean(success));
            }
        }
    }

    /**
     * The thread group of a JMeter thread: JMeter names its threads "{@code <group name> <group
     * number>-<thread number>}". Groups run one after another (one per step, the usual JMeter
     * stairs) are the plan's steps; the steps reader falls back to the rate's plateaus where the
     * groups overlap (a mixed workload) or there is only one.
     */
    static String threadGroup(String threadName) {
        String name = threadName.strip();
        int space = name.lastIndexOf(' ');
        return space > 0 && name.substring(space + 1).matches("\\d+-\\d+") ? name.substring(0, space) : name;
    }

    private static long timeStamp(CsvRows rows) throws StepsException {
        String text = rows.text("timeStamp");
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw rows.error("timeStamp '" + text + "' is not epoch milliseconds; run JMeter with "
                    + "-Jjmeter.save.saveservice.timestamp_format=ms (its default)");
        }
    }
}
