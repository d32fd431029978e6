package dev.chokepoint.agent.request;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TimedCallPortsTest {

    @Test
    void portsOfTimedCallsAreKnownAndTheSetStaysBounded() {
        TimedCallPorts.add(5432);
        TimedCallPorts.add(-1);
        for (int port = 40_000; port < 40_000 + 10 * TimedCallPorts.MAX_PORTS; port++) {
            TimedCallPorts.add(port);
        }

        assertThat(TimedCallPorts.contains(5432)).isTrue();
        assertThat(TimedCallPorts.contains(-1)).isFalse();
        assertThat(TimedCallPorts.contains(40_000 + 10 * TimedCallPorts.MAX_PORTS - 1)).as("beyond the bound").isFalse();
    }
}
