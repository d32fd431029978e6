package dev.chokepoint.examples.market.ingest;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import java.util.Map;

/** Event ingest: accepts a JSON array of events and answers 202 once it is queued for writing. */
@RestController
public class EventController {

    private final IngestBacklog backlog;

    public EventController(IngestBacklog backlog) {
        this.backlog = backlog;
    }

    @PostMapping(path = "/events", consumes = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<Map<String, Object>> ingest(@RequestBody byte[] batch) {
        if (!startsAsArray(batch)) {
            throw new IllegalArgumentException("the body must be a JSON array of events");
        }
        if (!backlog.offer(batch)) {
            return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).body(Map.of("error", "backlog full"));
        }
        return ResponseEntity.status(HttpStatus.ACCEPTED).body(Map.of("queued", backlog.size()));
    }

    /** A cheap shape check: the body is kept as bytes and parsed only when written. */
    private static boolean startsAsArray(byte[] batch) {
        for (byte b : batch) {
            if (!Character.isWhitespace(b)) {
                return b == '[';
            }
        }
        return false;
    }
}
