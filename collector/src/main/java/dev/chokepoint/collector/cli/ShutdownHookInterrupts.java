package dev.chokepoint.collector.cli;

import java.io.PrintStream;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * SIGINT/SIGTERM through a JVM shutdown hook. The JVM runs the hook and exits when it returns, so
 * the hook runs the command's action and then waits for the command (still running on the main
 * thread) to write its report; then it halts with the command's exit code, because the main
 * thread's own {@code System.exit} blocks once shutdown has begun.
 */
public final class ShutdownHookInterrupts implements Interrupts {

    /** Long enough to analyze an hour-long run; a second Ctrl-C cannot stop a JVM in shutdown. */
    private static final long REPORT_DEADLINE_SECONDS = 300;

    private final CountDownLatch done = new CountDownLatch(1);
    private final PrintStream err;
    private volatile boolean interrupted;
    private volatile int exitCode = ExitCodes.INTERRUPTED;
    private volatile Runnable action = () -> { };
    private Thread hook;

    public ShutdownHookInterrupts(PrintStream err) {
        this.err = err;
    }

    @Override
    public synchronized void onInterrupt(Runnable onInterrupt) {
        this.action = onInterrupt;
        if (hook == null) {
            hook = new Thread(this::shutdown, "chokepoint-interrupt");
            Runtime.getRuntime().addShutdownHook(hook);
        }
    }

    @Override
    public boolean interrupted() {
        return interrupted;
    }

    @Override
    public void done(int code) {
        exitCode = code;
        done.countDown();
        synchronized (this) {
            if (hook != null && !interrupted) {
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException shuttingDown) {
                    // shutdown began meanwhile: the hook will see done and halt
                }
            }
        }
    }

    private void shutdown() {
        if (done.getCount() == 0) {
            return; // the command had finished: a normal exit
        }
        interrupted = true;
        err.println("chokepoint: interrupted; stopping the recording and writing the report…");
        action.run();
        try {
            if (!done.await(REPORT_DEADLINE_SECONDS, TimeUnit.SECONDS)) {
                err.println("chokepoint: gave up waiting for the report after " + REPORT_DEADLINE_SECONDS + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        err.flush();
        Runtime.getRuntime().halt(exitCode);
    }
}
