package dev.chokepoint.agent.tomcat;

/**
 * A Tomcat connector endpoint's worker and connection numbers as plain numbers; each read answers
 * {@code NaN} when the endpoint cannot tell (not started, class changed shape), never throws.
 */
public interface EndpointView {

    /** The endpoint's name, e.g. {@code http-nio-8080}: the {@code name} tag. */
    String name();

    double busyThreads();

    double currentThreads();

    double maxThreads();

    double currentConnections();

    double maxConnections();

    /** Tasks (accepted sockets ready to process) waiting in the executor's queue for a worker. */
    double queuedTasks();
}
