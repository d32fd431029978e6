package dev.chokepoint.agent.options;

import java.net.URI;

/** What a value of one option must look like; a violation yields the reason and the fix. */
enum ValueRule {

    PORT {
        @Override
        String problem(String value) {
            Integer port = integer(value);
            return port != null && port >= 0 && port <= 65535 ? null : "is not a TCP port; use a number from 0 to 65535";
        }
    },
    HOST {
        @Override
        String problem(String value) {
            return value.isBlank() || value.chars().anyMatch(Character::isWhitespace)
                    ? "is not a host name or address; use e.g. 127.0.0.1 or 0.0.0.0" : null;
        }
    },
    PROBES {
        @Override
        String problem(String value) {
            return value.isBlank() ? "is empty; use 'all', e.g. tomcat:hikari, or e.g. -hikari" : null;
        }
    },
    POSITIVE_INT {
        @Override
        String problem(String value) {
            Integer number = integer(value);
            return number != null && number > 0 ? null : "is not a positive whole number; use e.g. 100";
        }
    },
    NON_NEGATIVE_INT {
        @Override
        String problem(String value) {
            Integer number = integer(value);
            return number != null && number >= 0 ? null : "is not a whole number >= 0; use e.g. 1";
        }
    },
    OTLP_ENDPOINT {
        @Override
        String problem(String value) {
            if (value.equals("off")) {
                return null;
            }
            try {
                URI uri = new URI(value);
                if (("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null) {
                    return null;
                }
            } catch (java.net.URISyntaxException e) {
                // falls through to the common message
            }
            return "is not an http(s) URL; use e.g. http://127.0.0.1:4318/v1/metrics, or off";
        }
    },
    DURATION {
        @Override
        String problem(String value) {
            java.time.Duration d = Durations.parse(value);
            return d != null && !d.isZero() ? null : "is not a duration; use e.g. 500ms, 30s, 1m or 1m30s";
        }
    },
    DURATION_OR_ZERO {
        @Override
        String problem(String value) {
            return Durations.parse(value) != null ? null : "is not a duration; use e.g. 1ms, 500us, 10ms, or 0";
        }
    };

    /** {@code null} when {@code value} is acceptable, else why not and how to fix it. */
    abstract String problem(String value);

    static Integer integer(String value) {
        try {
            return Integer.valueOf(value.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
