package dev.chokepoint.agent.outbound.httpcomponents;

import dev.chokepoint.agent.outbound.Getter;

import java.lang.ref.WeakReference;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Reads an Apache HttpClient connection manager through getters looked up on the library's own
 * class: {@code getTotalStats()}, {@code getStats(route)}, {@code getRoutes()} and
 * {@code getDefaultMaxPerRoute()}, which HttpClient 5's classic and async managers and HttpClient
 * 4's name alike, as they name their {@code PoolStats} and {@code HttpRoute} getters alike. The pool
 * is held weakly: the meters must not keep a dropped client alive.
 */
public final class ReflectiveConnectionPool implements ConnectionPoolView {

    private final WeakReference<Object> pool;
    private final Getter totalStats;
    private final Getter stats;
    private final Getter routes;
    private final Getter defaultMaxPerRoute;
    private final Getter leased;
    private final Getter available;
    private final Getter pending;
    private final Getter max;
    private final Getter targetHost;
    private final Getter hostName;
    private final Getter port;
    private final Getter scheme;

    private ReflectiveConnectionPool(Object pool, Class<?> library) throws ReflectiveOperationException {
        this.pool = new WeakReference<>(pool);
        totalStats = Getter.of(library, "getTotalStats");
        // The erased bridge of ConnPoolControl<HttpRoute>.getStats(T), present in every version.
        stats = Getter.of(library, "getStats", Object.class);
        routes = Getter.of(library, "getRoutes");
        defaultMaxPerRoute = Getter.of(library, "getDefaultMaxPerRoute");
        Class<?> poolStats = totalStats.returnType();
        leased = Getter.of(poolStats, "getLeased");
        available = Getter.of(poolStats, "getAvailable");
        pending = Getter.of(poolStats, "getPending");
        max = Getter.of(poolStats, "getMax");
        targetHost = Getter.of(routeType(library), "getTargetHost");
        Class<?> host = targetHost.returnType();
        hostName = Getter.of(host, "getHostName");
        port = Getter.of(host, "getPort");
        scheme = Getter.of(host, "getSchemeName");
    }

    /** A view of {@code pool}, an instance of {@code library}; throws when {@code library} has another shape. */
    public static ReflectiveConnectionPool of(Object pool, Class<?> library) throws ReflectiveOperationException {
        return new ReflectiveConnectionPool(pool, library);
    }

    @Override
    public Reading read() throws Throwable {
        Object manager = pool.get();
        if (manager == null) {
            return null;
        }
        List<Route> byRoute = new ArrayList<>();
        for (Object route : (Collection<?>) routes.get(manager)) {
            byRoute.add(new Route(target(route), stats(stats.get(manager, route))));
        }
        return new Reading(stats(totalStats.get(manager)), (Integer) defaultMaxPerRoute.get(manager), byRoute);
    }

    private Stats stats(Object poolStats) throws Throwable {
        return new Stats((Integer) leased.get(poolStats), (Integer) available.get(poolStats),
                (Integer) pending.get(poolStats), (Integer) max.get(poolStats));
    }

    /** {@code host:port}, as the outbound call timer names a host; the scheme's port when the route has none. */
    private String target(Object route) throws Throwable {
        Object host = targetHost.get(route);
        int number = (Integer) port.get(host);
        if (number < 0) {
            number = "https".equalsIgnoreCase((String) scheme.get(host)) ? 443 : 80;
        }
        return hostName.get(host) + ":" + number;
    }

    /** The route class: the parameter of the manager's typed {@code getStats(HttpRoute)}. */
    private static Class<?> routeType(Class<?> library) throws NoSuchMethodException {
        for (Method method : library.getMethods()) {
            if (method.getName().equals("getStats") && method.getParameterCount() == 1
                    && method.getParameterTypes()[0] != Object.class) {
                return method.getParameterTypes()[0];
            }
        }
        throw new NoSuchMethodException(library.getName() + ".getStats(HttpRoute)");
    }
}
