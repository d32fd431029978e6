package dev.chokepoint.examples.scenario;

import com.fasterxml.jackson.annotation.JsonProperty;

import java.util.List;
import java.util.Map;

/**
 * One {@code examples/scenarios/<name>.yaml}: how to start the service, the stairs to run against
 * it, and the verdict the collector must reach. The format is fixed in the project's shared
 * vocabulary; {@link ScenarioReader} parses it strictly and {@link ScenarioValidator} checks it.
 * {@code case} is the row of the design's real cases the scenario reproduces; scenarios that
 * reproduce a reported failure of the tool itself (the lock, the heap that dies) may have none.
 * {@code exporters}: the dependencies' exporters to record beside the agent ({@link #KNOWN_EXPORTERS}),
 * none when absent. {@code database}: the database the scenario runs on ({@link #KNOWN_DATABASES}:
 * a case that is MariaDB's, read through MySQL's exporter), or null for run-scenario.sh's choice
 * (PostgreSQL when it answers, else H2).
 */
public record Scenario(
        int schema,
        String name,
        @JsonProperty("case") Integer caseNumber,
        String description,
        Service service,
        Downstream downstream,
        Load load,
        Expect expect,
        List<String> exporters,
        String database) {

    /** The dependencies' exporters run-scenario.sh starts beside the service (docs/dependencies.md). */
    public static final List<String> KNOWN_EXPORTERS = List.of("postgres", "mysql", "node");
    /** The databases run-scenario.sh can run the service on (its --db values but auto). */
    public static final List<String> KNOWN_DATABASES = List.of("postgres", "mariadb", "h2");

    public Scenario {
        exporters = exporters == null ? List.of() : List.copyOf(exporters);
    }

    /**
     * How run-scenario.sh starts market-service. {@code neighbourCores}: busy loops on that many
     * cores in a cgroup the kernel favours ten to one over the service's (a noisy neighbour on a
     * shared host), or null for none. {@code java}: the Java feature release the service runs on
     * (25: run-scenario.sh starts it with that JDK's {@code java}), or null for the {@code java}
     * on the PATH; a profile serving requests on virtual threads needs 21 or later.
     */
    public record Service(String profile, Map<String, String> properties, List<String> jvm, Double cpuQuota,
                          Integer neighbourCores, Integer java) {
        public Service {
            properties = properties == null ? Map.of() : Map.copyOf(properties);
            jvm = jvm == null ? List.of() : List.copyOf(jvm);
        }
    }

    /** The remote dependency's capacity: {@code concurrency / service time}. */
    public record Downstream(int concurrency, int serviceTimeMs) {
    }

    /**
     * The stairs: one step per offered rate, each {@code stepSeconds} long. {@code workerRate}: the
     * most one hey worker sends per second (stairs.sh --per-worker-max, default 5): a worker waits
     * for each answer, so an endpoint whose answers take longer than 1 / workerRate needs a lower
     * one (more workers for the same rate) or the load tool, not the service, caps the rate.
     */
    public record Load(String method, String path, String body, int concurrency, List<Double> steps,
                       int stepSeconds, int ciStepSeconds, Double workerRate) {
        public static final double DEFAULT_WORKER_RATE = 5;

        public Load {
            method = method == null ? "GET" : method;
            steps = steps == null ? List.of() : List.copyOf(steps);
            workerRate = workerRate == null ? DEFAULT_WORKER_RATE : workerRate;
        }

        public int stepSeconds(boolean ci) {
            return ci ? ciStepSeconds : stepSeconds;
        }
    }

    /**
     * @param resource  the first saturated resource (a resource id; {@code none} for headroom)
     * @param rule      the rule id expected to fire, if one is named
     * @param step      first step (1-based) at which it must be saturated, ±1 accepted; null for none
     * @param noneSteps steps at which nothing may be reported
     * @param targetDies the service stops answering (its JVM exits) during {@code step}: the report
     *                   must say so first; absent = false
     */
    public record Expect(String resource, String rule, Integer step, List<Integer> noneSteps, Boolean targetDies) {
        public Expect {
            noneSteps = noneSteps == null ? List.of() : List.copyOf(noneSteps);
            targetDies = targetDies != null && targetDies;
        }
    }
}
