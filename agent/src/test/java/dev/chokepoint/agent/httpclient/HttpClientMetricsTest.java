package dev.chokepoint.agent.httpclient;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.net.URI;

import static org.assertj.core.api.Assertions.assertThat;

class HttpClientMetricsTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final HttpClientMetrics metrics = new HttpClientMetrics();

    @Test
    void hostIsHostAndPortWithoutUserInfo() {
        assertThat(HttpClientMetrics.hostAndPort(URI.create("http://search:9200/idx/_search?q=1"))).isEqualTo("search:9200");
        assertThat(HttpClientMetrics.hostAndPort(URI.create("https://api.example.com/v1"))).isEqualTo("api.example.com:443");
        assertThat(HttpClientMetrics.hostAndPort(URI.create("http://user:pw@10.0.0.5/x"))).isEqualTo("10.0.0.5:80");
        assertThat(HttpClientMetrics.hostAndPort(URI.create("http://[::1]:8081/x"))).isEqualTo("[::1]:8081");
    }

    @Test
    void callsAreTimedPerHostAndOutcome() {
        metrics.bindTo(registry);

        metrics.record(URI.create("http://127.0.0.1:8081/a/1"), 200, 5_000_000);
        metrics.record(URI.create("http://127.0.0.1:8081/a/2"), 503, 7_000_000);
        metrics.record(URI.create("http://127.0.0.1:8081/a/3"), 0, 1_000_000);

        assertThat(registry.get("chokepoint.http.client.requests").tags("host", "127.0.0.1:8081", "outcome", "SUCCESS")
                .timer().count()).isEqualTo(1);
        assertThat(registry.get("chokepoint.http.client.requests").tags("outcome", "SERVER_ERROR").timer().count()).isEqualTo(1);
        assertThat(registry.get("chokepoint.http.client.requests").tags("outcome", "UNKNOWN").timer().count()).isEqualTo(1);
    }

    @Test
    void hostsBeyondTheCapAreOther() {
        metrics.bindTo(registry);

        for (int i = 0; i < 500; i++) {
            metrics.record(URI.create("http://host" + i + ":80/"), 200, 1);
        }

        assertThat(registry.find("chokepoint.http.client.requests").timers()).hasSize(HttpClientMetrics.MAX_HOSTS + 1);
    }
}
