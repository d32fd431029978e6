package dev.chokepoint.collector.report;

import dev.chokepoint.collector.report.model.ReportModel;

import java.io.IOException;
import java.io.OutputStream;

/** The report as Markdown; the first line is the headline. */
public final class MarkdownReportWriter implements ReportWriter {

    @Override
    public void write(ReportModel report, OutputStream out) throws IOException {
        out.write(ReportLayout.render(report, new MarkdownPage()));
        out.flush();
    }
}
