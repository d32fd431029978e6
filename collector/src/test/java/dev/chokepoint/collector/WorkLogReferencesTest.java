package dev.chokepoint.collector;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What users and contributors read (README, CONTRIBUTING, docs/, the rules, the main sources of
 * agent, collector and dist, and the examples' scripts, scenarios and sources) does not cite the
 * internal work log the project grew from: "issue 40", "#15's bar", "session 11", "seed 001", a run
 * id such as "001_0123456789abcdef", a helper branch such as "h7-evidence", "this session". Nobody
 * outside can look those up; say what the thing was instead (the case, the date, the doc section).
 * Test sources and target folders are not scanned, nor the golden reports' changelog
 * (collector/src/test/resources/golden/CHANGES.md).
 */
class WorkLogReferencesTest {

    private static final Path ROOT = Path.of("..");

    /** Files and folders scanned, relative to the repository root. */
    private static final List<String> SCANNED = List.of("README.md", "CONTRIBUTING.md", "docs", "rules", "agent/src/main",
            "collector/src/main", "dist", "examples");

    private static final Set<String> TEXT_EXTENSIONS = Set.of("md", "yaml", "yml", "txt", "properties", "java", "sh", "xml",
            "js", "template", "conf", "jfc", "html", "css", "py");

    /**
     * A numbered reference to the work log. Strict on purpose: "#" only right after a space, a
     * parenthesis or a line's start and only before 1-3 digits that end there (so not a Markdown
     * heading, a colour such as #222, an HTML entity, {@code site#2} or an anchor); "issue",
     * "session" and "seed" only followed by a number; branch names only as h&lt;number&gt;-&lt;word&gt;.
     */
    static final Pattern REFERENCE = Pattern.compile(String.join("|",
            "\\b[Ii]ssues?\\s+#?\\d+",
            "(?<![^\\s(\\[])#\\d{1,3}(?![\\w;])",
            "\\b[Ss]essions?[\\s-]\\d+",
            "\\b(?i:this|that|last|previous|earlier|next|same)\\s+session\\b",
            "\\b[Ss]eeds?\\s+\\d{3}\\b",
            "\\b\\d{3}_[0-9a-f]{16}\\b",
            "\\bh\\d{1,2}-[a-z]{3,}"));

    @Test
    void docsRulesAndMainSourcesCiteNoWorkLogNumbers() throws IOException {
        List<String> found = new ArrayList<>();
        for (String scanned : SCANNED) {
            Path start = ROOT.resolve(scanned);
            if (!Files.exists(start)) {
                continue;
            }
            try (Stream<Path> files = Files.walk(start)) {
                for (Path file : files.filter(WorkLogReferencesTest::scanned).sorted().toList()) {
                    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
                    for (int i = 0; i < lines.size(); i++) {
                        Matcher m = REFERENCE.matcher(lines.get(i));
                        if (m.find()) {
                            found.add(ROOT.relativize(file).toString().replace('\\', '/') + ":" + (i + 1) + ": " + m.group());
                        }
                    }
                }
            }
        }

        assertThat(found).as("references to the internal work log (file:line: match); say what the thing was instead")
                .isEmpty();
    }

    @Test
    void thePatternFindsWorkLogReferencesAndLeavesOrdinaryText() {
        for (String reference : List.of("(issue 40)", "issue 12's shop", "#15's ≤ 10 µs", "Issue #15's bars", "session 11",
                "issues 12, 13", "the session-4 merges", "seed 001", "runs/001_0123456789abcdef", "of h7-evidence",
                "in this session's run", "sessions 12–13")) {
            assertThat(REFERENCE.matcher(reference).find()).as(reference).isTrue();
        }
        for (String text : List.of("## Options", "# 2026-12-02: cpu admitted", "HTTP 503 at step 3", "color:#222",
                "fill:#f4f4f4", "&#39;", "\"#1f5fa8\"", "`site`, `site#2`, …", "[syntax below](#slo)", "{@link #parse}",
                "fixed seed: the same data", "(seed {})", "a CelIssue issue", "every analysis of a session", "--db h2",
                "$# -gt 0", "# 3 workers", "step #")) {
            assertThat(REFERENCE.matcher(text).find()).as(text).isFalse();
        }
    }

    private static boolean scanned(Path file) {
        String path = file.toString().replace('\\', '/');
        if (!Files.isRegularFile(file) || path.contains("/target/") || path.contains("/src/test/")
                || path.contains("/node_modules/") || path.endsWith("golden/CHANGES.md")) {
            return false;
        }
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot < 0 ? name.equals("index") : TEXT_EXTENSIONS.contains(name.substring(dot + 1));
    }
}
