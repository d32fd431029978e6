package dev.chokepoint.agent.bootstrap;

import io.micrometer.common.util.internal.logging.InternalLogger;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ConcurrentHashMap;

import static org.assertj.core.api.Assertions.assertThat;

class LibraryLoggingTest {

    @Test
    void givenALibraryWarning_thenItIsOneStderrLineOnceAndInfoIsDropped() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        InternalLogger log = LibraryLogging.logger(InternalLogger.class,
                "io.micrometer.core.instrument.MeterRegistry", err, ConcurrentHashMap.newKeySet());

        log.info("Using SLF4J as the default logging framework");
        log.debug("anything {}", 1);
        log.warn("meter {} registered twice with tags {}", "a", "b");
        log.warn("meter {} registered twice with tags {}", "a", "b");
        log.error("failed", new IllegalStateException("boom"));

        assertThat(log.isInfoEnabled()).isFalse();
        assertThat(log.isWarnEnabled()).isTrue();
        assertThat(bytes.toString(StandardCharsets.UTF_8).lines()).containsExactly(
                "chokepoint: warn from MeterRegistry: meter a registered twice with tags b",
                "chokepoint: error from MeterRegistry: failed (java.lang.IllegalStateException: boom)");
    }
}
