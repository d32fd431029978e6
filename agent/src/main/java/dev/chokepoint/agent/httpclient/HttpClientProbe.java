package dev.chokepoint.agent.httpclient;

import dev.chokepoint.agent.probe.ClassNames;
import dev.chokepoint.agent.probe.InstrumentingProbe;
import dev.chokepoint.agent.probe.ProbeAdvice;
import dev.chokepoint.agent.probe.ProbeContext;
import net.bytebuddy.asm.Advice;
import org.springframework.http.client.ClientHttpRequest;
import org.springframework.http.client.ClientHttpResponse;
import java.util.List;


import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesNoArguments;

/**
 * Outbound HTTP through Spring's client abstraction: {@code AbstractClientHttpRequest.execute()}
 * is where RestClient and RestTemplate send a request, whichever HTTP library is underneath.
 */
public final class HttpClientProbe extends InstrumentingProbe {

    static final String ID = "httpclient";
    private static final String REQUEST = "org.springframework.http.client.AbstractClientHttpRequest";

    public HttpClientProbe() {
        super(ID, ClassNames.of(REQUEST));
    }

    @Override
    public void bind(ProbeContext context) {
        HttpClientMetrics metrics = new HttpClientMetrics();
        metrics.bindTo(context.registry());
        OutboundCalls.install(metrics, context);
    }

    @Override
    public List<ProbeAdvice> advice() {
        return List.of(ProbeAdvice.of(HttpClientProbe.class, named(REQUEST))
                .on(named("execute").and(takesNoArguments()), "ExecuteAdvice"));
    }

    static final class ExecuteAdvice {

        private ExecuteAdvice() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static long enter() {
            return OutboundCalls.enter();
        }

        @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
        static void exit(@Advice.This ClientHttpRequest request, @Advice.Enter long start,
                         @Advice.Return ClientHttpResponse response) {
            int status;
            try {
                // Already read by execute() for every Spring client; guarded so the depth is always restored.
                status = response == null ? 0 : response.getStatusCode().value();
            } catch (Throwable unreadable) {
                status = 0;
            }
            OutboundCalls.exit(start, request.getURI(), status);
        }
    }
}
