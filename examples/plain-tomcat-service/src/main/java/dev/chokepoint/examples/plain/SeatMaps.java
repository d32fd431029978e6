package dev.chokepoint.examples.plain;

import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.io.entity.EntityUtils;

import java.io.Closeable;
import java.io.IOException;

/**
 * Seat maps drawn by a partner service, fetched per request through Apache HttpClient 5 (classic,
 * blocking) with a pool of {@code connections} per route, as a client library configures one: a
 * request that finds every connection leased waits in the pool's lease. Nothing times this call
 * but the agent's pool meters and its wait probe (no Spring, no instrumented client).
 */
final class SeatMaps implements Closeable {

    private final CloseableHttpClient client;
    private final String base;

    private SeatMaps(CloseableHttpClient client, String base) {
        this.client = client;
        this.base = base;
    }

    static SeatMaps connect(String hostAndPort, int connections) {
        PoolingHttpClientConnectionManager pool = PoolingHttpClientConnectionManagerBuilder.create()
                .setMaxConnPerRoute(connections).setMaxConnTotal(connections).build();
        return new SeatMaps(HttpClients.custom().setConnectionManager(pool).build(), "http://" + hostAndPort);
    }

    /** The partner's seat map of {@code event}, as it sent it. */
    String of(int event) throws IOException {
        return client.execute(new HttpGet(base + "/seatmap?event=" + event), response -> {
            if (response.getCode() != 200) {
                throw new IOException("partner answered " + response.getCode());
            }
            return EntityUtils.toString(response.getEntity());
        });
    }

    @Override
    public void close() throws IOException {
        client.close();
    }
}
