package dev.chokepoint.agent.request;

import dev.chokepoint.agent.label.LabelLimit;
import dev.chokepoint.agent.probe.ClassNames;
import dev.chokepoint.agent.probe.InstrumentingProbe;
import dev.chokepoint.agent.probe.ProbeContext;
import dev.chokepoint.agent.probe.weave.HookWriter;
import dev.chokepoint.agent.probe.weave.MethodHooks;
import dev.chokepoint.agent.probe.weave.MethodMatch;
import dev.chokepoint.agent.probe.weave.ProbeAdvice;
import dev.chokepoint.agent.probe.weave.TypeMatch;

import java.nio.file.Path;
import java.util.List;

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
    private static final String REQUEST = "org/apache/catalina/connector/Request";
    private static final String RESPONSE = "org/apache/catalina/connector/Response";
    private static final String REQUEST_TYPE = "L" + REQUEST + ";";
    private static final String RESPONSE_TYPE = "L" + RESPONSE + ";";
    private static final String ATTRIBUTE = "(Ljava/lang/String;)Ljava/lang/Object;";
    private static final String READ_STRING = "()Ljava/lang/String;";
    private static final String OBJECT = "Ljava/lang/Object;";
    private static final String STRING = "Ljava/lang/String;";
    /** A Tomcat request note: internal to Tomcat, invisible to the application, gone on recycle. */
    static final String ASYNC_NOTE = "dev.chokepoint.agent.request.async";

    /** False when {@code request.max-uris} is negative: no meters, no transformation. */
    private volatile boolean timing;

    public RequestProbe() {
        super(ID, ClassNames.of(HOST_VALVE, CONTEXT_VALVE, ASYNC_CONTEXT));
    }

    @Override
    public void bind(ProbeContext context) {
        int maxUris = LabelLimit.read(context, ID, "request.max-uris", DEFAULT_MAX_URIS);
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
                ProbeAdvice.of(TypeMatch.named(HOST_VALVE)).on(MethodMatch.named("invoke").arguments(2).requiring(REQUEST_TYPE, RESPONSE_TYPE),
                        MethodHooks.onEnter(code -> code.callStatic(ServerRequests.class, "start"))
                                .andOnExit(RequestProbe::requestEnds).alsoOnThrow()),
                ProbeAdvice.of(TypeMatch.named(CONTEXT_VALVE)).on(MethodMatch.named("invoke").arguments(2).requiring(REQUEST_TYPE, RESPONSE_TYPE),
                        MethodHooks.onExit(code -> code.argument(0).constant(ROUTE_ATTRIBUTE).callVirtual(REQUEST, "getAttribute", ATTRIBUTE)
                                .callStatic(ServerRequests.class, "routed")).alsoOnThrow()),
                ProbeAdvice.of(TypeMatch.named(ASYNC_CONTEXT)).on(MethodMatch.named("fireOnComplete").arguments(0),
                        MethodHooks.onEnter(RequestProbe::asyncRequestEnds)));
    }

    /**
     * At the host valve's exit, {@code request} and {@code response} its arguments:
     * <pre>
     * Object route = request.getAttribute(ROUTE_ATTRIBUTE);
     * String path = route == null ? request.getDecodedRequestURI() : null;
     * Object asyncStarted = ServerRequests.end(request.getMethod(), route, path, response.getStatus(),
     *         request.isAsync(), request.getNote(ASYNC_NOTE));
     * if (asyncStarted != null) request.setNote(ASYNC_NOTE, asyncStarted);
     * </pre>
     * The decoded path is a String Tomcat makes on first ask (then keeps until recycle); with a
     * route, nothing reads it, so it is not asked for.
     */
    private static void requestEnds(HookWriter code) {
        int route = code.argument(0).constant(ROUTE_ATTRIBUTE).callVirtual(REQUEST, "getAttribute", ATTRIBUTE).keep(OBJECT);
        int path = code.nothing().keep(STRING);
        code.ifNull(route, then -> then.argument(0).callVirtual(REQUEST, "getDecodedRequestURI", READ_STRING).store(path));
        int asyncStarted = code.argument(0).callVirtual(REQUEST, "getMethod", READ_STRING)
                .load(route).load(path)
                .argument(1).callVirtual(RESPONSE, "getStatus", "()I")
                .argument(0).callVirtual(REQUEST, "isAsync", "()Z")
                .argument(0).constant(ASYNC_NOTE).callVirtual(REQUEST, "getNote", ATTRIBUTE)
                .callStatic(ServerRequests.class, "end").keep(OBJECT);
        code.ifNonNull(asyncStarted, then -> then.argument(0).constant(ASYNC_NOTE).load(asyncStarted)
                .callVirtual(REQUEST, "setNote", "(Ljava/lang/String;Ljava/lang/Object;)V"));
    }

    /**
     * At {@code AsyncContextImpl.fireOnComplete}'s entry, {@code request} its field:
     * {@code ServerRequests.asyncCompleted(request.getNote(ASYNC_NOTE), request.getMethod(),
     * request.getAttribute(ROUTE_ATTRIBUTE), request.getDecodedRequestURI(), request.getResponse().getStatus())}.
     */
    private static void asyncRequestEnds(HookWriter code) {
        code.field("request", REQUEST_TYPE).constant(ASYNC_NOTE).callVirtual(REQUEST, "getNote", ATTRIBUTE)
                .field("request", REQUEST_TYPE).callVirtual(REQUEST, "getMethod", READ_STRING)
                .field("request", REQUEST_TYPE).constant(ROUTE_ATTRIBUTE).callVirtual(REQUEST, "getAttribute", ATTRIBUTE)
                .field("request", REQUEST_TYPE).callVirtual(REQUEST, "getDecodedRequestURI", READ_STRING)
                .field("request", REQUEST_TYPE).callVirtual(REQUEST, "getResponse", "()" + RESPONSE_TYPE)
                .callVirtual(RESPONSE, "getStatus", "()I")
                .callStatic(ServerRequests.class, "asyncCompleted");
    }
}
