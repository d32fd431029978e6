package dev.chokepoint.collector.report;

import dev.chokepoint.collector.report.model.ReportModel;

import java.io.IOException;
import java.io.OutputStream;

/** The report as one self-contained HTML page with charts. */
public final class HtmlReportWriter implements ReportWriter {

    @Override
    public void write(ReportModel report, OutputStream out) throws IOException {
        out.write(ReportLayout.render(report, new HtmlPage()));
        out.flush();
    }
}
