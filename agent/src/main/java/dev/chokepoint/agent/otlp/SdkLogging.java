package dev.chokepoint.agent.otlp;

import java.io.PrintStream;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/**
 * Where the shaded OpenTelemetry SDK logs: it writes to java.util.logging under its own (shaded)
 * package, which Spring Boot bridges into the application's log. Its warnings ("failed to export
 * metrics") become one stderr line each, as the agent's own; nothing reaches the application's
 * handlers. Set only when OTLP export is on: the SDK touches java.util.logging then anyway, and
 * the agent must not fix the LogManager earlier than the application does.
 */
final class SdkLogging extends Handler {

    /** The SDK's loggers' common parent; held strongly, as java.util.logging holds loggers weakly. */
    private static Logger sdk;

    /** Fills a record's {0} parameters, as the SDK's messages use them. */
    private static final SimpleFormatter FORMAT = new SimpleFormatter();

    private final PrintStream err;

    private SdkLogging(PrintStream err) {
        this.err = err;
        setLevel(Level.WARNING);
    }

    static synchronized void toStderr(PrintStream err) {
        if (sdk == null) {
            // The relocated package of io.opentelemetry, whatever prefix the shading gave it.
            String name = io.opentelemetry.sdk.metrics.SdkMeterProvider.class.getName();
            sdk = Logger.getLogger(name.substring(0, name.indexOf("io.opentelemetry.")) + "io.opentelemetry");
            sdk.setUseParentHandlers(false);
            sdk.addHandler(new SdkLogging(err));
        }
    }

    @Override
    public void publish(LogRecord record) {
        if (isLoggable(record)) {
            err.println("chokepoint: OTLP export: " + FORMAT.formatMessage(record)
                    + (record.getThrown() == null ? "" : " (" + record.getThrown() + ")"));
        }
    }

    @Override
    public void flush() {
        err.flush();
    }

    @Override
    public void close() {
        // stderr is not ours to close
    }
}
