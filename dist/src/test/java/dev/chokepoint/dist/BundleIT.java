package dev.chokepoint.dist;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The bundle as a user gets it: unpacked with tar, the launcher runs the collector from it (also
 * through a symbolic link elsewhere), the agent jar answers, and the docs, rules and LICENSE are
 * there.
 */
class BundleIT {

    private static final String VERSION = System.getProperty("chokepoint.expected.version");
    private static final Path BUNDLE = Path.of(System.getProperty("chokepoint.bundle"));
    private static final String TOP = "chokepoint-" + VERSION + "/";

    @TempDir
    static Path unpacked;

    @BeforeAll
    static void unpack() throws Exception {
        assertThat(BUNDLE).isRegularFile().hasFileName("chokepoint-" + VERSION + ".tar.gz");
        Result tar = run(List.of("tar", "-xzf", BUNDLE.toString(), "-C", unpacked.toString()), Map.of());
        assertThat(tar.exit).as(tar.output).isZero();
    }

    @Test
    void holdsTheLauncherBothJarsTheDocsTheRulesAndTheLicense() throws Exception {
        Result list = run(List.of("tar", "-tzvf", BUNDLE.toString()), Map.of());

        assertThat(list.output.lines().map(l -> l.substring(l.lastIndexOf(' ') + 1)))
                .allMatch(name -> name.startsWith(TOP), "everything under " + TOP)
                .contains(TOP + "bin/chokepoint", TOP + "lib/chokepoint.jar", TOP + "lib/chokepoint-agent.jar",
                        TOP + "README.md", TOP + "LICENSE", TOP + "CONTRIBUTING.md", TOP + "docs/cli.md",
                        TOP + "docs/metrics.md", TOP + "rules/index", TOP + "rules/cpu.yaml", TOP + "rules/README.md");
        assertThat(list.output.lines().filter(l -> l.endsWith(TOP + "bin/chokepoint"))).singleElement()
                .asString().startsWith("-rwxr-xr-x");
        assertThat(Files.readString(unpacked.resolve(TOP + "LICENSE"))).contains("Apache License", "Version 2.0, January 2004",
                "END OF TERMS AND CONDITIONS");
    }

    @Test
    void theLauncherRunsTheBundledCollectorAlsoThroughALink() throws Exception {
        Path launcher = unpacked.resolve(TOP + "bin/chokepoint");
        Path link = Files.createSymbolicLink(unpacked.resolve("chokepoint-link"), launcher);
        Map<String, String> env = Map.of("JAVA_HOME", System.getProperty("java.home"));

        Result direct = run(List.of(launcher.toString(), "--version"), env);
        Result linked = run(List.of(link.toString(), "--version"), env);

        assertThat(direct.exit).as(direct.output).isZero();
        assertThat(direct.output).startsWith("chokepoint " + VERSION + "\n");
        assertThat(linked.output).isEqualTo(direct.output);
    }

    @Test
    void theBundledAgentJarTellsItsVersion() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");

        Result agent = run(List.of(java.toString(), "-jar", unpacked.resolve(TOP + "lib/chokepoint-agent.jar").toString(),
                "--version"), Map.of());

        assertThat(agent.exit).as(agent.output).isZero();
        assertThat(agent.output).isEqualTo("chokepoint-agent " + VERSION + "\n");
    }

    private record Result(int exit, String output) {
    }

    private static Result run(List<String> command, Map<String, String> env) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(new ArrayList<>(command)).redirectErrorStream(true);
        builder.environment().putAll(env);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("%s ended", command).isTrue();
        return new Result(process.exitValue(), output);
    }
}
