package dev.chokepoint.agent.httpclient;

import dev.chokepoint.agent.probe.ClassNames;
import dev.chokepoint.agent.probe.InstrumentingProbe;
import dev.chokepoint.agent.probe.ProbeContext;
import dev.chokepoint.agent.probe.weave.MethodHooks;
import dev.chokepoint.agent.probe.weave.MethodMatch;
import dev.chokepoint.agent.probe.weave.ProbeAdvice;
import dev.chokepoint.agent.probe.weave.TypeMatch;

import java.util.List;

/**
 * Outbound HTTP through Spring's client abstraction: {@code AbstractClientHttpRequest.execute()}
 * is where RestClient and RestTemplate send a request, whichever HTTP library is underneath.
 */
public final class HttpClientProbe extends InstrumentingProbe {

    static final String ID = "httpclient";
    private static final String REQUEST = "org.springframework.http.client.AbstractClientHttpRequest";
    private static final String REQUEST_INTERFACE = "org/springframework/http/client/ClientHttpRequest";
    private static final String RESPONSE = "org/springframework/http/client/ClientHttpResponse";
    private static final String STATUS_CODE = "org/springframework/http/HttpStatusCode";

    public HttpClientProbe() {
        super(ID, ClassNames.of(REQUEST));
    }

    @Override
    public void bind(ProbeContext context) {
        HttpClientMetrics metrics = new HttpClientMetrics();
        metrics.bindTo(context.registry());
        OutboundCalls.install(metrics, context);
    }

    /**
     * Enter: {@code OutboundCalls.enter()}. Exit, when it returns or throws:
     * {@code OutboundCalls.status(response.getStatusCode().value())} (already read by {@code execute()}
     * for every Spring client; null when it threw, so skipped), then, guarded apart so the nesting depth
     * is always restored, {@code OutboundCalls.exit(this.getURI())}.
     */
    @Override
    public List<ProbeAdvice> advice() {
        return List.of(ProbeAdvice.of(TypeMatch.named(REQUEST)).on(MethodMatch.named("execute").arguments(0),
                MethodHooks.onEnter(code -> code.callStatic(OutboundCalls.class, "enter"))
                        .andOnExit(code -> code.returned()
                                        .callInterface(RESPONSE, "getStatusCode", "()L" + STATUS_CODE + ";")
                                        .callInterface(STATUS_CODE, "value", "()I")
                                        .callStatic(OutboundCalls.class, "status"),
                                code -> code.thisObject().callInterface(REQUEST_INTERFACE, "getURI", "()Ljava/net/URI;")
                                        .callStatic(OutboundCalls.class, "exit"))
                        .alsoOnThrow()));
    }
}
