package dev.chokepoint.collector.cli;

/**
 * Ctrl-C as a command sees it. In the real process ({@link ShutdownHookInterrupts}) SIGINT runs the
 * registered action and then waits until the command reports it is {@link #done}, so the report of
 * an interrupted run is still written before the JVM exits. In-process callers (tests driving
 * {@code Main.execute}) get {@link #NONE}.
 */
public interface Interrupts {

    Interrupts NONE = new Interrupts() {
        @Override
        public void onInterrupt(Runnable action) {
        }

        @Override
        public boolean interrupted() {
            return false;
        }

        @Override
        public void done(int exitCode) {
        }
    };

    /** What to do first when interrupted (e.g. forward the signal to the load command). Call once. */
    void onInterrupt(Runnable action);

    boolean interrupted();

    /** The command finished its work; an interrupted JVM may now exit with this code. */
    void done(int exitCode);
}
