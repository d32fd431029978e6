package dev.chokepoint.collector.report;

import dev.chokepoint.collector.report.model.ReportModel;

import java.io.IOException;
import java.io.OutputStream;

/** One report format, written from the one report model. */
public interface ReportWriter {

    void write(ReportModel report, OutputStream out) throws IOException;
}
