package dev.chokepoint.agent.outbound.httpcomponents;

import java.util.List;

/**
 * An HTTP client's connection pool as plain numbers, so that the meters never see a library type
 * (the library may live in a class loader the agent cannot see).
 */
public interface ConnectionPoolView {

    /** Connections of the whole pool or of one route: leased, available (idle), requests waiting, the limit. */
    record Stats(int leased, int available, int pending, int max) {
    }

    /** One route the pool holds connections or waiters for, by its target {@code host:port}. */
    record Route(String target, Stats stats) {
    }

    /** The pool at one moment. */
    record Reading(Stats total, int defaultMaxPerRoute, List<Route> routes) {
    }

    /**
     * Reads the pool now; {@code null} once the pool was collected. Throws when the pool cannot
     * answer (the meters then read NaN).
     */
    Reading read() throws Throwable;
}
