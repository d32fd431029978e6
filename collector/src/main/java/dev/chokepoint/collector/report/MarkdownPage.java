package dev.chokepoint.collector.report;

import java.nio.charset.StandardCharsets;
import java.util.List;

/** GitHub-flavoured Markdown; the first line is the headline (CI logs and chat previews show it). */
final class MarkdownPage implements Page {

    private final StringBuilder out = new StringBuilder();

    @Override
    public void title(String text) {
        out.append("# ").append(text).append("\n\n");
    }

    @Override
    public void heading(String text) {
        out.append("## ").append(text).append("\n\n");
    }

    @Override
    public void subheading(String text) {
        out.append("### ").append(text).append("\n\n");
    }

    @Override
    public void paragraph(Inline text) {
        out.append(inline(text, false)).append("\n\n");
    }

    @Override
    public void bullets(List<Inline> items) {
        items.forEach(i -> out.append("- ").append(inline(i, false)).append('\n'));
        out.append('\n');
    }

    @Override
    public void quote(Inline text, List<Inline> items) {
        out.append("> ").append(inline(text, false)).append('\n');
        items.forEach(i -> out.append("> - ").append(inline(i, false)).append('\n'));
        out.append('\n');
    }

    @Override
    public void table(List<String> header, boolean[] numeric, List<List<Inline>> rows) {
        out.append("| ").append(String.join(" | ", header)).append(" |\n|");
        for (boolean n : numeric) {
            out.append(n ? "---:|" : "---|");
        }
        out.append('\n');
        for (List<Inline> row : rows) {
            out.append('|');
            row.forEach(c -> out.append(' ').append(inline(c, true)).append(" |"));
            out.append('\n');
        }
        out.append('\n');
    }

    @Override
    public void charts(List<SvgChart> charts) {
        // Markdown has no charts: report.html has them.
    }

    @Override
    public byte[] finish() {
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static String inline(Inline text, boolean cell) {
        StringBuilder s = new StringBuilder();
        for (Inline.Span span : text.spans()) {
            String t = cell ? span.text().replace("|", "\\|") : span.text();
            s.append(switch (span.style()) {
                case PLAIN -> t;
                case BOLD -> "**" + t + "**";
                case CODE -> "`" + t + "`";
            });
        }
        return s.toString();
    }
}
