package dev.chokepoint.collector.compare;

import dev.chokepoint.collector.Main;
import dev.chokepoint.collector.analysis.Analysis;
import dev.chokepoint.collector.analysis.AnalysisOptions;
import dev.chokepoint.collector.analysis.CaseFixture;
import dev.chokepoint.collector.report.Chromium;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * compare.html rendered in headless Chromium (when installed) with networking off, like the
 * report's page; Chromium's DOM dump must hold the headline and the tables' cells, so the page
 * parsed as HTML and not as text. The screenshot stays in target/ for a person to look at.
 */
@EnabledIf("dev.chokepoint.collector.report.Chromium#installed")
class CompareHtmlInBrowserTest {

    @Test
    void chromium_renders_the_comparison_offline(@TempDir Path dir) throws Exception {
        CaseFixture pool = CaseFixture.load("cases/pool.yaml");
        CaseFixture cpu = CaseFixture.load("cases/cpu.yaml");
        Analysis.run(pool.run, pool.steps, AnalysisOptions.defaults(), dir.resolve("base"));
        Analysis.run(cpu.run, cpu.steps, AnalysisOptions.defaults(), dir.resolve("new"));
        assertThat(Main.execute("compare", dir.resolve("base").toString(), dir.resolve("new").toString())).isZero();
        Path html = dir.resolve("new/compare.html");
        Path shot = Path.of("target", "compare-screenshot.png").toAbsolutePath();
        Files.deleteIfExists(shot);

        String dom = Chromium.run(dir, "--dump-dom", html);
        Chromium.run(dir, "--screenshot=" + shot, html);

        assertThat(dom).contains("<h1 id=\"headline\">").contains("the bottleneck moved from the connection pool to the CPU")
                .contains("<th class=\"n\">achieved RPS</th>").contains("Regression check");
        assertThat(shot).exists();
        assertThat(Files.size(shot)).as("a rendered page, not a blank one").isGreaterThan(20_000);
    }
}
