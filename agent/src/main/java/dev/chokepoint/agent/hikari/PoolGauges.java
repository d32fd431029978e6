package dev.chokepoint.agent.hikari;

/**
 * A pool's current numbers, as plain ints, so that the meters never see a Hikari type (Hikari may
 * live in a class loader the agent cannot see; the implementation lives next to Hikari).
 */
public interface PoolGauges {

    int total();

    int active();

    int idle();

    int pending();

    int max();

    int min();
}
