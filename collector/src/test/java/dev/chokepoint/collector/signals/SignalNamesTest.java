package dev.chokepoint.collector.signals;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Signal names outside the catalog go through {@link SignalCatalog#known}: every class that names
 * one loads (an unknown name fails its class's initialization), and no code reads a frame by a bare
 * string. Rules are checked by their compiler, docs by {@link SignalCatalogDocsTest}.
 */
class SignalNamesTest {

    private static final Path SOURCES = Path.of("src/main/java");
    private static final Pattern KNOWN = Pattern.compile("SignalCatalog\\.known\\(\"([a-z0-9_]+)\"\\)");
    /** A frame read: values("x"), value("x", i), text("x", i), available("x"). */
    private static final Pattern BARE = Pattern.compile("\\.(values\\(\"[a-z0-9_]+\"\\)|(value|text)\\(\"[a-z0-9_]+\",|available\\(\"[a-z0-9_]+\"\\))");

    @Test
    void every_signal_named_in_java_is_in_the_catalog_and_its_class_loads() throws Exception {
        List<String> names = new ArrayList<>();
        for (Path file : javaFiles()) {
            Matcher m = KNOWN.matcher(Files.readString(file));
            boolean any = false;
            while (m.find()) {
                names.add(m.group(1));
                any = true;
            }
            if (any) {
                Class.forName(className(file), true, getClass().getClassLoader());
            }
        }
        assertThat(names).isNotEmpty().allSatisfy(n -> assertThat(SignalCatalog.signals()).containsKey(n));
    }

    @Test
    void no_code_outside_the_signals_package_reads_a_signal_by_a_bare_string() throws Exception {
        List<String> bare = new ArrayList<>();
        for (Path file : javaFiles()) {
            if (file.toString().contains("/collector/signals/")) {
                continue;
            }
            Matcher m = BARE.matcher(Files.readString(file));
            while (m.find()) {
                bare.add(file.getFileName() + ": " + m.group());
            }
        }
        assertThat(bare).as("use SignalCatalog.known(...) constants").isEmpty();
    }

    private static List<Path> javaFiles() throws Exception {
        try (Stream<Path> s = Files.walk(SOURCES)) {
            return s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
    }

    private static String className(Path file) {
        String rel = SOURCES.relativize(file).toString();
        return rel.substring(0, rel.length() - ".java".length()).replace('/', '.');
    }
}
