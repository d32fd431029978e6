package dev.chokepoint.collector.cli;

import dev.chokepoint.collector.analysis.AnalysisOptions;
import dev.chokepoint.collector.verdict.Slo;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

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

    private Set<String> formats = new LinkedHashSet<>(List.of("md", "json", "html"));
    private List<String> slos = List.of();

    @Option(names = "--slo", paramLabel = "SLO", defaultValue = AnalysisOptions.DEFAULT_SLO,
            description = "Service level objective; the knee is the highest step meeting it. k6's threshold syntax "
                    + "(p(95)<300, p(99)<1000, avg<200, med<150 in ms; http_req_failed<0.01) or p95<=300ms, errors<=1%%; "
                    + "terms joined by commas or given as repeated --slo. < is strictly below, <= at most "
                    + "(default: ${DEFAULT-VALUE}).")
    void slo(List<String> values) {
        for (String value : values) {
            try {
                Slo.parse(value);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), "Invalid value for option '--slo': " + e.getMessage());
            }
        }
        slos = List.copyOf(values);
    }

    @Option(names = "--fail-on-slo", description = "Exit with 1 when a step misses the SLO (for CI).")
    boolean failOnSlo;

    @Option(names = "--rules", paramLabel = "FILE", converter = RulesFileConverter.class,
            description = "Rule file adding rules or overriding default ones by id; repeat the option for several files.")
    List<Path> rules = new ArrayList<>();

    @Option(names = "--format", paramLabel = "FORMATS", split = ",", defaultValue = "md,json,html",
            description = "Report formats, of md, json, html: comma-separated or repeated (default: ${DEFAULT-VALUE}).")
    void formats(List<String> values) {
        Set<String> chosen = new LinkedHashSet<>();
        for (String format : values) {
            String name = format.trim().toLowerCase(Locale.ROOT);
            if (!FORMATS.contains(name)) {
                throw new ParameterException(spec.commandLine(), "Invalid value for option '--format': '" + format
                        + "' is not a report format; use a comma-separated list of md, json, html");
            }
            chosen.add(name);
        }
        formats = chosen;
    }

    /**
     * The SLO as given: several {@code --slo} joined by {@code ;}, which ends the k6 metric name a
     * term before it began ({@code http_req_failed: rate<0.01}), so each value reads as it did alone.
     */
    String slo() {
        return slos.isEmpty() ? AnalysisOptions.DEFAULT_SLO : String.join("; ", slos);
    }

    public AnalysisOptions analysisOptions() {
        return new AnalysisOptions(List.copyOf(rules), slo(), Set.copyOf(formats));
    }

    public boolean failOnSlo() {
        return failOnSlo;
    }
}
