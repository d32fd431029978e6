package dev.chokepoint.collector.report;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A self-contained HTML page: inline CSS and SVG only, so it opens from a CI artifact or an e-mail
 * with no network.
 */
final class HtmlPage implements Page {

    private static final String CSS = """
            body{font:14px/1.45 system-ui,sans-serif;margin:24px auto;max-width:960px;color:#222}
            h1{font-size:20px}h2{font-size:17px;margin-top:28px}table{border-collapse:collapse;margin:8px 0}
            td,th{border:1px solid #ccc;padding:3px 7px;text-align:left}td.n,th.n{text-align:right}
            b{color:#b00}blockquote{margin:6px 0;padding:4px 10px;border-left:3px solid #ccc}
            .chart{width:100%;height:auto;display:block;margin:6px 0}.title{font-size:12px;font-weight:bold}
            .band0{fill:#f4f4f4}.band1{fill:#e9eef5}.band-label{font-size:10px;fill:#666}.frame{fill:none;stroke:#bbb}
            .axis{font-size:10px}.onset{stroke:#d00;stroke-dasharray:4 3;stroke-width:1.4}.onset-label{font-size:10px;fill:#d00}
            code{font-size:12px}
            """;

    private final StringBuilder body = new StringBuilder();
    private String title = "";

    @Override
    public void title(String text) {
        title = text;
        body.append("<h1 id=\"headline\">").append(Html.escape(text)).append("</h1>");
    }

    @Override
    public void heading(String text) {
        body.append("<h2>").append(Html.escape(text)).append("</h2>");
    }

    @Override
    public void subheading(String text) {
        body.append("<h3>").append(Html.escape(text)).append("</h3>");
    }

    @Override
    public void paragraph(Inline text) {
        body.append("<p>").append(inline(text)).append("</p>");
    }

    @Override
    public void bullets(List<Inline> items) {
        body.append("<ul>");
        items.forEach(i -> body.append("<li>").append(inline(i)).append("</li>"));
        body.append("</ul>");
    }

    @Override
    public void quote(Inline text, List<Inline> items) {
        body.append("<blockquote>").append(inline(text));
        if (!items.isEmpty()) {
            bullets(items);
        }
        body.append("</blockquote>");
    }

    @Override
    public void table(List<String> header, boolean[] numeric, List<List<Inline>> rows) {
        body.append("<table><tr>");
        for (int i = 0; i < header.size(); i++) {
            body.append(numeric[i] ? "<th class=\"n\">" : "<th>").append(Html.escape(header.get(i))).append("</th>");
        }
        body.append("</tr>");
        for (List<Inline> row : rows) {
            body.append("<tr>");
            for (int i = 0; i < row.size(); i++) {
                body.append(numeric[i] ? "<td class=\"n\">" : "<td>").append(inline(row.get(i))).append("</td>");
            }
            body.append("</tr>");
        }
        body.append("</table>");
    }

    @Override
    public void charts(List<SvgChart> charts) {
        if (charts.isEmpty()) {
            return;
        }
        heading("Over time");
        charts.forEach(c -> body.append(c.render()));
    }

    @Override
    public byte[] finish() {
        return ("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + Html.escape(title)
                + "</title><style>" + CSS + "</style></head><body>" + body + "</body></html>\n")
                .getBytes(StandardCharsets.UTF_8);
    }

    private static String inline(Inline text) {
        StringBuilder s = new StringBuilder();
        for (Inline.Span span : text.spans()) {
            String t = Html.escape(span.text());
            s.append(switch (span.style()) {
                case PLAIN -> t;
                case BOLD -> "<b>" + t + "</b>";
                case CODE -> "<code>" + t + "</code>";
            });
        }
        return s.toString();
    }
}
