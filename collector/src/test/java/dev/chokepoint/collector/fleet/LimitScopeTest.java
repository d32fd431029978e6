package dev.chokepoint.collector.fleet;

import dev.chokepoint.collector.rules.CompiledRule;
import dev.chokepoint.collector.rules.Resource;
import dev.chokepoint.collector.rules.RuleSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Shared or local, from per-instance means: one case per kind of limit, with the resources and
 * fleet limits as the default rule files declare them.
 */
class LimitScopeTest {

    static RuleSet defaults;

    @BeforeAll
    static void load_the_default_rules() throws Exception {
        defaults = RuleSet.load(List.of());
    }

    private static Resource resource(String id) {
        return defaults.resources().get(id);
    }

    private static List<LimitScope.RuleLimit> limits(String resource) {
        return defaults.rules().stream().filter(r -> r.resource().id().equals(resource) && r.rule().fleetLimit() != null)
                .map(r -> new LimitScope.RuleLimit(r.id(), r.rule().fleetLimit())).toList();
    }

    private static LimitScope.Means instance(String name, boolean saturated, double rps, double share) {
        return new LimitScope.Means(name, saturated, rps, share, Set.of(), Map.of());
    }

    private static LimitScope.Means pool(String name, String rule, double open, double max) {
        return new LimitScope.Means(name, rule != null, 20, 1 / 3.0, rule == null ? Set.of() : Set.of(rule),
                Map.of("pool_open", open, "pool_max", max));
    }

    @Test
    void pools_capped_below_their_max_on_several_instances_are_the_database_connection_budget() {
        LimitScope.Verdict v = LimitScope.decide(resource("connection-pool"), limits("connection-pool"),
                List.of(pool("a", "pool-capped-by-database", 4, 10), pool("b", "pool-capped-by-database", 4, 10),
                        pool("c", null, 4, 10)));

        assertThat(v.scope()).isEqualTo(FleetStep.Scope.SHARED);
        assertThat(v.limit()).isEqualTo("database-connection-budget");
        assertThat(v.evidence()).containsEntry("poolMaxSum", 30.0).containsEntry("poolOpenSum", 12.0);
        assertThat(v.explanation()).contains("The 3 pools may open 30 connections", "granted 12", "2 instances had");
    }

    @Test
    void one_pool_full_at_its_own_max_is_not_a_shared_budget() {
        LimitScope.Verdict v = LimitScope.decide(resource("connection-pool"), limits("connection-pool"),
                List.of(pool("a", "pool-exhausted", 10, 10), pool("b", null, 3, 10), pool("c", null, 3, 10)));

        assertThat(v.scope()).isEqualTo(FleetStep.Scope.LOCAL);
    }

    @Test
    void the_database_slowing_on_several_instances_is_shared() {
        LimitScope.Verdict v = LimitScope.decide(resource("database"), List.of(),
                List.of(instance("a", true, 30, 0.5), instance("b", true, 30, 0.5), instance("c", false, 30, 0)));

        assertThat(v.scope()).isEqualTo(FleetStep.Scope.SHARED);
        assertThat(v.limit()).isEqualTo("database");
    }

    @Test
    void every_serving_instance_saturated_is_the_fleet_capacity() {
        LimitScope.Verdict v = LimitScope.decide(resource("cpu"), List.of(),
                List.of(instance("a", true, 30, 0.5), instance("b", true, 30, 0.5), instance("idle", false, 0, 0)));

        assertThat(v.scope()).isEqualTo(FleetStep.Scope.SHARED);
        assertThat(v.limit()).isEqualTo("every-instance");
    }

    @Test
    void the_instance_taking_most_of_the_traffic_is_uneven_balancing() {
        LimitScope.Verdict v = LimitScope.decide(resource("tomcat-workers"), List.of(),
                List.of(instance("hot", true, 90, 0.75), instance("b", false, 15, 0.125), instance("c", false, 15, 0.125)));

        assertThat(v.scope()).isEqualTo(FleetStep.Scope.LOCAL);
        assertThat(v.limit()).isEqualTo("uneven-balancing");
        assertThat(v.explanation()).contains("hot", "75%", "33%");
    }

    @Test
    void one_instance_saturated_at_an_even_share_has_less_capacity() {
        LimitScope.Verdict v = LimitScope.decide(resource("tomcat-workers"), List.of(),
                List.of(instance("small", true, 30, 1 / 3.0), instance("b", false, 30, 1 / 3.0), instance("c", false, 30, 1 / 3.0)));

        assertThat(v.scope()).isEqualTo(FleetStep.Scope.LOCAL);
        assertThat(v.limit()).isEqualTo("instance-capacity");
    }
}
