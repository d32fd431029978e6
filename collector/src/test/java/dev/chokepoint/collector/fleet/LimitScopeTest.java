package dev.chokepoint.collector.fleet;

import dev.chokepoint.collector.rules.Resource;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Shared or local, from per-instance means: one case per kind of limit. */
class LimitScopeTest {

    private static LimitScope.Means instance(String name, boolean saturated, double rps, double share) {
        return new LimitScope.Means(name, saturated, rps, share, Double.NaN, Double.NaN, Double.NaN);
    }

    private static LimitScope.Means pool(String name, boolean saturated, double open, double max, double pending) {
        return new LimitScope.Means(name, saturated, 20, 1 / 3.0, open, max, pending);
    }

    @Test
    void pools_waiting_below_their_max_on_several_instances_are_the_database_connection_budget() {
        LimitScope.Verdict v = LimitScope.decide(Resource.CONNECTION_POOL,
                List.of(pool("a", true, 4, 10, 3), pool("b", true, 4, 10, 2), pool("c", false, 4, 10, 0)));

        assertThat(v.scope()).isEqualTo(FleetStep.Scope.SHARED);
        assertThat(v.limit()).isEqualTo("database-connection-budget");
        assertThat(v.evidence()).containsEntry("poolMaxSum", 30.0).containsEntry("poolOpenSum", 12.0);
        assertThat(v.explanation()).contains("30 connections", "granted 12");
    }

    @Test
    void one_pool_full_at_its_own_max_is_not_a_shared_budget() {
        LimitScope.Verdict v = LimitScope.decide(Resource.CONNECTION_POOL,
                List.of(pool("a", true, 10, 10, 5), pool("b", false, 3, 10, 0), pool("c", false, 3, 10, 0)));

        assertThat(v.scope()).isEqualTo(FleetStep.Scope.LOCAL);
    }

    @Test
    void the_database_slowing_on_several_instances_is_shared() {
        LimitScope.Verdict v = LimitScope.decide(Resource.DATABASE,
                List.of(instance("a", true, 30, 0.5), instance("b", true, 30, 0.5)));

        assertThat(v.scope()).isEqualTo(FleetStep.Scope.SHARED);
        assertThat(v.limit()).isEqualTo("database");
    }

    @Test
    void every_serving_instance_saturated_is_the_fleet_capacity() {
        LimitScope.Verdict v = LimitScope.decide(Resource.CPU,
                List.of(instance("a", true, 30, 0.5), instance("b", true, 30, 0.5), instance("idle", false, 0, 0)));

        assertThat(v.scope()).isEqualTo(FleetStep.Scope.SHARED);
        assertThat(v.limit()).isEqualTo("every-instance");
    }

    @Test
    void the_instance_taking_most_of_the_traffic_is_uneven_balancing() {
        LimitScope.Verdict v = LimitScope.decide(Resource.TOMCAT_WORKERS,
                List.of(instance("hot", true, 90, 0.75), instance("b", false, 15, 0.125), instance("c", false, 15, 0.125)));

        assertThat(v.scope()).isEqualTo(FleetStep.Scope.LOCAL);
        assertThat(v.limit()).isEqualTo("uneven-balancing");
        assertThat(v.explanation()).contains("hot", "75%", "33%");
    }

    @Test
    void one_instance_saturated_at_an_even_share_has_less_capacity() {
        LimitScope.Verdict v = LimitScope.decide(Resource.TOMCAT_WORKERS,
                List.of(instance("small", true, 30, 1 / 3.0), instance("b", false, 30, 1 / 3.0), instance("c", false, 30, 1 / 3.0)));

        assertThat(v.scope()).isEqualTo(FleetStep.Scope.LOCAL);
        assertThat(v.limit()).isEqualTo("instance-capacity");
    }
}
