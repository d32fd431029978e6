package dev.chokepoint.examples.plain;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.sql.SQLException;
import java.util.Optional;
import java.util.OptionalInt;

/** {@code GET /tickets?event=N}: the event's next ticket as JSON; 400 for a bad or unknown event. */
final class TicketServlet extends HttpServlet {

    private final transient TicketStore store;

    TicketServlet(TicketStore store) {
        this.store = store;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        OptionalInt asked = JsonAnswer.event(request, response);
        if (asked.isEmpty()) {
            return;
        }
        int event = asked.getAsInt();
        try {
            Optional<TicketStore.Ticket> ticket = store.issue(event);
            if (ticket.isEmpty()) {
                JsonAnswer.send(response, 400, "{\"error\":\"no event " + event + "\"}");
                return;
            }
            TicketStore.Ticket t = ticket.get();
            JsonAnswer.send(response, 200, "{\"event\":" + t.event() + ",\"name\":\"" + t.name() + "\",\"number\":" + t.number() + "}");
        } catch (SQLException e) {
            JsonAnswer.send(response, 503, "{\"error\":\"database: " + JsonAnswer.quoted(e.getMessage()) + "\"}");
        }
    }
}
