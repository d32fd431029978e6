package dev.chokepoint.agent.wait;

import dev.chokepoint.agent.wait.StackSites.Frame;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class StackSitesTest {

    private static Frame f(String type, String method) {
        return new Frame(type, method);
    }

    @Test
    void siteIsTheFirstApplicationFrameAboveJdkFrameworkAndAgentFrames() {
        List<Frame> stack = List.of(
                f("jdk.internal.misc.Unsafe", "park"),
                f("java.util.concurrent.locks.LockSupport", "park"),
                f("io.lettuce.core.protocol.AsyncCommand", "await"),
                f("dev.chokepoint.agent.jdbc.TimedStatement", "invoke"),
                f("com.example.ranking.RankingService$$SpringCGLIB$$0", "top"),
                f("com.example.ranking.RankingController", "get"),
                f("org.springframework.web.servlet.DispatcherServlet", "doDispatch"));

        assertThat(StackSites.site(stack)).isEqualTo("com.example.ranking.RankingService.top");
    }

    @Test
    void jackson3IsAFrameworkLikeJackson2() {
        // Spring Boot 4 ships Jackson 3 (tools.jackson): its start-up monitor waits took a dozen
        // of the 50 site labels in a downstream run, leaving later request sites to "other".
        List<Frame> stack = List.of(
                f("tools.jackson.databind.ser.BasicSerializerFactory", "findSerializerByPrimaryType"),
                f("tools.jackson.databind.ObjectMapper", "_newWriter"),
                f("com.example.search.EmbeddingClient", "embed"));

        assertThat(StackSites.site(stack)).isEqualTo("com.example.search.EmbeddingClient.embed");
    }

    @Test
    void withoutAnApplicationFrameTheFirstFrameworkFrameNamesTheSite() {
        List<Frame> stack = List.of(
                f("java.util.concurrent.locks.LockSupport", "parkNanos"),
                f("com.zaxxer.hikari.util.ConcurrentBag", "borrow"),
                f("org.apache.tomcat.util.threads.TaskThread$WrappingRunnable", "run"));

        assertThat(StackSites.site(stack)).isEqualTo("com.zaxxer.hikari.util.ConcurrentBag.borrow");
        assertThat(StackSites.site(List.of(f("java.lang.Thread", "run")))).isEqualTo("java.lang.Thread.run");
        assertThat(StackSites.site(List.of())).isEqualTo(StackSites.UNKNOWN);
    }

    @Test
    void lambdasAndTheAgentsTestServicesAreApplicationFrames() {
        assertThat(StackSites.site(List.of(f("com.example.Jobs$$Lambda$41/0x0000000800c4b000", "run"))))
                .isEqualTo("com.example.Jobs.run");
        assertThat(StackSites.site(List.of(f("dev.chokepoint.agent.wait.JfrWaits", "park"),
                f("dev.chokepoint.agent.it.WaitServiceApp", "lock"))))
                .isEqualTo("dev.chokepoint.agent.it.WaitServiceApp.lock");
    }

    @Test
    void blockersAreNamedByTheLockFutureOrQueueTheUserWrote() {
        List<Frame> none = List.of();
        assertThat(StackSites.blocker("java.util.concurrent.locks.ReentrantLock$NonfairSync", none))
                .isEqualTo("java.util.concurrent.locks.ReentrantLock");
        assertThat(StackSites.blocker("java.util.concurrent.locks.ReentrantReadWriteLock$FairSync", none))
                .isEqualTo("java.util.concurrent.locks.ReentrantReadWriteLock");
        assertThat(StackSites.blocker("java.util.concurrent.Semaphore$NonfairSync", none))
                .isEqualTo("java.util.concurrent.Semaphore");
        assertThat(StackSites.blocker("java.util.concurrent.CompletableFuture$Signaller", none))
                .isEqualTo("java.util.concurrent.CompletableFuture");
        assertThat(StackSites.blocker("java.util.concurrent.FutureTask", none)).isEqualTo("java.util.concurrent.FutureTask");
        assertThat(StackSites.blocker("com.example.Gate$Sync", none)).isEqualTo("com.example.Gate$Sync");
    }

    @Test
    void aConditionIsNamedByTheQueueThatAwaitsIt() {
        List<Frame> take = List.of(
                f("jdk.internal.misc.Unsafe", "park"),
                f("java.util.concurrent.locks.LockSupport", "park"),
                f("java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject", "await"),
                f("java.util.concurrent.ArrayBlockingQueue", "put"),
                f("com.example.Sender", "send"));
        assertThat(StackSites.blocker("java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject", take))
                .isEqualTo("java.util.concurrent.ArrayBlockingQueue");

        List<Frame> own = List.of(
                f("java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject", "await"),
                f("com.example.Gate", "pass"));
        assertThat(StackSites.blocker("java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject", own))
                .isEqualTo("java.util.concurrent.locks.Condition");

        // Java 17's untimed await blocks through ForkJoinPool.managedBlock (Jedis's pool, seen live:
        // it read "on java.util.concurrent.ForkJoinPool")
        List<Frame> managed = List.of(
                f("jdk.internal.misc.Unsafe", "park"),
                f("java.util.concurrent.locks.LockSupport", "park"),
                f("java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionNode", "block"),
                f("java.util.concurrent.ForkJoinPool", "unmanagedBlock"),
                f("java.util.concurrent.ForkJoinPool", "managedBlock"),
                f("java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject", "await"),
                f("org.apache.commons.pool2.impl.LinkedBlockingDeque", "takeFirst"),
                f("org.apache.commons.pool2.impl.GenericObjectPool", "borrowObject"));
        assertThat(StackSites.blocker("java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject", managed))
                .isEqualTo("java.util.concurrent.locks.Condition");
    }

    @Test
    void aParkWithoutBlockerIsNamedByTheFrameAboveLockSupport() {
        List<Frame> stack = List.of(
                f("jdk.internal.misc.Unsafe", "park"),
                f("java.util.concurrent.locks.LockSupport", "parkNanos"),
                f("java.util.concurrent.SynchronousQueue$TransferStack", "awaitFulfill"),
                f("com.example.Handoff", "give"));
        assertThat(StackSites.blocker(null, stack)).isEqualTo("java.util.concurrent.SynchronousQueue");
    }

    @Test
    void idlePoolWorkersAreRecognizedAndRequestWaitsAreNot() {
        List<Frame> idle = List.of(
                f("jdk.internal.misc.Unsafe", "park"),
                f("java.util.concurrent.locks.LockSupport", "parkNanos"),
                f("java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject", "awaitNanos"),
                f("org.apache.tomcat.util.threads.TaskQueue", "poll"),
                f("org.apache.tomcat.util.threads.ThreadPoolExecutor", "getTask"));
        assertThat(StackSites.isIdle(idle)).isTrue();
        assertThat(StackSites.isIdle(List.of(f("java.util.concurrent.ForkJoinPool", "awaitWork")))).isTrue();
        assertThat(StackSites.isIdle(List.of(
                f("jdk.internal.misc.Unsafe", "park"),
                f("java.util.concurrent.locks.LockSupport", "parkNanos"),
                f("java.util.concurrent.DelayScheduler", "loop"),
                f("java.util.concurrent.DelayScheduler", "run")))).as("Java 25's fork-join timer thread").isTrue();
        assertThat(StackSites.isIdle(List.of(
                f("java.util.concurrent.FutureTask", "awaitDone"),
                f("com.example.Orders", "place")))).isFalse();
    }

    @Test
    void aThreadOfItsOwnTakingFromAQueueIsAConsumerLoopAndAPoolsTaskWaitingOnOneIsNot() {
        // the market service's batch writer: a thread of its own polling its backlog
        List<Frame> writer = List.of(
                f("jdk.internal.misc.Unsafe", "park"),
                f("java.util.concurrent.locks.LockSupport", "parkNanos"),
                f("java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject", "awaitNanos"),
                f("java.util.concurrent.LinkedBlockingQueue", "poll"),
                f("dev.chokepoint.examples.market.ingest.IngestBacklog", "take"),
                f("dev.chokepoint.examples.market.ingest.IngestWriter", "drain"),
                f("java.lang.Thread", "run"));
        List<Frame> taskWaitingForAReply = List.of(
                f("jdk.internal.misc.Unsafe", "park"),
                f("java.util.concurrent.locks.LockSupport", "park"),
                f("java.util.concurrent.ArrayBlockingQueue", "take"),
                f("com.example.Replies", "await"),
                f("java.util.concurrent.FutureTask", "run"),
                f("java.util.concurrent.ThreadPoolExecutor", "runWorker"),
                f("java.util.concurrent.ThreadPoolExecutor$Worker", "run"),
                f("java.lang.Thread", "run"));
        List<Frame> commonsPoolBorrow = List.of(
                f("jdk.internal.misc.Unsafe", "park"),
                f("org.apache.commons.pool2.impl.LinkedBlockingDeque", "pollFirst"),
                f("org.apache.commons.pool2.impl.GenericObjectPool", "borrowObject"),
                f("java.lang.Thread", "run"));

        assertThat(StackSites.isQueueConsumerLoop(writer)).isTrue();
        assertThat(StackSites.isIdle(writer)).as("idle only on a thread that serves no request").isFalse();
        assertThat(StackSites.isQueueConsumerLoop(taskWaitingForAReply)).isFalse();
        assertThat(StackSites.isQueueConsumerLoop(commonsPoolBorrow)).as("a pool's own deque, not a JDK queue").isFalse();
    }

    @Test
    void aWorkersParkOnItsConnectionsLockIsBeforeTheRequestAndALockInsideItIsNot() {
        // Tomcat 10.1's stack of the park seen 173 times in 30 s on two busy cores (WaitProbesIT)
        List<Frame> connectionLock = List.of(
                f("jdk.internal.misc.Unsafe", "park"),
                f("java.util.concurrent.locks.LockSupport", "park"),
                f("java.util.concurrent.locks.AbstractQueuedSynchronizer", "acquire"),
                f("java.util.concurrent.locks.ReentrantLock$Sync", "lock"),
                f("java.util.concurrent.locks.ReentrantLock", "lock"),
                f("org.apache.tomcat.util.net.SocketProcessorBase", "run"),
                f("org.apache.tomcat.util.threads.ThreadPoolExecutor", "runWorker"));
        List<Frame> inRequest = List.of(
                f("java.util.concurrent.locks.ReentrantLock", "lock"),
                f("com.example.Ledger", "append"),
                f("org.apache.catalina.core.ApplicationFilterChain", "doFilter"),
                f("org.apache.coyote.http11.Http11Processor", "service"),
                f("org.apache.tomcat.util.net.SocketProcessorBase", "run"));
        assertThat(StackSites.isBeforeRequest(connectionLock)).isTrue();
        assertThat(StackSites.isBeforeRequest(inRequest)).isFalse();
        assertThat(StackSites.isBeforeRequest(List.of(f("java.lang.Thread", "sleep")))).isFalse();
    }

    @Test
    void waitsInsideACallTheSplitAlreadyTimesAreRecognized() {
        List<Frame> poolAcquire = List.of(
                f("java.util.concurrent.SynchronousQueue", "poll"),
                f("com.zaxxer.hikari.util.ConcurrentBag", "borrow"),
                f("com.zaxxer.hikari.pool.HikariPool", "getConnection"),
                f("com.example.Orders", "place"));
        List<Frame> statement = List.of(
                f("java.util.concurrent.locks.ReentrantLock", "lock"),
                f("org.postgresql.core.v3.QueryExecutorImpl", "execute"),
                f("jdk.proxy2.$Proxy12", "executeQuery"),
                f("dev.chokepoint.agent.jdbc.TimedStatement", "invoke"),
                f("com.example.Orders", "place"));
        List<Frame> remote = List.of(
                f("java.util.concurrent.CompletableFuture", "get"),
                f("org.springframework.http.client.JdkClientHttpRequest", "executeInternal"),
                f("com.example.Prices", "quote"));
        List<Frame> applicationLock = List.of(
                f("java.util.concurrent.locks.ReentrantLock", "lock"),
                f("com.example.Ledger", "append"),
                f("org.apache.catalina.core.ApplicationFilterChain", "doFilter"));
        assertThat(StackSites.insideTimedCall(poolAcquire)).isTrue();
        assertThat(StackSites.insideTimedCall(statement)).isTrue();
        assertThat(StackSites.insideTimedCall(remote)).isTrue();
        assertThat(StackSites.insideTimedCall(applicationLock)).isFalse();
        assertThat(StackSites.insideTimedCall(List.of())).isFalse();
    }

    @Test
    void monitorClassesReadAsJavaNamesThem() {
        assertThat(StackSites.lock("[I")).isEqualTo("int[]");
        assertThat(StackSites.lock("[[Ljava.lang.Object;")).isEqualTo("java.lang.Object[][]");
        assertThat(StackSites.lock("com.example.Ledger")).isEqualTo("com.example.Ledger");
        assertThat(StackSites.lock(null)).isEqualTo(StackSites.UNKNOWN);
    }

    @Test
    void theFrameIsTheLibraryFrameThatNamesThePoolNotTheFutureItWaitsOn() {
        // HttpClient 5 classic: the pool hands the waiter a future; the manager's lease names the pool.
        List<Frame> httpClient = List.of(
                f("jdk.internal.misc.Unsafe", "park"),
                f("java.util.concurrent.locks.LockSupport", "parkNanos"),
                f("java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject", "awaitNanos"),
                f("org.apache.hc.core5.concurrent.BasicFuture", "get"),
                f("org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager$1", "get"),
                f("org.apache.hc.client5.http.impl.classic.InternalExecRuntime", "acquireEndpoint"),
                f("org.apache.hc.client5.http.impl.classic.CloseableHttpClient", "execute"),
                f("com.example.catalog.Catalog", "fetch"),
                f("org.springframework.web.servlet.DispatcherServlet", "doDispatch"));
        // commons-pool2 (DBCP2, Jedis): its own deque first, the pool's borrow further out.
        List<Frame> commonsPool = List.of(
                f("jdk.internal.misc.Unsafe", "park"),
                f("org.apache.commons.pool2.impl.LinkedBlockingDeque", "takeFirst"),
                f("org.apache.commons.pool2.impl.GenericObjectPool", "borrowObject"),
                f("redis.clients.jedis.util.Pool", "getResource"),
                f("com.example.ranking.Ranking", "top"));

        assertThat(StackSites.frame(httpClient))
                .isEqualTo("org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager$1.get");
        assertThat(StackSites.site(httpClient)).isEqualTo("com.example.catalog.Catalog.fetch");
        assertThat(StackSites.frame(commonsPool)).isEqualTo("org.apache.commons.pool2.impl.GenericObjectPool.borrowObject");
    }

    @Test
    void withoutAPoolLikeFrameTheFirstLibraryFrameAndWithoutALibraryTheSiteItself() {
        List<Frame> appender = List.of(
                f("java.io.FileOutputStream", "writeBytes"),
                f("ch.qos.logback.core.OutputStreamAppender", "writeBytes"),
                f("ch.qos.logback.core.OutputStreamAppender", "subAppend"),
                f("com.example.orders.Orders", "place"));
        List<Frame> ownSemaphore = List.of(
                f("jdk.internal.misc.Unsafe", "park"),
                f("java.util.concurrent.Semaphore", "acquire"),
                f("com.example.search.Bulkhead", "call"),
                f("com.example.search.Search", "find"));

        assertThat(StackSites.frame(appender)).isEqualTo("ch.qos.logback.core.OutputStreamAppender.writeBytes");
        assertThat(StackSites.frame(ownSemaphore)).isEqualTo("com.example.search.Bulkhead.call");
        assertThat(StackSites.frame(List.of())).isEqualTo(StackSites.UNKNOWN);
    }
}
