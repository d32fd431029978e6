package dev.chokepoint.collector.report;

import java.io.IOException;
import java.io.OutputStream;

/** One report format. */
public interface ReportWriter {

    void write(Report report, OutputStream out) throws IOException;
}
