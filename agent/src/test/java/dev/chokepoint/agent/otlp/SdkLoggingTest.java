package dev.chokepoint.agent.otlp;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import static org.assertj.core.api.Assertions.assertThat;

class SdkLoggingTest {

    @Test
    void givenTheSdkWarns_thenItIsOneStderrLineAndTheApplicationsHandlersSeeNothing() {
        List<LogRecord> application = new ArrayList<>();
        Handler applicationHandler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                application.add(record);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger root = Logger.getLogger("");
        root.addHandler(applicationHandler);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            SdkLogging.toStderr(new PrintStream(bytes, true, StandardCharsets.UTF_8));

            Logger exporter = Logger.getLogger("io.opentelemetry.exporter.internal.http.HttpExporter");
            exporter.info("exporting");
            exporter.log(java.util.logging.Level.WARNING, "Failed to export metrics. Server responded with {0}", 503);
        } finally {
            root.removeHandler(applicationHandler);
        }

        assertThat(application).isEmpty();
        assertThat(bytes.toString(StandardCharsets.UTF_8).lines())
                .containsExactly("chokepoint: OTLP export: Failed to export metrics. Server responded with 503");
    }
}
