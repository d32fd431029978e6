package dev.chokepoint.agent.bootstrap;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FailureReasonsTest {

    @Test
    void reasonIsTheRootCauseTypeAndFirstMessageLine() {
        Throwable error = new RuntimeException("wrapper",
                new IllegalStateException("Cannot bind argument 0\nof method invoke"));

        assertThat(FailureReasons.of(error)).isEqualTo("IllegalStateException Cannot bind argument 0");
    }

    @Test
    void reasonIsCapped() {
        assertThat(FailureReasons.of(new IllegalStateException("x".repeat(1000)))).hasSize(301);
    }
}
