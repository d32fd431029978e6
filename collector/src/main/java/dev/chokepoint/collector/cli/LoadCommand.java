package dev.chokepoint.collector.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The load tool, run as a child process with our stdin/stdout/stderr, so its own output and
 * Ctrl-C behave as if it ran alone.
 */
final class LoadCommand {

    /** k6 finishes its iterations and writes its summary on the first SIGINT; give it that time. */
    private static final long GRACE_SECONDS = 30;

    private final List<String> command;
    private final PrintStream err;
    private Process process;

    LoadCommand(List<String> command, PrintStream err) {
        this.command = List.copyOf(command);
        this.err = err;
    }

    void start() throws IOException {
        process = new ProcessBuilder(command).inheritIO().start();
    }

    int waitFor() throws InterruptedException {
        return process.waitFor();
    }

    /**
     * On a terminal, Ctrl-C reaches the load tool directly (same process group); when only we got
     * the signal (kill -INT, CI runners) we forward it. Then SIGTERM, then SIGKILL if it lingers.
     */
    void interrupt() {
        if (process == null || !process.isAlive()) {
            return;
        }
        try {
            if (process.waitFor(1, TimeUnit.SECONDS)) {
                return;
            }
            sendSigint(process.pid());
            if (process.waitFor(GRACE_SECONDS, TimeUnit.SECONDS)) {
                return;
            }
            err.println("chokepoint: the load command ignored SIGINT; terminating it");
            process.destroy();
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }

    private void sendSigint(long pid) throws InterruptedException {
        try {
            // The JDK can only send SIGTERM/SIGKILL; kill(1) sends SIGINT.
            new ProcessBuilder("kill", "-INT", Long.toString(pid)).inheritIO().start().waitFor();
        } catch (IOException e) {
            process.destroy();
        }
    }
}
