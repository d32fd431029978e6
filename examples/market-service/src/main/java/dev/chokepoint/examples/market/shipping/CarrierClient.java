package dev.chokepoint.examples.market.shipping;

import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.net.URIBuilder;
import org.apache.hc.core5.util.Timeout;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;

/**
 * The carrier's rating API through Apache HttpClient 5 (classic, blocking), used directly as many
 * integrations do, not under Spring's RestClient: no Spring request wraps the call, so nothing
 * times it as a remote call. Its {@link PoolingHttpClientConnectionManager} allows
 * {@code connectionsPerRoute} connections to the carrier (per route and in total); a request that
 * finds them all leased parks in the pool's lease until one is released, so under load requests
 * queue in the client while the carrier itself idles.
 */
@Component
@Profile("http-pool")
public class CarrierClient implements AutoCloseable {

    private final CloseableHttpClient http;
    private final URI carrier;
    private final JsonMapper json;

    public CarrierClient(ShippingProperties properties, JsonMapper json) {
        Timeout timeout = Timeout.ofMilliseconds(properties.timeoutMs());
        PoolingHttpClientConnectionManager connections = PoolingHttpClientConnectionManagerBuilder.create()
                .setMaxConnPerRoute(properties.connectionsPerRoute())
                .setMaxConnTotal(properties.connectionsPerRoute())
                .setDefaultConnectionConfig(ConnectionConfig.custom().setConnectTimeout(timeout).setSocketTimeout(timeout).build())
                .build();
        this.http = HttpClients.custom()
                .setConnectionManager(connections)
                .setDefaultRequestConfig(RequestConfig.custom().setConnectionRequestTimeout(timeout).build())
                .build();
        this.carrier = properties.carrierUrl();
        this.json = json;
    }

    /** The carrier's price to ship one parcel to {@code zip}. */
    public BigDecimal rate(String zip) {
        try {
            URI uri = new URIBuilder(carrier).setPath("/rates").addParameter("zip", zip).build();
            // The response handler reads the whole body, so the connection goes back to the pool.
            Rate rate = http.execute(new HttpGet(uri), response -> {
                if (response.getCode() != 200) {
                    throw new IOException("the carrier answered " + response.getCode());
                }
                return json.readValue(EntityUtils.toByteArray(response.getEntity()), Rate.class);
            });
            if (rate == null || rate.vector() == null || rate.vector().isEmpty()) {
                throw new IllegalStateException("the carrier answered without a rate");
            }
            return BigDecimal.valueOf(4 + 20 * Math.abs(rate.vector().get(0))).setScale(2, RoundingMode.HALF_UP);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("no carrier URL for zip " + zip, e);
        } catch (IOException e) {
            throw new UncheckedIOException("the carrier failed: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() throws IOException {
        http.close();
    }

    /** The carrier's answer (the downstream service answers every path with a vector). */
    record Rate(List<Double> vector) {
    }
}
