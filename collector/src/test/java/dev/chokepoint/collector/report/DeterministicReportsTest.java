package dev.chokepoint.collector.report;

import dev.chokepoint.collector.analysis.Analysis;
import dev.chokepoint.collector.analysis.AnalysisOptions;
import dev.chokepoint.collector.analysis.RecordedRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The same run gives byte-identical reports, also across JVMs: two analyses in two processes
 * (hash seeds and immutable-set iteration orders differ between JVMs, so one process could not
 * catch a dependence on them).
 */
class DeterministicReportsTest {

    @Test
    void two_processes_write_the_same_bytes_for_the_same_run(@TempDir Path dir) throws Exception {
        Path run = Path.of(getClass().getClassLoader().getResource("recorded/slow-query-ci").toURI());

        Path a = analyseInAnotherJvm(run, dir.resolve("a"));
        Path b = analyseInAnotherJvm(run, dir.resolve("b"));

        for (String f : List.of("report.md", "report.json", "report.html")) {
            assertThat(Files.readString(a.resolve(f))).as(f).isEqualTo(Files.readString(b.resolve(f)));
        }
    }

    private static Path analyseInAnotherJvm(Path run, Path out) throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Once.class.getName(), run.toString(), out.toString())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("analysis finished").isTrue();
        assertThat(p.exitValue()).isZero();
        return out;
    }

    /** One analysis of a recorded run, in its own JVM. */
    public static final class Once {
        public static void main(String[] args) throws Exception {
            RecordedRun r = RecordedRun.load(Path.of(args[0]));
            Analysis.run(r.run(), r.steps(), AnalysisOptions.defaults(), Path.of(args[1]));
        }
    }
}
