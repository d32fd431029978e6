package dev.chokepoint.collector.analysis;

import dev.chokepoint.collector.report.Report;

import java.nio.file.Path;
import java.util.List;

/**
 * What the CLI needs after an analysis: the headline to print, whether every step that matters met
 * the SLO (for {@code --fail-on-slo}), the report files written, and the report itself.
 */
public record AnalysisResult(String headline, boolean sloMet, List<Path> written, Report report) {
}
