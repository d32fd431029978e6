package dev.chokepoint.agent.it;

import org.junit.jupiter.api.Test;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Regression: the JDBC probe looks at the super types of every class named {@code …Driver}. A class
 * of that name whose super class is absent (an optional dependency the application does not ship)
 * must not count as a probe failure: the probe stays on and statements are still timed.
 */
class OrphanDriverIT {

    @Test
    void aDriverNamedClassWithAMissingSuperClassLeavesTheJdbcProbeOn() throws IOException {
        Path classes = orphanDriverClasses();
        try (ForkedApp app = ForkedApp.of(ProbedServiceApp.class).classPathFirst(classes)
                .args("load=demo.OrphanDriver").start()) {
            URI base = URI.create("http://127.0.0.1:" + app.awaitStdoutValue("ready") + "/");
            assertThat(app.stdout()).contains("could not load demo.OrphanDriver");

            assertThat(ClosedLoopLoad.start(base, 1, 2, i -> "unpooled").await()).isZero();

            Scrape scrape = app.scrape();
            assertThat(scrape.sum("chokepoint_jdbc_query_seconds_count", "pool", "none")).isEqualTo(2);
            assertThat(app.agentProblems()).as(app.describe()).isEmpty();
        }
    }

    /** {@code demo.OrphanDriver extends demo.Absent}, compiled here, then {@code Absent.class} deleted. */
    private static Path orphanDriverClasses() throws IOException {
        Path sources = Files.createTempDirectory("orphan-driver-src");
        Path classes = Files.createTempDirectory("orphan-driver-classes");
        Path absent = Files.createDirectories(sources.resolve("demo")).resolve("Absent.java");
        Files.writeString(absent, "package demo; public class Absent { }");
        Path orphan = sources.resolve("demo").resolve("OrphanDriver.java");
        Files.writeString(orphan, "package demo; public class OrphanDriver extends Absent { }");
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertThat(javac).as("tests run on a JDK").isNotNull();
        int exit = javac.run(null, null, null, "-d", classes.toString(), absent.toString(), orphan.toString());
        assertThat(exit).isZero();
        Files.delete(classes.resolve("demo").resolve("Absent.class"));
        return classes;
    }
}
