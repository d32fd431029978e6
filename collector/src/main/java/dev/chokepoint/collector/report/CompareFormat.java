package dev.chokepoint.collector.report;

import dev.chokepoint.collector.compare.CompareModel;

import java.io.IOException;
import java.io.OutputStream;

/** The files chokepoint compare writes: one comparison model, three formats, the report's pages. */
public enum CompareFormat {
    MD("compare.md"),
    JSON("compare.json"),
    HTML("compare.html");

    private final String fileName;

    CompareFormat(String fileName) {
        this.fileName = fileName;
    }

    public String fileName() {
        return fileName;
    }

    public void write(CompareModel model, OutputStream out) throws IOException {
        switch (this) {
            case MD -> out.write(CompareLayout.render(model, new MarkdownPage()));
            case HTML -> out.write(CompareLayout.render(model, new HtmlPage()));
            case JSON -> JsonReportWriter.writeModel(model, out);
        }
        out.flush();
    }
}
