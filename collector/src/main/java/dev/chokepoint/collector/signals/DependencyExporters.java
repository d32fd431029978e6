package dev.chokepoint.collector.signals;

import dev.chokepoint.collector.store.RunData;
import dev.chokepoint.collector.store.Series;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Which recorded targets are dependencies' exporters, known by what they expose, and which of
 * them speak for the database a service uses (the peers of {@code chokepoint_jdbc_peer_connections}).
 * An exporter's series never enter a service's traffic, gaps or deaths: a slow or absent exporter
 * costs that dependency's signals only.
 */
public final class DependencyExporters {

    static final String JDBC_PEER = "chokepoint_jdbc_peer_connections";
    /** mysqld_exporter's copy of the server's {@code port} variable. */
    static final String MYSQL_PORT = "mysql_global_variables_port";

    private final List<DependencyExporter> exporters = new ArrayList<>();

    DependencyExporters(RunData run, List<String> targets, Grid grid) {
        for (String target : targets) {
            kindOf(run, target).ifPresent(kind ->
                    exporters.add(new DependencyExporter(kind, new TargetSeries(run, target, grid), describes(run, target, kind))));
        }
    }

    /** The kind of exporter a target is, from its series; empty for a service (or a target that never answered). */
    public static Optional<DependencyExporter.Kind> kindOf(RunData run, String target) {
        for (DependencyExporter.Kind kind : DependencyExporter.Kind.values()) {
            if (run.series().stream().anyMatch(s -> s.key().target().equals(target) && s.key().name().equals(kind.marker()))) {
                return Optional.of(kind);
            }
        }
        return Optional.empty();
    }

    /**
     * Whether a target's series are judged as a service's (traffic, gaps, a death): not an
     * exporter, and it answered at least once — unless no target ever did. A target that never
     * answered may be an exporter that was never up (its kind unknown without a series); its failed
     * scrapes stay in the run's events, and an agent that never answered leaves no verdict to spoil.
     */
    public static boolean judgedAsService(RunData run, String target) {
        if (kindOf(run, target).isPresent()) {
            return false;
        }
        return answered(run, target) || run.targets().stream().noneMatch(t -> answered(run, t));
    }

    private static boolean answered(RunData run, String target) {
        return run.series().stream().anyMatch(s -> s.key().target().equals(target) && s.size() > 0);
    }

    /**
     * The exporters of one kind that speak for the databases a service connected to. A service
     * whose agent names no database peer (Actuator alone, an H2 in memory) gets none.
     */
    List<DependencyExporter> forService(TargetSeries service, DependencyExporter.Kind kind) {
        Set<String> peers = new LinkedHashSet<>();
        service.series(JDBC_PEER, k -> true).forEach(s -> peers.add(s.key().label("peer")));
        return exporters.stream().filter(e -> e.kind() == kind)
                .filter(e -> peers.stream().anyMatch(p -> p != null && e.describesPeer(p))).toList();
    }

    /** Every exporter of one kind, whatever it speaks for. */
    List<TargetSeries> ofKind(DependencyExporter.Kind kind) {
        return exporters.stream().filter(e -> e.kind() == kind).map(DependencyExporter::series).toList();
    }

    private static Set<String> describes(RunData run, String target, DependencyExporter.Kind kind) {
        Set<String> out = new LinkedHashSet<>();
        String declared = declared(target);
        if (declared != null) {
            out.add(kind == DependencyExporter.Kind.NODE ? DependencyExporter.hostOf(declared) : declared);
            return out;
        }
        switch (kind) {
            case NODE -> out.add(DependencyExporter.urlHost(target));
            case POSTGRES -> run.series().stream().filter(s -> s.key().target().equals(target))
                    .map(s -> s.key().label("server")).filter(Objects::nonNull).forEach(out::add);
            // mysqld_exporter names no server: the server's port (SHOW GLOBAL VARIABLES) on the
            // exporter's own host, where it usually runs beside the database.
            case MYSQL -> run.series().stream().filter(s -> s.key().target().equals(target)
                            && s.key().name().equals(MYSQL_PORT) && s.size() > 0)
                    .map(s -> DependencyExporter.urlHost(target) + ":" + (long) s.values()[s.size() - 1]).forEach(out::add);
        }
        return out;
    }

    /** A target's {@code #dependency=} fragment; one that does not parse (a run folder edited by hand) names none. */
    private static String declared(String target) {
        try {
            return DependencyExporter.declaredDependency(target);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
