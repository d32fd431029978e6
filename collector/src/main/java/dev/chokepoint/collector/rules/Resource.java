package dev.chokepoint.collector.rules;

import java.util.Map;

/**
 * A thing with a capacity, as declared in a rule file's {@code resources:} list: its id (what rules
 * and reports name), a display name, what its utilization and saturation mean (for the reader of
 * the USE table), and optionally:
 * <ul>
 *   <li>the text signal whose value names the instance ("downstream dependency search:9200");</li>
 *   <li>from how many fleet instances saturated together its limit is shared (a database slowed on
 *       two instances is one database);</li>
 *   <li>the signal of what it shares with other processes ({@code shared-utilization}: the host's
 *       CPU, whose share the neighbours take), which the utilization law fits beside its own;</li>
 *   <li>the signal of the utilization its requests' own work explains ({@code request-utilization}:
 *       the request threads' CPU and the GC pauses), the demand the law takes where no line fits;</li>
 *   <li>the signal of a share of its utilization that ends as the process warms, whatever the load
 *       ({@code transient-utilization}: a cold JVM's JIT compiling), which the law takes out of the
 *       whole utilization where one step is all it has.</li>
 * </ul>
 * The collector's Java knows no resource by name. {@code order} is its place in declaration order:
 * ties and tables follow it.
 */
public record Resource(String id, String name, String utilization, String saturation, String instanceSignal,
                       int fleetSharedFrom, String sharedUtilization, String requestUtilization,
                       String transientUtilization, int order, Rule.Origin origin) {

    /** The verdict id of a step where nothing saturated. */
    public static final String NONE = "none";
    /**
     * The verdict id of a limited step that no rule explains (declared in rules/resources.yaml for
     * its name; the collector gives it, no rule may).
     */
    public static final String UNATTRIBUTED = "unattributed";
    /**
     * The verdict id of a step whose load generator could not offer the asked rate while the
     * service was not limited (declared in rules/resources.yaml; the collector gives it, no rule may).
     */
    public static final String LOAD_GENERATOR = "load-generator";

    public String displayName() {
        return name;
    }

    /** "downstream dependency search:9200" when the instance signal's label is known, else the name. */
    public String displayName(Map<String, String> labels) {
        String instance = instanceSignal == null ? null : labels.get(instanceSignal);
        return instance == null ? name : name + " " + instance;
    }

    Resource at(int position) {
        return new Resource(id, name, utilization, saturation, instanceSignal, fleetSharedFrom, sharedUtilization,
                requestUtilization, transientUtilization, position, origin);
    }
}
