package dev.chokepoint.collector.steps;

import java.io.IOException;
import java.nio.file.Path;

/**
 * {@code hey -o csv} output: {@code response-time,DNS+dialup,DNS,Request-write,Response-delay,
 * Response-read,status-code,offset}, times in seconds, offset from hey's start. hey writes only
 * requests that got a response (transport errors are not in the file); a status of 400 or more
 * counts as failed, as k6's {@code http_req_failed} does.
 */
final class HeyCsvLog implements RequestLog {


    private final Path file;
    private final long startMillis;

    HeyCsvLog(Path file, long startMillis) {
        this.file = file;
        this.startMillis = startMillis;
    }

    @Override
    public void replay(RequestObserver observer) throws IOException, StepsException {
        try (CsvRows rows = CsvRows.open(file, CsvFormat.HEY)) {
            while (rows.next()) {
                long time = startMillis + Math.round(rows.doubleValue("offset") * 1000);
                int status = (int) rows.longValue("status-code");
                observer.request(time, null);
                observer.latency(time, null, rows.doubleValue("response-time"));
                observer.outcome(time, null, status >= 400);
            }
        }
    }
}
