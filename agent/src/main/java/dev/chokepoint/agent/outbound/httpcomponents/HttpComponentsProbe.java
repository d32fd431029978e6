package dev.chokepoint.agent.outbound.httpcomponents;

import dev.chokepoint.agent.outbound.PoolConstructorProbe;
import io.micrometer.core.instrument.MeterRegistry;

import java.util.List;

/**
 * The connection pools of Apache HttpClient 5 (classic and async) and 4: the pools where a
 * service's outbound requests wait for a connection (by default 2 per route in HttpClient 4, 5 in
 * HttpClient 5), otherwise seen only as anonymous park waits.
 * Each pooling connection manager is found as it is constructed and read by
 * {@link ConnectionPoolMetrics}.
 */
public final class HttpComponentsProbe extends PoolConstructorProbe<ConnectionPoolView> {

    static final String ID = "httpcomponents";
    static final String CLASSIC_5 = "org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager";
    static final String ASYNC_5 = "org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManager";
    static final String CLASSIC_4 = "org.apache.http.impl.conn.PoolingHttpClientConnectionManager";

    public HttpComponentsProbe() {
        super(ID, List.of(CLASSIC_5, ASYNC_5, CLASSIC_4), List.of("org.apache.hc.", "org.apache.http."));
    }

    @Override
    protected ConnectionPoolView view(Object pool, Class<?> library) throws ReflectiveOperationException {
        return ReflectiveConnectionPool.of(pool, library);
    }

    @Override
    protected Runnable register(ConnectionPoolView view, String name, MeterRegistry registry) {
        ConnectionPoolMetrics metrics = new ConnectionPoolMetrics(name, view);
        metrics.bindTo(registry);
        return metrics::unbind;
    }
}
