package dev.chokepoint.agent.wait;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Stacks as {@code Thread.getStackTrace} gives them for a virtual thread on Java 25 (measured). */
class SampledWaitTest {

    private static final String APP = "com.example.orders.OrderService";

    private static StackTraceElement[] stack(String... frames) {
        StackTraceElement[] stack = new StackTraceElement[frames.length];
        for (int i = 0; i < frames.length; i++) {
            int dot = frames[i].lastIndexOf('.');
            stack[i] = new StackTraceElement(frames[i].substring(0, dot), frames[i].substring(dot + 1), null, -1);
        }
        return stack;
    }

    @Test
    void givenAVirtualThreadParkedOnABlocker_thenTheBlockerNamesItAndItIsAParkOfTheSplit() {
        // A real Semaphore's blocker (its Sync) is the sampler test's; here any object, named by its class.
        SampledWait wait = SampledWait.of(Thread.State.WAITING, new java.util.concurrent.locks.ReentrantLock(), stack(
                "java.lang.VirtualThread.park", "java.lang.System$1.parkVirtualThread",
                "java.util.concurrent.locks.LockSupport.park",
                "java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire",
                "java.util.concurrent.Semaphore.acquire", APP + ".reserve", "java.lang.VirtualThread.run"));

        assertThat(wait).isEqualTo(new SampledWait("java.util.concurrent.locks.ReentrantLock", APP + ".reserve", APP + ".reserve",
                SampledWait.Split.PARK));
    }

    @Test
    void givenAVirtualThreadBlockedOnAMonitor_thenItIsAMonitorWaitOfTheSplitsLock() {
        SampledWait wait = SampledWait.of(Thread.State.BLOCKED, null, stack(APP + ".append", "java.lang.VirtualThread.run"));

        assertThat(wait).isEqualTo(new SampledWait(SampledWait.MONITOR, APP + ".append", APP + ".append", SampledWait.Split.LOCK));
    }

    @Test
    void givenSleepsObjectWaitsAndSocketReads_thenTheyAreNamedButNotInTheSplit() {
        SampledWait sleep = SampledWait.of(Thread.State.TIMED_WAITING, null, stack(
                "java.lang.VirtualThread.parkNanos", "java.lang.VirtualThread.sleepNanos", "java.lang.Thread.sleepNanos",
                "java.lang.Thread.sleep", APP + ".backOff", "java.lang.VirtualThread.run"));
        SampledWait objectWait = SampledWait.of(Thread.State.WAITING, null, stack(
                "java.lang.Object.wait0", "java.lang.Object.wait", "java.lang.Object.wait", APP + ".awaitTurn"));
        SampledWait socket = SampledWait.of(Thread.State.WAITING, null, stack(
                "java.lang.VirtualThread.park", "java.lang.System$1.parkVirtualThread",
                "java.util.concurrent.locks.LockSupport.park", "sun.nio.ch.Poller.poll", "sun.nio.ch.Poller.poll",
                "sun.nio.ch.NioSocketImpl.park", "sun.nio.ch.NioSocketImpl.park", "sun.nio.ch.NioSocketImpl.implRead",
                "sun.nio.ch.NioSocketImpl.read", "java.net.Socket$SocketInputStream.read",
                "redis.clients.jedis.util.RedisInputStream.ensureFill", APP + ".cached"));

        assertThat(sleep).isEqualTo(new SampledWait(SampledWait.SLEEP, APP + ".backOff", APP + ".backOff", SampledWait.Split.NONE));
        assertThat(objectWait).isEqualTo(new SampledWait(SampledWait.OBJECT_WAIT, APP + ".awaitTurn", APP + ".awaitTurn",
                SampledWait.Split.NONE));
        assertThat(socket).isEqualTo(new SampledWait(SampledWait.SOCKET, "redis.clients.jedis.util.RedisInputStream.ensureFill",
                APP + ".cached", SampledWait.Split.NONE));
    }

    @Test
    void givenAParkInsideAPoolAcquireTheSplitTimes_thenItIsNamedButNotCountedAgain() {
        SampledWait wait = SampledWait.of(Thread.State.TIMED_WAITING, new Object(), stack(
                "java.lang.VirtualThread.parkNanos", "java.util.concurrent.locks.LockSupport.parkNanos",
                "java.util.concurrent.SynchronousQueue.poll", "com.zaxxer.hikari.util.ConcurrentBag.borrow",
                "com.zaxxer.hikari.pool.HikariPool.getConnection", APP + ".load"));

        assertThat(wait.split()).isEqualTo(SampledWait.Split.NONE);
        assertThat(wait.frame()).isEqualTo("com.zaxxer.hikari.util.ConcurrentBag.borrow");
        assertThat(wait.site()).isEqualTo(APP + ".load");
    }

    @Test
    void givenAnIdlePoolThreadOrNoStack_thenThereIsNoRequestWait() {
        assertThat(SampledWait.of(Thread.State.WAITING, new Object(), stack(
                "jdk.internal.misc.Unsafe.park", "java.util.concurrent.locks.LockSupport.park",
                "java.util.concurrent.LinkedBlockingQueue.take", "java.util.concurrent.ThreadPoolExecutor.getTask",
                "java.util.concurrent.ThreadPoolExecutor.runWorker"))).isNull();
        assertThat(SampledWait.of(Thread.State.WAITING, null, new StackTraceElement[0])).isNull();
    }
}
