package dev.chokepoint.collector.report;

import java.util.List;

/**
 * The blocks a report is made of; {@link ReportLayout} walks the model once and says what to show,
 * each page says how (Markdown, HTML). A page that cannot show a block (Markdown and charts)
 * leaves it out.
 */
interface Page {

    void title(String text);

    void heading(String text);

    void subheading(String text);

    void paragraph(Inline text);

    void bullets(List<Inline> items);

    void quote(Inline text, List<Inline> items);

    /** {@code numeric[i]}: column i holds numbers (right-aligned). */
    void table(List<String> header, boolean[] numeric, List<List<Inline>> rows);

    void charts(List<SvgChart> charts);

    byte[] finish();
}
