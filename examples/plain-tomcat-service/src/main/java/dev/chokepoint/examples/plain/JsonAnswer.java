package dev.chokepoint.examples.plain;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.util.OptionalInt;

/** How every servlet of this service answers: a status and a JSON body. */
final class JsonAnswer {

    private JsonAnswer() {
    }

    static void send(HttpServletResponse response, int status, String json) throws IOException {
        response.setStatus(status);
        response.setContentType("application/json");
        response.setCharacterEncoding("UTF-8");
        response.getWriter().write(json);
    }

    /** The request's {@code event} number, or empty after answering 400 when it is not a number. */
    static OptionalInt event(HttpServletRequest request, HttpServletResponse response) throws IOException {
        try {
            return OptionalInt.of(Integer.parseInt(request.getParameter("event")));
        } catch (NumberFormatException e) {
            send(response, 400, "{\"error\":\"event must be a number\"}");
            return OptionalInt.empty();
        }
    }

    /** {@code text} as a JSON string's content: quotes and backslashes made harmless. */
    static String quoted(String text) {
        return String.valueOf(text).replace('\\', '/').replace('"', '\'');
    }
}
