package dev.chokepoint.agent.wait;

import java.util.List;
import java.util.Set;

/**
 * Names a wait in the application's words: its <b>site</b> (the first application frame of the
 * waiting thread's stack), its <b>frame</b> (where it blocks outside the JDK: the library method
 * that waits, such as a client's connection pool, {@link #frame}) and, for a park, its
 * <b>blocker</b> (the lock, future or queue).
 *
 * <p>Site rule: frames are read top first (the innermost call first); JDK frames ({@code java.},
 * {@code jdk.}, {@code sun.}, …), the agent's own and those of common frameworks, servers,
 * drivers and clients ({@link #FRAMEWORK}) are skipped; the first other frame is the site, as
 * {@code class.method} (no line: a line number would multiply the series). A stack with no
 * application frame is named by its first non-JDK frame (e.g. HikariCP's
 * {@code ConcurrentBag.borrow}), else its first frame. Generated class suffixes
 * ({@code $$Lambda…}, {@code $$SpringCGLIB$$0}) are cut, so they do not multiply the series either.
 */
public final class StackSites {

    /** One stack frame: the declaring class's name and the method's. */
    public record Frame(String type, String method) {
    }

    public static final String UNKNOWN = "unknown";

    /** Frames of these packages are never a site when an application frame exists. */
    private static final String[] JDK = {
        "java.", "javax.", "jdk.", "sun.", "com.sun.", "kotlin.", "kotlinx.", "scala.", "groovy.",
    };

    private static final String[] FRAMEWORK = {
        "jakarta.", "org.springframework.", "org.apache.catalina.", "org.apache.coyote.", "org.apache.tomcat.",
        "org.apache.naming.", "org.eclipse.jetty.", "io.undertow.", "io.netty.", "io.lettuce.", "reactor.",
        "redis.clients.", "com.zaxxer.hikari.", "org.postgresql.", "com.mysql.", "org.mariadb.", "org.h2.",
        "oracle.jdbc.", "com.microsoft.sqlserver.", "org.hibernate.", "org.jooq.", "org.mybatis.", "org.apache.ibatis.",
        "com.fasterxml.jackson.", "tools.jackson.", "ch.qos.logback.", "org.apache.logging.", "org.slf4j.", "io.micrometer.",
        "io.opentelemetry.", "net.bytebuddy.", "org.apache.http.", "org.apache.hc.", "okhttp3.", "okio.",
        "org.elasticsearch.", "co.elastic.", "org.apache.kafka.", "com.google.common.", "com.google.protobuf.",
        "io.grpc.", "org.aspectj.", "feign.", "io.github.resilience4j.", "com.netflix.", "org.jboss.",
        "com.datastax.", "com.mongodb.", "org.bson.", "io.r2dbc.", "org.apache.commons.", "com.mchange.",
        "org.redisson.", "com.rabbitmq.", "io.nats.", "org.eclipse.paho.", "software.amazon.", "com.amazonaws.",
        "com.google.cloud.", "com.azure.", "com.squareup.", "io.vavr.", "io.github.bucket4j.",
    };

    /** The agent's own frames; its test services in {@code .it.} play the application. */
    private static final String AGENT = "dev.chokepoint.agent.";
    /** Frames of calls the request split times in a part of its own ({@link #insideTimedCall}). */
    private static final String TIMED_JDBC = "dev.chokepoint.agent.jdbc.";
    private static final String TIMED_POOL = "com.zaxxer.hikari.pool.HikariPool";
    private static final String TIMED_REMOTE = "org.springframework.http.client.";
    private static final String AGENT_TEST_APPS = "dev.chokepoint.agent.it.";

    /** Tomcat's connection processor, which takes its connection's lock before it parses a request. */
    private static final Frame TOMCAT_CONNECTION_LOCK = new Frame("org.apache.tomcat.util.net.SocketProcessorBase", "run");

    /**
     * Words in a class's simple name or a method's name that mark a frame handing out something
     * bounded: connection and object pools, semaphores and bulkheads, rate limiters, dispatchers.
     */
    private static final String[] BOUNDED_RESOURCE_WORDS = {
        "pool", "lease", "borrow", "acquire", "semaphore", "bulkhead", "limiter", "permit", "dispatcher",
    };

    /** A blocking queue's methods that wait for an element. */
    private static final Set<String> QUEUE_TAKES = Set.of("take", "poll", "takeFirst", "takeLast", "pollFirst", "pollLast");
    /** Methods of a pool thread running a task: a queue wait above one is the task's, not a loop's. */
    private static final Set<String> RUNS_TASKS = Set.of("runWorker", "runTask", "topLevelExec", "scan", "doExec");

    /** How many top frames are read for the idle test; the pool's take is within the first few. */
    private static final int IDLE_SCAN = 12;

    private StackSites() {
    }

    /** The site of a wait whose stack is {@code frames} (top first). */
    public static String site(List<Frame> frames) {
        Frame firstNonJdk = null;
        for (Frame frame : frames) {
            String type = frame.type();
            if (startsWithAny(type, JDK)) {
                continue;
            }
            if (isAgent(type) || startsWithAny(type, FRAMEWORK)) {
                if (firstNonJdk == null) {
                    firstNonJdk = frame;
                }
                continue;
            }
            return name(frame);
        }
        if (firstNonJdk != null) {
            return name(firstNonJdk);
        }
        return frames.isEmpty() ? UNKNOWN : name(frames.get(0));
    }

    /**
     * Where the wait blocks outside the JDK: of the library frames between the JDK's and the site
     * (top first), the first whose class or method says it hands out a bounded resource (a pool's
     * lease or borrow, a semaphore, a limiter, a dispatcher), else the first of them; the site
     * itself when the application called the JDK directly (its own {@code Semaphore}).
     *
     * <p>Why not simply the first library frame: a client's pool hands its waiter a future, so the
     * innermost frame is the future's {@code get} (HttpClient 5's {@code BasicFuture.get}), which
     * says nothing; the frame that names the pool ({@code PoolingHttpClientConnectionManager$1.get},
     * commons-pool2's {@code GenericObjectPool.borrowObject}) is a few frames further out.
     */
    public static String frame(List<Frame> frames) {
        String site = site(frames);
        Frame firstLibrary = null;
        for (Frame frame : frames) {
            String type = frame.type();
            if (startsWithAny(type, JDK) || isAgent(type)) {
                continue;
            }
            String name = name(frame);
            if (name.equals(site)) {
                break;
            }
            if (namesABoundedResource(frame)) {
                return name;
            }
            if (firstLibrary == null) {
                firstLibrary = frame;
            }
        }
        return firstLibrary != null ? name(firstLibrary) : site;
    }

    private static boolean namesABoundedResource(Frame frame) {
        String type = frame.type();
        String simple = type.substring(type.lastIndexOf('.') + 1).toLowerCase(java.util.Locale.ROOT);
        String method = frame.method().toLowerCase(java.util.Locale.ROOT);
        for (String word : BOUNDED_RESOURCE_WORDS) {
            if (simple.contains(word) || method.contains(word)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The recognizable name of what a thread parked on: the class a lock's inner synchronizer
     * belongs to ({@code ReentrantLock$NonfairSync} → {@code java.util.concurrent.locks.ReentrantLock},
     * {@code Semaphore$NonfairSync} → {@code java.util.concurrent.Semaphore},
     * {@code CompletableFuture$Signaller} → {@code java.util.concurrent.CompletableFuture}); for a
     * condition (what blocking queues wait on) the structure that awaits it
     * ({@code java.util.concurrent.LinkedBlockingQueue}); without a blocker object, the first
     * frame above {@code LockSupport}.
     */
    public static String blocker(String parkedClass, List<Frame> frames) {
        if (parkedClass == null || parkedClass.isEmpty()) {
            return recognizable(firstAbove(frames, "java.util.concurrent.locks.LockSupport", UNKNOWN));
        }
        if (parkedClass.startsWith("java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject")
                || parkedClass.startsWith("java.util.concurrent.locks.AbstractQueuedLongSynchronizer$ConditionObject")) {
            String awaiting = firstAbove(frames, "java.util.concurrent.locks.", null);
            return awaiting == null || !startsWithAny(awaiting, JDK)
                    ? "java.util.concurrent.locks.Condition" : recognizable(awaiting);
        }
        return recognizable(parkedClass);
    }

    /** Generated suffixes cut; a JDK class's inner class named by its outer class. */
    private static String recognizable(String type) {
        String name = withoutGeneratedSuffix(type);
        int inner = name.indexOf('$');
        return inner > 0 && startsWithAny(name, JDK) ? name.substring(0, inner) : name;
    }

    /** The monitor's class as a tag: generated suffixes cut, arrays as Java writes them ({@code [I} → {@code int[]}). */
    public static String lock(String monitorClass) {
        if (monitorClass == null || monitorClass.isEmpty()) {
            return UNKNOWN;
        }
        int dimensions = 0;
        while (dimensions < monitorClass.length() && monitorClass.charAt(dimensions) == '[') {
            dimensions++;
        }
        if (dimensions == 0) {
            return withoutGeneratedSuffix(monitorClass);
        }
        String element = monitorClass.substring(dimensions);
        String name = switch (element) {
            case "Z" -> "boolean";
            case "B" -> "byte";
            case "C" -> "char";
            case "S" -> "short";
            case "I" -> "int";
            case "J" -> "long";
            case "F" -> "float";
            case "D" -> "double";
            default -> withoutGeneratedSuffix(element.startsWith("L") && element.endsWith(";")
                    ? element.substring(1, element.length() - 1) : element);
        };
        return name + "[]".repeat(dimensions);
    }

    /**
     * {@code true} for a pool thread parked waiting for its next task: an idle worker, not a
     * wait of any request (a thread pool's {@code getTask}, Tomcat's included, a fork-join
     * worker's {@code awaitWork}, Java 25's fork-join timer thread's {@code DelayScheduler.loop},
     * Netty's {@code takeTask}).
     */
    public static boolean isIdle(List<Frame> frames) {
        int n = Math.min(frames.size(), IDLE_SCAN);
        for (int i = 0; i < n; i++) {
            Frame frame = frames.get(i);
            String method = frame.method();
            if ((method.equals("getTask") && frame.type().endsWith("ThreadPoolExecutor"))
                    || (method.equals("awaitWork") && frame.type().equals("java.util.concurrent.ForkJoinPool"))
                    || (method.equals("loop") && frame.type().equals("java.util.concurrent.DelayScheduler"))
                    || (method.equals("takeTask") && frame.type().startsWith("io.netty."))) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code true} for a thread of its own that loops taking from a blocking queue (a log
     * appender's or a batch writer's consumer): parked in a queue's take or poll, with no pool's
     * task running below. Idle only on a thread that serves no request, which the caller checks:
     * a request (or a task run for one) waiting on a queue waits on what fills it.
     */
    public static boolean isQueueConsumerLoop(List<Frame> frames) {
        boolean taking = false;
        for (int i = 0; i < frames.size(); i++) {
            Frame frame = frames.get(i);
            String type = frame.type();
            if (i < IDLE_SCAN && type.startsWith("java.util.concurrent.") && QUEUE_TAKES.contains(frame.method())
                    && (type.endsWith("Queue") || type.endsWith("Deque"))) {
                taking = true;
            } else if (RUNS_TASKS.contains(frame.method()) && (type.startsWith("java.util.concurrent.")
                    || type.startsWith("org.apache.tomcat.util.threads."))) {
                return false;
            }
        }
        return taking;
    }

    /**
     * {@code true} for a server worker's wait before it starts a request: Tomcat's
     * {@code SocketProcessorBase.run} takes its connection's lock before it reads the request, and
     * on a saturated host the worker holding it (the last request on that keep-alive connection, or
     * its poller hand-off) can be preempted, so the next worker parks there for the rest of a time
     * slice: 173 such parks of 1 ms or more in 30 s on two busy cores. No request's timer runs yet,
     * so it is no part of a request's split; counted there, it read as a lock on a CPU-bound run.
     */
    public static boolean isBeforeRequest(List<Frame> frames) {
        for (Frame frame : frames) {
            if (!startsWithAny(frame.type(), JDK)) {
                return frame.equals(TOMCAT_CONNECTION_LOCK);
            }
        }
        return false;
    }

    /**
     * {@code true} when the wait happens inside a call another part of the request split already
     * times: a pool's connection acquire (pool wait: {@code HikariPool}), a statement through the
     * JDBC probe's wrappers (JDBC time), an outbound call through Spring's {@code ClientHttpRequest}
     * (remote time). Such a wait is not counted again as the request's lock or park wait.
     */
    public static boolean insideTimedCall(List<Frame> frames) {
        for (Frame frame : frames) {
            String type = frame.type();
            if (type.startsWith(TIMED_JDBC) || type.equals(TIMED_POOL) || type.startsWith(TIMED_REMOTE)) {
                return true;
            }
        }
        return false;
    }

    /** The class of the first frame after the frames of {@code prefix} (JDK internals skipped). */
    private static String firstAbove(List<Frame> frames, String prefix, String otherwise) {
        boolean seen = false;
        for (Frame frame : frames) {
            String type = frame.type();
            // Java 17's Condition.await blocks through ForkJoinPool.managedBlock: lock machinery too.
            if (type.startsWith(prefix) || type.startsWith("jdk.internal.misc.") || isManagedBlock(frame)) {
                seen = true;
                continue;
            }
            if (seen || !type.startsWith("java.")) {
                return withoutGeneratedSuffix(type);
            }
        }
        return otherwise;
    }

    private static boolean isManagedBlock(Frame frame) {
        return frame.type().equals("java.util.concurrent.ForkJoinPool")
                && (frame.method().equals("managedBlock") || frame.method().equals("unmanagedBlock"));
    }

    private static boolean isAgent(String type) {
        return type.startsWith(AGENT) && !type.startsWith(AGENT_TEST_APPS);
    }

    private static String name(Frame frame) {
        return withoutGeneratedSuffix(frame.type()) + "." + frame.method();
    }

    /** {@code Foo$$Lambda$14/0x…} → {@code Foo}, {@code Foo$$SpringCGLIB$$0} → {@code Foo}. */
    static String withoutGeneratedSuffix(String type) {
        int generated = type.indexOf("$$");
        String name = generated > 0 ? type.substring(0, generated) : type;
        int hidden = name.indexOf('/');
        return hidden > 0 ? name.substring(0, hidden) : name;
    }

    private static boolean startsWithAny(String type, String[] prefixes) {
        for (String prefix : prefixes) {
            if (type.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }
}
