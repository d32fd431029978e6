package dev.chokepoint.agent.request;

import java.util.function.UnaryOperator;

/**
 * Turns a raw request path into a route-like template when no framework told us the route:
 * numeric, UUID and long hex segments become {@code {id}}, matrix parameters are dropped and the
 * depth is capped, so {@code /items/42} and {@code /items/43} share one series.
 */
public final class UriNormalizer implements UnaryOperator<String> {

    static final int MAX_SEGMENTS = 6;
    static final String ID = "{id}";

    @Override
    public String apply(String path) {
        if (path == null || path.isEmpty() || "/".equals(path)) {
            return "/";
        }
        StringBuilder out = new StringBuilder(Math.min(path.length(), 128));
        int segments = 0;
        int start = path.charAt(0) == '/' ? 1 : 0;
        while (start <= path.length()) {
            int end = path.indexOf('/', start);
            if (end < 0) {
                end = path.length();
            }
            String segment = path.substring(start, end);
            int matrix = segment.indexOf(';');
            if (matrix >= 0) {
                segment = segment.substring(0, matrix);
            }
            if (!segment.isEmpty() || end < path.length()) {
                if (++segments > MAX_SEGMENTS) {
                    out.append("/**");
                    break;
                }
                out.append('/').append(isId(segment) ? ID : segment);
            }
            start = end + 1;
        }
        return out.length() == 0 ? "/" : out.toString();
    }

    /** Numbers, UUIDs and hex/base-36 tokens with digits that are at least 8 long look like ids. */
    static boolean isId(String segment) {
        if (segment.isEmpty()) {
            return false;
        }
        boolean allDigits = true;
        boolean hasDigit = false;
        boolean hexOrDash = true;
        for (int i = 0; i < segment.length(); i++) {
            char c = segment.charAt(i);
            boolean digit = c >= '0' && c <= '9';
            hasDigit |= digit;
            allDigits &= digit;
            hexOrDash &= digit || c == '-' || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
        }
        if (allDigits) {
            return true;
        }
        return hasDigit && hexOrDash && segment.length() >= 8;
    }
}
