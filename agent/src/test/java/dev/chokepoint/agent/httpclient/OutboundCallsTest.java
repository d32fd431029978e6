package dev.chokepoint.agent.httpclient;

import org.junit.jupiter.api.Test;

import java.net.URI;

import static org.assertj.core.api.Assertions.assertThat;

class OutboundCallsTest {

    @Test
    void aCallsPortIsItsOwnOrItsSchemesDefault() {
        assertThat(OutboundCalls.port(URI.create("http://127.0.0.1:8081/prices"))).isEqualTo(8081);
        assertThat(OutboundCalls.port(URI.create("http://prices.internal/quote"))).isEqualTo(80);
        assertThat(OutboundCalls.port(URI.create("HTTPS://prices.internal/quote"))).isEqualTo(443);
        assertThat(OutboundCalls.port(URI.create("/relative"))).isEqualTo(-1);
    }
}
