package dev.chokepoint.examples.scenario;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code java -jar scenario-model.jar FILE [--ci]}: validates a scenario and prints it as bash
 * assignments for {@code eval} in run-scenario.sh (values single-quoted, so no file content is
 * ever executed). Exit 2 with every problem on stderr when the file is not valid.
 */
public final class ScenarioShell {

    private ScenarioShell() {
    }

    public static void main(String[] args) {
        if (args.length < 1 || args.length > 2 || (args.length == 2 && !"--ci".equals(args[1]))) {
            System.err.println("usage: java -jar scenario-model.jar SCENARIO.yaml [--ci]");
            System.exit(2);
        }
        Path file = Path.of(args[0]);
        Path loadDirectory = file.toAbsolutePath().getParent().resolveSibling("load");
        try {
            Scenario scenario = new ScenarioReader(loadDirectory).read(file);
            System.out.print(assignments(scenario, args.length == 2));
        } catch (ScenarioException e) {
            System.err.println("invalid scenario " + e.getMessage());
            System.exit(2);
        }
    }

    static String assignments(Scenario s, boolean ci) {
        StringBuilder out = new StringBuilder();
        assign(out, "SCENARIO_NAME", s.name());
        assign(out, "SCENARIO_CASE", s.caseNumber() == null ? "" : s.caseNumber().toString());
        assign(out, "SCENARIO_DESCRIPTION", s.description());
        assign(out, "SERVICE_PROFILE", s.service().profile());
        array(out, "SERVICE_PROPERTIES", s.service().properties().entrySet().stream()
                .sorted(Map.Entry.comparingByKey()).map(e -> "--" + e.getKey() + "=" + e.getValue()).toList());
        array(out, "SERVICE_JVM", s.service().jvm());
        assign(out, "SERVICE_CPU_QUOTA", s.service().cpuQuota() == null ? "" : s.service().cpuQuota().toString());
        assign(out, "SERVICE_JAVA", s.service().java() == null ? "" : s.service().java().toString());
        assign(out, "NEIGHBOUR_CORES", s.service().neighbourCores() == null ? "" : s.service().neighbourCores().toString());
        assign(out, "DOWNSTREAM_CONCURRENCY", s.downstream() == null ? "" : Integer.toString(s.downstream().concurrency()));
        assign(out, "DOWNSTREAM_SERVICE_TIME_MS", s.downstream() == null ? "" : Integer.toString(s.downstream().serviceTimeMs()));
        assign(out, "LOAD_METHOD", s.load().method());
        assign(out, "LOAD_PATH", s.load().path());
        assign(out, "LOAD_BODY", s.load().body() == null ? "" : s.load().body());
        assign(out, "LOAD_CONCURRENCY", Integer.toString(s.load().concurrency()));
        assign(out, "LOAD_RATES", s.load().steps().stream().map(ScenarioShell::rate).collect(Collectors.joining(",")));
        assign(out, "LOAD_STEP_SECONDS", Integer.toString(s.load().stepSeconds(ci)));
        assign(out, "LOAD_WORKER_RATE", rate(s.load().workerRate()));
        array(out, "EXPORTERS", s.exporters());
        assign(out, "SCENARIO_DB", s.database() == null ? "" : s.database());
        assign(out, "EXPECT_RESOURCE", s.expect().resource());
        assign(out, "EXPECT_STEP", s.expect().step() == null ? "" : s.expect().step().toString());
        assign(out, "EXPECT_TARGET_DIES", s.expect().targetDies() ? "true" : "");
        return out.toString();
    }

    private static String rate(Double rate) {
        return rate == Math.rint(rate) ? Long.toString(rate.longValue()) : rate.toString();
    }

    private static void assign(StringBuilder out, String name, String value) {
        out.append(name).append('=').append(quote(value)).append('\n');
    }

    private static void array(StringBuilder out, String name, List<String> values) {
        out.append(name).append("=(");
        out.append(values.stream().map(ScenarioShell::quote).collect(Collectors.joining(" ")));
        out.append(")\n");
    }

    static String quote(String value) {
        return "'" + value.replace("'", "'\\''") + "'";
    }
}
