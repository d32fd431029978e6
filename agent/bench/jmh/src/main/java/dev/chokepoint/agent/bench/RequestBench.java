package dev.chokepoint.agent.bench;

import dev.chokepoint.agent.request.RequestMetrics;
import dev.chokepoint.agent.request.RequestTimes;
import dev.chokepoint.agent.request.ServerRequests;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * One server request through the request probe's helpers, in the order Tomcat's advice calls them:
 * start (nanoTime + thread CPU read), a pool wait and a statement's time added by the Hikari and
 * JDBC helpers, the route kept when the context valve returns, end (second CPU read, the
 * request timer with its SLO buckets and the split timers).
 *
 * <p>{@code probe=off} is the helpers not installed: what the inlined advice costs when the probe
 * is off. {@code uri=route} is a Spring application (the route attribute is set);
 * {@code uri=path} a plain servlet one, whose raw path goes through the bounded normalizer memo.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class RequestBench {

    @Param({"off", "on"})
    public String probe;

    @Param({"route", "path"})
    public String uri;

    /** Not the interned constant: Tomcat hands over a String it decoded from the request line. */
    private final String method = new String("GET");
    private final String path = new String("/stores/north");
    private Object route;

    @Setup
    public void install() {
        route = uri.equals("route") ? "/stores/{district}" : null;
        if (BenchProbeContext.on(probe)) {
            BenchProbeContext context = new BenchProbeContext();
            RequestMetrics metrics = new RequestMetrics(100);
            metrics.bindTo(context.registry());
            ServerRequests.install(metrics, context);
        }
    }

    @Benchmark
    public Object request() {
        ServerRequests.start();
        RequestTimes.current().addPoolWait(1_000);
        RequestTimes.current().addJdbc(20_000);
        ServerRequests.routed(route);
        return ServerRequests.end(method, route, path, 200, false, null);
    }
}
