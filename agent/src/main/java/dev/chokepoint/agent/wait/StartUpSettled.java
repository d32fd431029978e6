package dev.chokepoint.agent.wait;

import java.lang.management.ClassLoadingMXBean;
import java.lang.management.ManagementFactory;
import java.util.function.LongSupplier;

/**
 * Waits until the application's start-up is over, so that JDK Flight Recorder's own start (its
 * classes, metadata, repository and threads: 1.5–2 s of CPU on the development machine) does not
 * compete with the application's start for the same cores.
 *
 * <p>"Over" is read from class loading, which every JVM application does in bulk while it starts
 * (a Spring Boot service loads thousands of classes a second) and almost not at all once it
 * serves: settled when fewer than {@link #QUIET_CLASSES} classes loaded during the last
 * {@link #QUIET_MILLIS}, and at the latest {@link #LATEST_MILLIS} after the agent started, for an
 * application that keeps loading classes (scripting, code generation). A late attach does not
 * wait: the application is running already.
 */
final class StartUpSettled {

    static final int QUIET_CLASSES = 20;
    static final long QUIET_MILLIS = 1_000;
    static final long LATEST_MILLIS = 30_000;
    private static final long POLL_MILLIS = 100;

    private final LongSupplier loadedClasses;
    private final long quietMillis;
    private final long latestMillis;

    StartUpSettled(LongSupplier loadedClasses, long quietMillis, long latestMillis) {
        this.loadedClasses = loadedClasses;
        this.quietMillis = quietMillis;
        this.latestMillis = latestMillis;
    }

    static StartUpSettled ofThisJvm() {
        ClassLoadingMXBean classLoading = ManagementFactory.getClassLoadingMXBean();
        return new StartUpSettled(classLoading::getTotalLoadedClassCount, QUIET_MILLIS, LATEST_MILLIS);
    }

    /** Returns once start-up has settled, or at the latest {@code latestMillis} from now. */
    void await() throws InterruptedException {
        long start = System.nanoTime();
        long quietSince = start;
        long classesThen = loadedClasses.getAsLong();
        while (millisSince(start) < latestMillis) {
            Thread.sleep(POLL_MILLIS);
            long classes = loadedClasses.getAsLong();
            if (classes - classesThen >= QUIET_CLASSES) {
                quietSince = System.nanoTime();
                classesThen = classes;
            } else if (millisSince(quietSince) >= quietMillis) {
                return;
            }
        }
    }

    private static long millisSince(long nanos) {
        return (System.nanoTime() - nanos) / 1_000_000;
    }
}
