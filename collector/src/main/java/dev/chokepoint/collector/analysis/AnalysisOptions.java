package dev.chokepoint.collector.analysis;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * What the CLI passes to the analysis, as the user wrote it: extra rule files (they add rules or
 * override default ones by id), the SLO in k6-threshold-like form (e.g.
 * {@code "p95<=300ms,p99<=1s,errors<=1%"}; null = default) and the report formats to write
 * ({@code md}, {@code json}, {@code html}).
 */
public record AnalysisOptions(List<Path> ruleFiles, String slo, Set<String> formats) {

    public static final String DEFAULT_SLO = "p95<=300ms,p99<=1s,errors<=1%";

    public static AnalysisOptions defaults() {
        return new AnalysisOptions(List.of(), DEFAULT_SLO, Set.of("md", "json", "html"));
    }
}
