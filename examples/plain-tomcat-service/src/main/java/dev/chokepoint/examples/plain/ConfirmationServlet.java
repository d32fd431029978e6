package dev.chokepoint.examples.plain;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.sql.SQLException;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.TimeoutException;

/**
 * {@code GET /tickets/confirm?event=N}: sends the event's confirmation mail through the mailer
 * pool and answers its message id; 400 for a bad or unknown event, 504 when the mail did not go
 * out in time.
 */
final class ConfirmationServlet extends HttpServlet {

    private final transient ConfirmationMailer mailer;

    ConfirmationServlet(ConfirmationMailer mailer) {
        this.mailer = mailer;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        OptionalInt asked = JsonAnswer.event(request, response);
        if (asked.isEmpty()) {
            return;
        }
        int event = asked.getAsInt();
        try {
            Optional<String> id = mailer.confirm(event);
            if (id.isEmpty()) {
                JsonAnswer.send(response, 400, "{\"error\":\"no event " + event + "\"}");
                return;
            }
            JsonAnswer.send(response, 200, "{\"event\":" + event + ",\"message\":\"" + JsonAnswer.quoted(id.get()) + "\"}");
        } catch (SQLException e) {
            JsonAnswer.send(response, 503, "{\"error\":\"database: " + JsonAnswer.quoted(e.getMessage()) + "\"}");
        } catch (TimeoutException e) {
            JsonAnswer.send(response, 504, "{\"error\":\"the mail did not go out within "
                    + ConfirmationMailer.TIMEOUT_MILLIS + " ms\"}");
        }
    }
}
