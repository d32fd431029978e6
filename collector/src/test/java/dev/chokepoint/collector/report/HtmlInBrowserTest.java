package dev.chokepoint.collector.report;

import dev.chokepoint.collector.analysis.Analysis;
import dev.chokepoint.collector.analysis.AnalysisOptions;
import dev.chokepoint.collector.analysis.CaseFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Renders the HTML report in headless Chromium (when installed) with networking off: the page
 * must render by itself. The screenshot stays in target/ for a person to look at.
 */
@EnabledIf("dev.chokepoint.collector.report.Chromium#installed")
class HtmlInBrowserTest {

    @Test
    void chromium_renders_the_report_offline(@TempDir Path dir) throws Exception {
        CaseFixture pool = CaseFixture.load("cases/pool.yaml");
        Analysis.run(pool.run, pool.steps, AnalysisOptions.defaults(), dir);
        Path shot = Path.of("target", "report-screenshot.png").toAbsolutePath();
        Files.deleteIfExists(shot);

        Chromium.run(dir, "--screenshot=" + shot, dir.resolve("report.html"));

        assertThat(shot).exists();
        assertThat(Files.size(shot)).as("a rendered page, not a blank one").isGreaterThan(20_000);
    }
}
