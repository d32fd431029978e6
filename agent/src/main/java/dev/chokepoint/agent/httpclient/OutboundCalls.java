package dev.chokepoint.agent.httpclient;

import dev.chokepoint.agent.probe.ProbeContext;
import dev.chokepoint.agent.probe.ProbeTarget;
import dev.chokepoint.agent.request.RequestTimes;
import dev.chokepoint.agent.request.TimedCallPorts;

import java.net.URI;

/**
 * What the HTTP client advice calls around an outbound request. A request decorated by
 * interceptors executes the real request inside itself; only the outermost call is timed, so the
 * request's remote time is not counted twice.
 */
public final class OutboundCalls {

    private static final ProbeTarget<HttpClientMetrics> METRICS = new ProbeTarget<>(HttpClientProbe.ID);

    private OutboundCalls() {
    }

    public static void install(HttpClientMetrics clientMetrics, ProbeContext probeContext) {
        METRICS.install(clientMetrics, probeContext);
    }

    /** An outbound call starts; only the outermost one on the thread is timed. */
    public static void enter() {
        RequestTimes times = RequestTimes.current();
        if (times.enterOutbound()) {
            times.outboundStartNanos = METRICS.get() != null ? System.nanoTime() : 0L;
            times.outboundStatus = 0;
        }
    }

    /** The response's status, read when the call returned one. */
    public static void status(int status) {
        RequestTimes.current().outboundStatus = status;
    }

    /** The call ends (returned or threw); the outermost one is recorded. */
    public static void exit(URI uri) {
        RequestTimes times = RequestTimes.current();
        if (!times.exitOutbound()) {
            return;
        }
        long startNanos = times.outboundStartNanos;
        times.outboundStartNanos = 0L;
        HttpClientMetrics target = METRICS.get();
        if (startNanos != 0L && target != null && uri != null) {
            target.record(uri, times.outboundStatus, System.nanoTime() - startNanos);
            TimedCallPorts.add(port(uri));
        }
    }

    /** The URI's port, or its scheme's default (80, 443); -1 when neither is known. */
    static int port(URI uri) {
        if (uri.getPort() > 0) {
            return uri.getPort();
        }
        String scheme = uri.getScheme();
        return "https".equalsIgnoreCase(scheme) ? 443 : "http".equalsIgnoreCase(scheme) ? 80 : -1;
    }
}
