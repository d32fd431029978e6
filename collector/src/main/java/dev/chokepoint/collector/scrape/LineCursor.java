package dev.chokepoint.collector.scrape;

/** Reading position in one exposition line; errors carry the line number and column. */
final class LineCursor {

    private static final char END = '\0';

    private final String line;
    private final int lineNumber;
    private int position;

    LineCursor(String line, int lineNumber) {
        this.line = line;
        this.lineNumber = lineNumber;
    }

    boolean atEnd() {
        return position >= line.length();
    }

    char peek() {
        return atEnd() ? END : line.charAt(position);
    }

    void expect(char c) throws ExpositionException {
        if (peek() != c) {
            throw error("expected '" + c + "'");
        }
        position++;
    }

    void skipWhitespace() {
        while (!atEnd() && (peek() == ' ' || peek() == '\t')) {
            position++;
        }
    }

    void requireWhitespace(String where) throws ExpositionException {
        if (peek() != ' ' && peek() != '\t') {
            throw error("expected a space " + where);
        }
        skipWhitespace();
    }

    String readName() throws ExpositionException {
        int start = position;
        while (!atEnd()) {
            char c = peek();
            boolean letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':';
            if (!(letter || (position > start && c >= '0' && c <= '9'))) {
                break;
            }
            position++;
        }
        if (position == start) {
            throw error("expected a name");
        }
        return line.substring(start, position);
    }

    /** A double-quoted string with the exposition escapes {@code \\}, {@code \"} and {@code \n}. */
    String readQuoted() throws ExpositionException {
        expect('"');
        StringBuilder value = new StringBuilder();
        while (true) {
            if (atEnd()) {
                throw error("unterminated quoted string");
            }
            char c = line.charAt(position++);
            if (c == '"') {
                return value.toString();
            }
            if (c == '\\') {
                if (atEnd()) {
                    throw error("unterminated escape");
                }
                char escaped = line.charAt(position++);
                switch (escaped) {
                    case 'n' -> value.append('\n');
                    case '\\' -> value.append('\\');
                    case '"' -> value.append('"');
                    // The text format keeps unknown escapes as written.
                    default -> value.append('\\').append(escaped);
                }
            } else {
                value.append(c);
            }
        }
    }

    /** Up to the next whitespace. */
    String readToken() throws ExpositionException {
        int start = position;
        while (!atEnd() && peek() != ' ' && peek() != '\t') {
            position++;
        }
        if (position == start) {
            throw error("expected a value");
        }
        return line.substring(start, position);
    }

    ExpositionException error(String message) {
        return new ExpositionException(lineNumber, message + " at column " + (position + 1) + " in: "
                + (line.length() > 120 ? line.substring(0, 120) + "…" : line));
    }
}
