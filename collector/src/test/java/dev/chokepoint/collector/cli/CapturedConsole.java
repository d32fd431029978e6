package dev.chokepoint.collector.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** A {@link Console} whose two streams a test reads back as UTF-8 text: what a command printed and what it complained about. */
public final class CapturedConsole {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final Console console = new Console(new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));

    public Console console() {
        return console;
    }

    /** Everything written to the console's out so far. */
    public String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    /** Everything written to the console's err so far. */
    public String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    /** Forgets what err holds, so the next command's complaint is read alone. */
    public void resetErr() {
        err.reset();
    }
}
