package dev.chokepoint.agent.exposition;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;

/**
 * What the endpoint reads from a scrape: the request line and the two headers that choose the
 * answer ({@code Accept} for the format, {@code Accept-Encoding} for gzip). The head is read up to
 * its blank line and at most {@link #MAX_HEAD_BYTES}; a scrape sends no body.
 */
final class ScrapeRequest {

    static final int MAX_HEAD_BYTES = 16 * 1024;

    final String method;
    final String path;
    final String accept;
    final boolean gzip;

    private ScrapeRequest(String method, String path, String accept, boolean gzip) {
        this.method = method;
        this.path = path;
        this.accept = accept;
        this.gzip = gzip;
    }

    /** The request on {@code in}, or empty when its head is not HTTP or too long. */
    static Optional<ScrapeRequest> read(InputStream in) throws IOException {
        Optional<String> head = head(in);
        if (head.isEmpty()) {
            return Optional.empty();
        }
        String[] lines = head.get().split("\r?\n");
        String[] requestLine = lines[0].split(" ");
        if (requestLine.length != 3 || !requestLine[2].startsWith("HTTP/")) {
            return Optional.empty();
        }
        String target = requestLine[1];
        int query = target.indexOf('?');
        String path = query < 0 ? target : target.substring(0, query);
        String accept = "";
        boolean gzip = false;
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0) {
                String name = lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT);
                String value = lines[i].substring(colon + 1).trim();
                if (name.equals("accept")) {
                    accept = value;
                } else if (name.equals("accept-encoding")) {
                    gzip = value.toLowerCase(Locale.ROOT).contains("gzip");
                }
            }
        }
        return Optional.of(new ScrapeRequest(requestLine[0], path, accept, gzip));
    }

    /** The bytes up to the blank line that ends the head (ISO-8859-1, as HTTP/1.1 heads are). */
    private static Optional<String> head(InputStream in) throws IOException {
        byte[] buffer = new byte[MAX_HEAD_BYTES];
        int length = 0;
        while (length < buffer.length) {
            int next = in.read();
            if (next < 0) {
                return Optional.empty();
            }
            buffer[length++] = (byte) next;
            if (endsWithBlankLine(buffer, length)) {
                return Optional.of(new String(buffer, 0, length, StandardCharsets.ISO_8859_1).strip());
            }
        }
        return Optional.empty();
    }

    private static boolean endsWithBlankLine(byte[] buffer, int length) {
        return length >= 2 && buffer[length - 1] == '\n'
                && (buffer[length - 2] == '\n' || length >= 4 && buffer[length - 2] == '\r'
                && buffer[length - 3] == '\n' && buffer[length - 4] == '\r');
    }
}
