package dev.chokepoint.agent.wait;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RequestWaitsTest {

    @Test
    void givenWaitsOfEachKind_thenOneCounterPerKindInSeconds() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        RequestWaits waits = new RequestWaits();
        waits.bindTo(registry);

        waits.lock(5_000_000);
        waits.lock(7_000_000);
        waits.park(3_000_000);
        waits.socket(1_500_000_000);

        assertThat(registry.get(RequestWaits.METER).tag("kind", "lock").functionCounter().count()).isEqualTo(0.012);
        assertThat(registry.get(RequestWaits.METER).tag("kind", "park").functionCounter().count()).isEqualTo(0.003);
        assertThat(registry.get(RequestWaits.METER).tag("kind", "socket").functionCounter().count()).isEqualTo(1.5);
        assertThat(registry.get(RequestWaits.METER).functionCounters()).hasSize(3);
    }
}
