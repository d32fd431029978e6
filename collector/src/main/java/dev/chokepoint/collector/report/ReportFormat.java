package dev.chokepoint.collector.report;

import java.util.Arrays;
import java.util.Optional;

/** The formats the CLI can ask for ({@code --format md,json,html}) and the file each lands in. */
public enum ReportFormat {
    MD("md", "report.md", new MarkdownReportWriter()),
    JSON("json", "report.json", new JsonReportWriter()),
    HTML("html", "report.html", new HtmlReportWriter());

    private final String id;
    private final String fileName;
    private final ReportWriter writer;

    ReportFormat(String id, String fileName, ReportWriter writer) {
        this.id = id;
        this.fileName = fileName;
        this.writer = writer;
    }

    public String id() {
        return id;
    }

    public String fileName() {
        return fileName;
    }

    public ReportWriter writer() {
        return writer;
    }

    public static Optional<ReportFormat> byId(String id) {
        return Arrays.stream(values()).filter(f -> f.id.equalsIgnoreCase(id.strip())).findFirst();
    }
}
