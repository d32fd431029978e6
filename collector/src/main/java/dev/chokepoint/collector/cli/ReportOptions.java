package dev.chokepoint.collector.cli;

import dev.chokepoint.collector.analysis.AnalysisOptions;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** How to judge and report: shared by {@code run} and {@code analyze}. */
public final class ReportOptions {

    static final Set<String> FORMATS = Set.of("md", "json", "html");

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    private final List<Path> rules = new ArrayList<>();
    private Set<String> formats = new LinkedHashSet<>(List.of("md", "json", "html"));

    @Option(names = "--slo", paramLabel = "SLO",
            description = "Service level objective, k6-threshold style (default: ${DEFAULT-VALUE}). "
                    + "The knee is the highest step meeting it.")
    String slo = AnalysisOptions.DEFAULT_SLO;

    @Option(names = "--fail-on-slo", description = "Exit with 1 when a step misses the SLO (for CI).")
    boolean failOnSlo;

    @Option(names = "--rules", paramLabel = "FILE", arity = "1..*",
            description = "Rule file(s) adding rules or overriding default ones by id.")
    void rules(List<Path> files) {
        for (Path file : files) {
            if (!Files.isRegularFile(file)) {
                throw new ParameterException(spec.commandLine(), "Invalid value for option '--rules': " + file
                        + " does not exist; give the path of a rules YAML file");
            }
            rules.add(file);
        }
    }

    @Option(names = "--format", paramLabel = "FORMATS", defaultValue = "md,json,html",
            description = "Report formats, comma-separated, of md, json, html (default: ${DEFAULT-VALUE}).")
    void formats(String value) {
        Set<String> chosen = new LinkedHashSet<>();
        for (String format : value.split(",")) {
            String name = format.trim().toLowerCase(Locale.ROOT);
            if (!FORMATS.contains(name)) {
                throw new ParameterException(spec.commandLine(), "Invalid value for option '--format': '" + format
                        + "' is not a report format; use a comma-separated list of md, json, html");
            }
            chosen.add(name);
        }
        formats = chosen;
    }

    public AnalysisOptions analysisOptions() {
        return new AnalysisOptions(List.copyOf(rules), slo, Set.copyOf(formats));
    }

    public boolean failOnSlo() {
        return failOnSlo;
    }
}
