package dev.chokepoint.collector.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Headless Chromium for the tests that render a page (report.html, compare.html): offline, its
 * own profile in the test's folder, at most two minutes per page.
 */
public final class Chromium {

    static final Path BINARY = Path.of("/usr/bin/chromium");

    private Chromium() {
    }

    public static boolean installed() {
        return Files.isExecutable(BINARY);
    }

    /** Runs Chromium on {@code page} with one action (--screenshot=FILE, --dump-dom) and returns its standard output. */
    public static String run(Path dir, String action, Path page) throws Exception {
        Path out = Files.createTempFile(dir, "chromium", ".out");
        Process p = new ProcessBuilder(List.of(BINARY.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--user-data-dir=" + dir.resolve("profile"), "--window-size=1000,2600",
                action, page.toUri().toString()))
                .redirectError(dir.resolve("chromium.log").toFile()).redirectOutput(out.toFile()).start();
        boolean done = p.waitFor(120, TimeUnit.SECONDS);
        if (!done) {
            p.destroyForcibly();
        }
        assertThat(done).as("chromium finished").isTrue();
        return Files.readString(out);
    }
}
