package dev.chokepoint.examples.scenario;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/** Checks a parsed scenario as a whole and reports every problem at once, each naming its key. */
final class ScenarioValidator {

    static final int SCHEMA = 1;
    static final int CASES = 9;
    /** The release market-service is compiled for: an older JVM cannot start it. */
    static final int OLDEST_JAVA = 17;
    private static final Set<String> METHODS = Set.of("GET", "POST", "PUT", "DELETE");
    private static final Pattern PROFILE = Pattern.compile("[a-z][a-z0-9-]*");
    private static final Pattern PROPERTY = Pattern.compile("[a-z][a-z0-9.\\-\\[\\]]*");

    private final Path loadDirectory;

    ScenarioValidator(Path loadDirectory) {
        this.loadDirectory = loadDirectory;
    }

    List<String> problems(Scenario s, String fileStem) {
        List<String> problems = new ArrayList<>();
        if (s.schema() != SCHEMA) {
            problems.add("schema must be " + SCHEMA + ", got " + s.schema());
        }
        if (!fileStem.equals(s.name())) {
            problems.add("name '" + s.name() + "' must equal the file name '" + fileStem + "'");
        }
        if (s.caseNumber() != null && (s.caseNumber() < 1 || s.caseNumber() > CASES)) {
            problems.add("case must be a row of the design's real cases, 1.." + CASES + ", got " + s.caseNumber());
        }
        if (s.description() == null || s.description().isBlank()) {
            problems.add("description is missing");
        }
        service(s.service(), problems);
        downstream(s.downstream(), problems);
        s.exporters().stream().filter(e -> !Scenario.KNOWN_EXPORTERS.contains(e)).forEach(e -> problems.add(
                "exporters: unknown exporter '" + e + "'; known: " + String.join(", ", Scenario.KNOWN_EXPORTERS)));
        if (s.database() != null && !Scenario.KNOWN_DATABASES.contains(s.database())) {
            problems.add("database: unknown database '" + s.database() + "'; known: " + String.join(", ", Scenario.KNOWN_DATABASES));
        }
        // An exporter for a database the scenario does not run on would never be started.
        if (s.database() != null) {
            s.exporters().stream().filter(e -> e.equals("postgres") && !s.database().equals("postgres")
                    || e.equals("mysql") && !s.database().equals("mariadb")).forEach(e -> problems.add(
                    "exporters: '" + e + "' reads a database this scenario does not run on (database: " + s.database() + ")"));
        }
        int steps = load(s.load(), problems);
        expect(s.expect(), steps, problems);
        return problems;
    }

    private static void service(Scenario.Service service, List<String> problems) {
        if (service == null) {
            problems.add("service is missing");
            return;
        }
        if (service.profile() == null || !PROFILE.matcher(service.profile()).matches()) {
            problems.add("service.profile must be a Spring profile name like 'pool', got '" + service.profile() + "'");
        }
        service.properties().keySet().stream().filter(k -> !PROPERTY.matcher(k).matches())
                .forEach(k -> problems.add("service.properties key '" + k + "' is not a Spring property name"));
        service.jvm().stream().filter(flag -> !flag.startsWith("-"))
                .forEach(flag -> problems.add("service.jvm flag '" + flag + "' must start with '-'"));
        if (service.cpuQuota() != null && !(service.cpuQuota() > 0 && service.cpuQuota() <= 64)) {
            problems.add("service.cpu-quota must be a number of cores > 0, got " + service.cpuQuota());
        }
        if (service.neighbourCores() != null && !(service.neighbourCores() >= 1 && service.neighbourCores() <= 64)) {
            problems.add("service.neighbour-cores must be a whole number of cores from 1 to 64, got " + service.neighbourCores());
        }
        if (service.java() != null && !(service.java() >= OLDEST_JAVA && service.java() <= 99)) {
            problems.add("service.java must be a Java feature release from " + OLDEST_JAVA
                    + " (the service's build) on, like 25, got " + service.java());
        }
        if (service.neighbourCores() != null && service.cpuQuota() != null) {
            problems.add("service.neighbour-cores and service.cpu-quota exclude each other: the service has one cgroup");
        }
    }

    private static void downstream(Scenario.Downstream downstream, List<String> problems) {
        if (downstream != null && (downstream.concurrency() < 1 || downstream.serviceTimeMs() < 0)) {
            problems.add("downstream needs concurrency >= 1 and service-time-ms >= 0, got "
                    + downstream.concurrency() + " and " + downstream.serviceTimeMs());
        }
    }

    /** @return the number of steps, for the expectation's checks */
    private int load(Scenario.Load load, List<String> problems) {
        if (load == null) {
            problems.add("load is missing");
            return 0;
        }
        if (!METHODS.contains(load.method())) {
            problems.add("load.method must be one of " + METHODS + ", got '" + load.method() + "'");
        }
        if (load.path() == null || !load.path().startsWith("/")) {
            problems.add("load.path must start with '/', got '" + load.path() + "'");
        }
        if (load.body() != null && loadDirectory != null && !Files.isRegularFile(loadDirectory.resolve(load.body()))) {
            problems.add("load.body '" + load.body() + "' is not a file in " + loadDirectory);
        }
        if (load.concurrency() < 1) {
            problems.add("load.concurrency (hey workers) must be >= 1, got " + load.concurrency());
        }
        if (load.steps().isEmpty()) {
            problems.add("load.steps must list at least one offered rate");
        }
        for (int i = 0; i < load.steps().size(); i++) {
            Double rate = load.steps().get(i);
            if (rate == null || rate <= 0) {
                problems.add("load.steps[" + (i + 1) + "] must be a rate > 0, got " + rate);
            } else if (i > 0 && load.steps().get(i - 1) != null && rate <= load.steps().get(i - 1)) {
                problems.add("load.steps must rise: step " + (i + 1) + " (" + rate + ") is not above step " + i);
            }
        }
        if (!(load.workerRate() > 0)) {
            problems.add("load.worker-rate (requests per second per hey worker) must be > 0, got " + load.workerRate());
        }
        if (load.ciStepSeconds() < 5 || load.stepSeconds() < load.ciStepSeconds()) {
            problems.add("load needs 5 <= ci-step-seconds <= step-seconds, got " + load.ciStepSeconds()
                    + " and " + load.stepSeconds());
        }
        return load.steps().size();
    }

    private static void expect(Scenario.Expect expect, int steps, List<String> problems) {
        if (expect == null) {
            problems.add("expect is missing");
            return;
        }
        if (!Resources.isKnown(expect.resource())) {
            problems.add("expect.resource '" + expect.resource() + "' is not one of " + Resources.IDS);
            return;
        }
        boolean none = "none".equals(expect.resource());
        if (none && expect.step() != null) {
            problems.add("expect.step must be absent when expect.resource is none");
        }
        if (!none && (expect.step() == null || expect.step() < 1 || expect.step() > steps)) {
            problems.add("expect.step must be a step 1.." + steps + ", got " + expect.step());
        }
        for (Integer step : expect.noneSteps()) {
            if (step == null || step < 1 || step > steps) {
                problems.add("expect.none-steps entry " + step + " is not a step 1.." + steps);
            } else if (!none && expect.step() != null && step >= expect.step() - 1) {
                // The expected step is accepted ±1, so a quiet step must lie before that window.
                problems.add("expect.none-steps entry " + step + " overlaps the expected step "
                        + expect.step() + " (±1)");
            }
        }
        if (!none && expect.noneSteps().isEmpty()) {
            problems.add("expect.none-steps must name at least one step clearly below the limit");
        }
        if (expect.targetDies() && (none || "unattributed".equals(expect.resource()))) {
            // A death is reported with the resource its last samples name (heap -> heap), so the
            // scenario must say which one.
            problems.add("expect.target-dies needs the resource the death is blamed on, got '"
                    + expect.resource() + "'");
        }
    }
}
