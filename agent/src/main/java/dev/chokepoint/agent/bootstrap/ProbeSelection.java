package dev.chokepoint.agent.bootstrap;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Which probes run, from the {@code probes} option: {@code all}, a list of ids to run only those
 * ({@code tomcat:hikari}), or ids to leave out ({@code -hikari:-jdbc}). An unknown id costs one
 * problem line and is ignored.
 */
final class ProbeSelection {

    private final Set<String> included;
    private final Set<String> excluded;

    private ProbeSelection(Set<String> included, Set<String> excluded) {
        this.included = included;
        this.excluded = excluded;
    }

    static ProbeSelection parse(String spec, Collection<String> knownIds, List<String> problems) {
        Set<String> included = new LinkedHashSet<>();
        Set<String> excluded = new LinkedHashSet<>();
        for (String item : spec.split(":")) {
            String token = item.trim();
            boolean exclude = token.startsWith("-");
            String id = exclude ? token.substring(1) : token;
            if (id.isEmpty() || id.equals("all")) {
                continue;
            }
            if (!knownIds.contains(id)) {
                problems.add("chokepoint: option probes names unknown probe '" + id + "', ignored; known probes: "
                        + String.join(", ", knownIds));
            } else if (exclude) {
                excluded.add(id);
            } else {
                included.add(id);
            }
        }
        return new ProbeSelection(included, excluded);
    }

    boolean runs(String probeId) {
        return !excluded.contains(probeId) && (included.isEmpty() || included.contains(probeId));
    }
}
