package dev.chokepoint.agent.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The Java 25 that tests of newer-JDK behaviour (virtual threads, the agent on the newest LTS)
 * fork their application with, found the way a build finds a JDK: the system property
 * {@code chokepoint.java25} (a JDK home), then {@code JAVA25_HOME}, then a JDK under
 * {@code /usr/lib/jvm} whose {@code release} file says 25 (this project's machines bring Temurin
 * 25 at {@code /usr/lib/jvm/temurin-25-jdk-amd64}; Debian 12 has no openjdk-25 package), then the
 * JDK running the tests if it is 25 or newer.
 *
 * <p>When there is none, a test that needs it fails under CI ({@code CI=true}), so that a machine
 * without it is seen, and is skipped elsewhere, with the reason in the test report.
 */
final class Java25 {

    static final String PROPERTY = "chokepoint.java25";
    static final String ENV = "JAVA25_HOME";
    /** Where Debian's and Temurin's packages put JDKs; a property so the not-found path can be tried. */
    private static final Path JVMS = Path.of(System.getProperty("chokepoint.jvms", "/usr/lib/jvm"));

    private Java25() {
    }

    /** The {@code java} executable of a Java 25, or a failure (CI) or skip (elsewhere) saying how to get one. */
    static Path require() {
        Optional<Path> java = find();
        if (java.isPresent()) {
            return java.get();
        }
        String why = "no Java 25 found (looked at -D" + PROPERTY + ", " + ENV + ", " + JVMS + "/*/release and the "
                + "running JDK " + System.getProperty("java.version") + "); set " + ENV + " to a JDK 25 home. "
                + "Debian 12 packages no JDK 25; this project's machines bring Temurin 25 at "
                + "/usr/lib/jvm/temurin-25-jdk-amd64";
        if (isCi()) {
            fail(why + " (failing because CI=true: a Java 25 test must not pass by skipping)");
        }
        assumeTrue(false, "skipped: " + why);
        throw new AssertionError("unreachable");
    }

    static Optional<Path> find() {
        List<Path> homes = new ArrayList<>();
        String property = System.getProperty(PROPERTY, "");
        if (!property.isBlank()) {
            homes.add(Path.of(property));
        }
        String env = System.getenv(ENV);
        if (env != null && !env.isBlank()) {
            homes.add(Path.of(env));
        }
        homes.addAll(installed());
        homes.add(Path.of(System.getProperty("java.home")));
        return homes.stream().filter(Java25::isJava25OrNewer).map(home -> home.resolve("bin").resolve("java")).findFirst();
    }

    private static List<Path> installed() {
        if (!Files.isDirectory(JVMS)) {
            return List.of();
        }
        try (Stream<Path> dirs = Files.list(JVMS)) {
            return dirs.filter(dir -> dir.getFileName().toString().contains("25")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** From the JDK's {@code release} file ({@code JAVA_VERSION="25.0.1"}), without starting it. */
    static boolean isJava25OrNewer(Path home) {
        Path release = home.resolve("release");
        if (!Files.isExecutable(home.resolve("bin").resolve("java")) || !Files.isRegularFile(release)) {
            return false;
        }
        try (Stream<String> lines = Files.lines(release)) {
            return lines.filter(line -> line.startsWith("JAVA_VERSION=")).findFirst()
                    .map(line -> line.substring("JAVA_VERSION=".length()).replace("\"", ""))
                    .map(Java25::feature).orElse(0) >= 25;
        } catch (IOException e) {
            return false;
        }
    }

    private static int feature(String version) {
        String first = version.split("[.+-]")[0];
        try {
            return Integer.parseInt(first);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static boolean isCi() {
        String ci = System.getenv("CI");
        return ci != null && !ci.isBlank() && !ci.equalsIgnoreCase("false");
    }
}
