package dev.chokepoint.agent.exposition;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;

/**
 * What the endpoint reads from a scrape: the request line and the two headers that choose the
 * answer ({@code Accept} for the format, {@code Accept-Encoding} for gzip). The head ends at its
 * blank line and is at most {@link #MAX_HEAD_BYTES}; a scrape sends no body.
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

    /** The request in the head's first {@code length} bytes, or empty when it is not HTTP. */
    static Optional<ScrapeRequest> parse(byte[] head, int length) {
        String[] lines = new String(head, 0, length, StandardCharsets.ISO_8859_1).strip().split("\r?\n");
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

    /**
     * The length of the head up to and including its blank line ({@code \r\n\r\n} or
     * {@code \n\n}), looking only at bytes from {@code from} on (the earlier ones were searched
     * before), or -1 while the head has not ended.
     */
    static int endOfHead(byte[] buffer, int from, int length) {
        for (int i = Math.max(from, 1); i < length; i++) {
            if (buffer[i] == '\n' && (buffer[i - 1] == '\n'
                    || i >= 3 && buffer[i - 1] == '\r' && buffer[i - 2] == '\n' && buffer[i - 3] == '\r')) {
                return i + 1;
            }
        }
        return -1;
    }
}
