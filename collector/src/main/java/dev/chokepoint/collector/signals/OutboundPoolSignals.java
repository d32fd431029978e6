package dev.chokepoint.collector.signals;

import dev.chokepoint.collector.store.SeriesKey;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Client libraries' own pools, from the agent's outbound pool meters (Micrometer's names where they
 * exist): Apache HttpClient 4/5 connection pools, per route ({@code chokepoint_httpclient_pool_route_*}
 * {httpclient, route}) and in all ({@code httpcomponents_httpclient_pool_total_*} {httpclient}), and
 * commons-pool2 object pools ({@code commons_pool2_*} {name}: DBCP2, Jedis). In each window the pool
 * with most threads waiting is picked (else the fullest), so a saturated route of one client is
 * named among idle ones; a client's pool in all only where none of its routes holds
 * {@value #ROUTE_SHARE} of its waiting threads.
 */
final class OutboundPoolSignals implements SignalGroup {

    private static final String ROUTE = "chokepoint_httpclient_pool_route_";
    private static final String TOTAL = "httpcomponents_httpclient_pool_total_";
    private static final String OBJECTS = "commons_pool2_";
    private static final Predicate<SeriesKey> LEASED = k -> "leased".equals(k.label("state"));

    /**
     * A route's waiting threads, as a share of its client's, above which the route is named rather
     * than the client's pool in all: the two pending gauges are read a moment apart in one scrape, so
     * a client with one route shows a total a few threads above the route's (a CI run: 195 waiting,
     * and "(all routes)" won on the difference); two routes sharing the waiters keep the client's name.
     */
    static final double ROUTE_SHARE = 0.9;

    /**
     * One pool (or one route of one): what it is called in the report and how to read its three
     * gauges; {@code client} and {@code allRoutes} tie an HttpClient's pool in all to its routes.
     */
    private record Pool(String name, Predicate<SeriesKey> of, String leased, Predicate<SeriesKey> leasedFilter,
                        String pending, String max, String client, boolean allRoutes) {

        double[] leased(TargetSeries in) {
            return in.gaugeSum(leased, of.and(leasedFilter));
        }
    }

    @Override
    public List<Signal> signals() {
        return List.of(
                Signal.text("outbound_pool", "the client pool with most threads waiting, else the fullest: \"HttpClient <where it was made> → host:port\" (a route), \"HttpClient <where> (all routes)\", \"commons-pool2 <where> (<its factory's class>)\""),
                Signal.number("outbound_pool_leased", Unit.COUNT, "its connections or objects in use"),
                Signal.number("outbound_pool_max", Unit.COUNT, "its maximum (per route for a route)"),
                Signal.number("outbound_pool_pending", Unit.COUNT, "threads waiting for it"),
                Signal.number("outbound_pool_utilization", Unit.RATIO, "leased / max"));
    }

    @Override
    public void compute(TargetSeries in, Baseline baseline, SignalFrame out) {
        int n = in.grid().size();
        String[] name = new String[n];
        double[] leased = PointWise.unknown(n);
        double[] max = PointWise.unknown(n);
        double[] pending = PointWise.unknown(n);
        List<Pool> pools = pools(in);
        List<double[][]> read = new ArrayList<>();
        for (Pool p : pools) {
            read.add(new double[][] {p.leased(in), in.gaugeSum(p.max(), p.of()), in.gaugeSum(p.pending(), p.of())});
        }
        for (int i = 0; i < n; i++) {
            int best = -1;
            for (int p = 0; p < pools.size(); p++) {
                if (read.get(p)[0][i] >= 0 && !routeHoldsItsWaiters(pools, read, p, i)
                        && (best < 0 || fuller(read.get(p), read.get(best), i))) {
                    best = p;
                }
            }
            if (best >= 0) {
                name[i] = pools.get(best).name();
                leased[i] = read.get(best)[0][i];
                max[i] = read.get(best)[1][i];
                pending[i] = read.get(best)[2][i];
            }
        }
        out.putText("outbound_pool", name);
        out.put("outbound_pool_leased", leased);
        out.put("outbound_pool_max", max);
        out.put("outbound_pool_pending", pending);
        out.put("outbound_pool_utilization", PointWise.atMost(PointWise.ratio(leased, max), 1));
    }

    /** Whether pool {@code p} is a client's pool in all, one of whose routes holds its waiting threads ({@link #ROUTE_SHARE}). */
    private static boolean routeHoldsItsWaiters(List<Pool> pools, List<double[][]> read, int p, int i) {
        double waiting = orZero(read.get(p)[2][i]);
        if (!pools.get(p).allRoutes() || waiting <= 0) {
            return false;
        }
        for (int r = 0; r < pools.size(); r++) {
            Pool route = pools.get(r);
            if (!route.allRoutes() && pools.get(p).client().equals(route.client())
                    && orZero(read.get(r)[2][i]) >= ROUTE_SHARE * waiting) {
                return true;
            }
        }
        return false;
    }

    /** More threads waiting, or as many and a larger share in use. */
    private static boolean fuller(double[][] a, double[][] b, int i) {
        double pa = orZero(a[2][i]);
        double pb = orZero(b[2][i]);
        if (pa != pb) {
            return pa > pb;
        }
        return orZero(a[0][i] / a[1][i]) > orZero(b[0][i] / b[1][i]);
    }

    private static List<Pool> pools(TargetSeries in) {
        List<Pool> out = new ArrayList<>();
        for (List<String> id : labelSets(in, ROUTE + "pending", "httpclient", "route")) {
            Predicate<SeriesKey> of = k -> id.get(0).equals(k.label("httpclient")) && id.get(1).equals(k.label("route"));
            out.add(new Pool("HttpClient " + id.get(0) + " → " + id.get(1), of,
                    ROUTE + "connections", LEASED, ROUTE + "pending", ROUTE + "max", id.get(0), false));
        }
        for (List<String> id : labelSets(in, TOTAL + "pending", "httpclient")) {
            Predicate<SeriesKey> of = k -> id.get(0).equals(k.label("httpclient"));
            out.add(new Pool("HttpClient " + id.get(0) + " (all routes)", of,
                    TOTAL + "connections", LEASED, TOTAL + "pending", TOTAL + "max", id.get(0), true));
        }
        for (List<String> id : labelSets(in, OBJECTS + "num_waiters_threads", "name", "factoryType")) {
            Predicate<SeriesKey> of = k -> id.get(0).equals(k.label("name"))
                    && id.get(1).equals(String.valueOf(k.label("factoryType")));
            out.add(new Pool("commons-pool2 " + id.get(0) + madeBy(id.get(1)), of, OBJECTS + "num_active_objects", k -> true,
                    OBJECTS + "num_waiters_threads", "chokepoint_commons_pool2_max_objects", null, false));
        }
        return out;
    }

    /** The distinct values of {@code labels} among the series of {@code name}. */
    private static Set<List<String>> labelSets(TargetSeries in, String name, String... labels) {
        Set<List<String>> out = new LinkedHashSet<>();
        in.series(name, k -> true).forEach(s -> {
            List<String> values = new ArrayList<>();
            for (String label : labels) {
                values.add(String.valueOf(s.key().label(label)));
            }
            out.add(values);
        });
        return out;
    }

    /**
     * The factory's class, generics cut: it says what the pool holds and whose it is
     * ({@code redis.clients.jedis.ConnectionFactory}: Jedis's, {@code org.apache.commons.dbcp2.
     * PoolableConnectionFactory}: DBCP2's), where the name says only where it was made.
     */
    private static String madeBy(String factoryType) {
        if (factoryType == null || factoryType.equals("null") || factoryType.isBlank()) {
            return "";
        }
        int generics = factoryType.indexOf('<');
        return " (" + (generics > 0 ? factoryType.substring(0, generics) : factoryType) + ")";
    }

    private static double orZero(double v) {
        return Double.isNaN(v) ? 0 : v;
    }
}
