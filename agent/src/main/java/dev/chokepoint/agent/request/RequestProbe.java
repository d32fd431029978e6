package dev.chokepoint.agent.request;

import dev.chokepoint.agent.label.LabelLimit;
import dev.chokepoint.agent.probe.ClassNames;
import dev.chokepoint.agent.probe.InstrumentingProbe;
import dev.chokepoint.agent.probe.ProbeAdvice;
import dev.chokepoint.agent.probe.ProbeContext;
import net.bytebuddy.asm.Advice;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;

import java.nio.file.Path;
import java.util.List;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

/**
 * Times every Tomcat request at {@code StandardHostValve.invoke}: late enough that Spring has
 * set its best-matching pattern when the request returns, early enough that the request is not
 * recycled yet (after {@code CoyoteAdapter} returns, its attributes are gone). The route is read
 * when {@code StandardContextValve.invoke} returns, before the host valve's error-page dispatch
 * (Spring Boot's {@code /error}) replaces it, so a failing {@code /search} stays {@code /search},
 * as Spring's own {@code http.server.requests} has it. An asynchronous request is recorded when
 * Tomcat fires its completion ({@code AsyncContextImpl.fireOnComplete}), wall time from its start.
 */
public final class RequestProbe extends InstrumentingProbe {

    static final String ID = "request";
    private static final String HOST_VALVE = "org.apache.catalina.core.StandardHostValve";
    private static final String CONTEXT_VALVE = "org.apache.catalina.core.StandardContextValve";
    private static final String ASYNC_CONTEXT = "org.apache.catalina.core.AsyncContextImpl";
    static final int DEFAULT_MAX_URIS = 100;
    static final String ROUTE_ATTRIBUTE = "org.springframework.web.servlet.HandlerMapping.bestMatchingPattern";
    /** A Tomcat request note: internal to Tomcat, invisible to the application, gone on recycle. */
    static final String ASYNC_NOTE = "dev.chokepoint.agent.request.async";

    /** False when {@code max-uris} is negative: no meters, no transformation. */
    private volatile boolean timing;

    public RequestProbe() {
        super(ID, ClassNames.of(HOST_VALVE, CONTEXT_VALVE, ASYNC_CONTEXT));
    }

    @Override
    public void bind(ProbeContext context) {
        int maxUris = LabelLimit.read(context, ID, "max-uris", DEFAULT_MAX_URIS);
        if (maxUris < 0) {
            return;
        }
        RequestMetrics metrics = new RequestMetrics(maxUris);
        metrics.bindTo(context.registry());
        ServerRequests.install(metrics, context);
        RequestThreadsCoreWait.on(Path.of("/")).ifPresentOrElse(wait -> {
            wait.bindTo(context.registry());
            ServerRequests.followThreads(wait);
        }, () -> System.err.println("chokepoint: request threads' core wait cannot be read (no /proc/thread-self/schedstat"
                + " on this system): chokepoint.request.core.wait off, the rest runs"));
        timing = true;
    }

    @Override
    public List<ProbeAdvice> advice() {
        if (!timing) {
            return List.of();
        }
        return List.of(
                ProbeAdvice.of(RequestProbe.class, named(HOST_VALVE))
                        .on(named("invoke").and(takesArguments(2)), "HostValveAdvice"),
                ProbeAdvice.of(RequestProbe.class, named(CONTEXT_VALVE))
                        .on(named("invoke").and(takesArguments(2)), "ContextValveAdvice"),
                ProbeAdvice.of(RequestProbe.class, named(ASYNC_CONTEXT))
                        .on(named("fireOnComplete").and(takesArguments(0)), "AsyncCompleteAdvice"));
    }

    static final class HostValveAdvice {

        private HostValveAdvice() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter() {
            ServerRequests.start();
        }

        @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
        static void exit(@Advice.Argument(0) Request request, @Advice.Argument(1) Response response) {
            // The decoded path is a String Tomcat makes on first ask (then keeps until recycle);
            // with a route, nothing reads it, so it is not asked for.
            Object route = request.getAttribute(ROUTE_ATTRIBUTE);
            Object asyncStarted = ServerRequests.end(request.getMethod(), route,
                    route == null ? request.getDecodedRequestURI() : null, response.getStatus(), request.isAsync(),
                    request.getNote(ASYNC_NOTE));
            if (asyncStarted != null) {
                request.setNote(ASYNC_NOTE, asyncStarted);
            }
        }
    }

    static final class AsyncCompleteAdvice {

        private AsyncCompleteAdvice() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.FieldValue("request") Request request) {
            ServerRequests.asyncCompleted(request.getNote(ASYNC_NOTE), request.getMethod(),
                    request.getAttribute(ROUTE_ATTRIBUTE), request.getDecodedRequestURI(), request.getResponse().getStatus());
        }
    }

    static final class ContextValveAdvice {

        private ContextValveAdvice() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
        static void exit(@Advice.Argument(0) Request request) {
            ServerRequests.routed(request.getAttribute(ROUTE_ATTRIBUTE));
        }
    }
}
