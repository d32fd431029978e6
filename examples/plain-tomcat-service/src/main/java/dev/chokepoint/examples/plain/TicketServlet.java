package dev.chokepoint.examples.plain;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.sql.SQLException;
import java.util.Optional;

/** {@code GET /tickets?event=N}: the event's next ticket as JSON; 400 for a bad or unknown event. */
final class TicketServlet extends HttpServlet {

    private final transient TicketStore store;

    TicketServlet(TicketStore store) {
        this.store = store;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        int event;
        try {
            event = Integer.parseInt(request.getParameter("event"));
        } catch (NumberFormatException e) {
            answer(response, 400, "{\"error\":\"event must be a number\"}");
            return;
        }
        try {
            Optional<TicketStore.Ticket> ticket = store.issue(event);
            if (ticket.isEmpty()) {
                answer(response, 400, "{\"error\":\"no event " + event + "\"}");
                return;
            }
            TicketStore.Ticket t = ticket.get();
            answer(response, 200, "{\"event\":" + t.event() + ",\"name\":\"" + t.name() + "\",\"number\":" + t.number() + "}");
        } catch (SQLException e) {
            answer(response, 503, "{\"error\":\"database: " + e.getMessage().replace('"', '\'') + "\"}");
        }
    }

    private static void answer(HttpServletResponse response, int status, String json) throws IOException {
        response.setStatus(status);
        response.setContentType("application/json");
        response.setCharacterEncoding("UTF-8");
        response.getWriter().write(json);
    }
}
