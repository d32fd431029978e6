package dev.chokepoint.examples.plain;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/**
 * {@code GET /events/seatmap?event=N}: the partner's seat map of an event; 503 when the service was
 * started without {@code --seat-maps} or the partner failed.
 */
final class SeatMapServlet extends HttpServlet {

    /** Null when the service runs without a seat-map partner. */
    private final transient SeatMaps seatMaps;

    SeatMapServlet(SeatMaps seatMaps) {
        this.seatMaps = seatMaps;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (seatMaps == null) {
            JsonAnswer.send(response, 503, "{\"error\":\"started without --seat-maps HOST:PORT\"}");
            return;
        }
        int event;
        try {
            event = Integer.parseInt(request.getParameter("event"));
        } catch (NumberFormatException e) {
            JsonAnswer.send(response, 400, "{\"error\":\"event must be a number\"}");
            return;
        }
        try {
            JsonAnswer.send(response, 200, "{\"event\":" + event + ",\"seats\":\"" + JsonAnswer.quoted(seatMaps.of(event)) + "\"}");
        } catch (IOException e) {
            JsonAnswer.send(response, 503, "{\"error\":\"seat maps: " + JsonAnswer.quoted(String.valueOf(e.getMessage())) + "\"}");
        }
    }
}
