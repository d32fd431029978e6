package dev.chokepoint.agent.request;

/**
 * Bounded tag values for HTTP method, status and outcome, as Spring/Micrometer spell them.
 * Returns shared constants so that callers can compare by identity and nothing is allocated.
 */
public final class HttpLabels {

    private static final String[] STATUS = new String[600];

    static {
        for (int code = 100; code < STATUS.length; code++) {
            STATUS[code] = Integer.toString(code);
        }
    }

    private HttpLabels() {
    }

    /** One of the standard methods, else {@code UNKNOWN} (clients can send any token). */
    public static String method(String method) {
        if (method == null) {
            return "UNKNOWN";
        }
        switch (method) {
            case "GET": return "GET";
            case "POST": return "POST";
            case "PUT": return "PUT";
            case "DELETE": return "DELETE";
            case "PATCH": return "PATCH";
            case "HEAD": return "HEAD";
            case "OPTIONS": return "OPTIONS";
            case "TRACE": return "TRACE";
            case "CONNECT": return "CONNECT";
            default: return "UNKNOWN";
        }
    }

    public static String status(int status) {
        return status >= 100 && status < STATUS.length ? STATUS[status] : "UNKNOWN";
    }

    public static String outcome(int status) {
        if (status >= 100 && status < 200) {
            return "INFORMATIONAL";
        }
        if (status >= 200 && status < 300) {
            return "SUCCESS";
        }
        if (status >= 300 && status < 400) {
            return "REDIRECTION";
        }
        if (status >= 400 && status < 500) {
            return "CLIENT_ERROR";
        }
        if (status >= 500 && status < 600) {
            return "SERVER_ERROR";
        }
        return "UNKNOWN";
    }
}
