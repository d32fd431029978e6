package dev.chokepoint.collector.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A line of text with emphasis and code spans, kept as spans (not markup) so that data with
 * Markdown or HTML characters in it (SQL, host names) is escaped by each page, never read as markup.
 */
record Inline(List<Span> spans) {

    enum Style { PLAIN, BOLD, CODE }

    record Span(String text, Style style) {
    }

    static Inline plain(String text) {
        return new Inline(List.of()).and(text);
    }

    static Inline bold(String text) {
        return new Inline(List.of()).andBold(text);
    }

    Inline and(String text) {
        return with(text, Style.PLAIN);
    }

    Inline andBold(String text) {
        return with(text, Style.BOLD);
    }

    Inline andCode(String text) {
        return with(text, Style.CODE);
    }

    private Inline with(String text, Style style) {
        if (text == null || text.isEmpty()) {
            return this;
        }
        List<Span> out = new ArrayList<>(spans);
        out.add(new Span(text, style));
        return new Inline(List.copyOf(out));
    }

    /** The text without styles (titles, tests). */
    String text() {
        StringBuilder s = new StringBuilder();
        spans.forEach(x -> s.append(x.text()));
        return s.toString();
    }
}
