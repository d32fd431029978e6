package dev.chokepoint.examples.fast;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** {@code GET /hello}: a constant, the cheapest request a service can answer. */
final class HelloServlet extends HttpServlet {

    private static final byte[] HELLO = "hello\n".getBytes(StandardCharsets.US_ASCII);

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setContentType("text/plain");
        response.setContentLength(HELLO.length);
        response.getOutputStream().write(HELLO);
    }
}
