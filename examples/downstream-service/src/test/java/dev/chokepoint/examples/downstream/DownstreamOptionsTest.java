package dev.chokepoint.examples.downstream;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DownstreamOptionsTest {

    @Test
    void parsesEveryOption() {
        DownstreamOptions options = DownstreamOptions.parse(
                "--port", "0", "--concurrency", "3", "--service-time-ms", "25", "--port-file", "p.txt");
        assertThat(options.concurrency()).isEqualTo(3);
        assertThat(options.serviceTime()).isEqualTo(Duration.ofMillis(25));
        assertThat(options.portFile()).hasToString("p.txt");
    }

    @Test
    void rejectsAnUnknownOptionNamingIt() {
        assertThatThrownBy(() -> DownstreamOptions.parse("--threads", "4"))
                .hasMessageContaining("unknown option --threads").hasMessageContaining("usage");
    }

    @Test
    void rejectsZeroConcurrency() {
        assertThatThrownBy(() -> DownstreamOptions.parse("--concurrency", "0"))
                .hasMessageContaining("--concurrency must be at least 1");
    }

    @Test
    void rejectsANonNumber() {
        assertThatThrownBy(() -> DownstreamOptions.parse("--service-time-ms", "fast"))
                .hasMessageContaining("--service-time-ms needs a whole number");
    }
}
