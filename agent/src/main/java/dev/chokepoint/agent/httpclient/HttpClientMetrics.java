package dev.chokepoint.agent.httpclient;

import dev.chokepoint.agent.label.BoundedLabels;
import dev.chokepoint.agent.request.HttpLabels;
import dev.chokepoint.agent.request.RequestTimes;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;

import java.net.URI;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code chokepoint.http.client.requests} {host, outcome}: outbound HTTP calls per downstream
 * {@code host:port} (at most {@value #MAX_HOSTS}, the rest {@code other}), the evidence for "a
 * downstream dependency saturated". Each call's time also goes to the current request's remote time.
 */
public final class HttpClientMetrics implements MeterBinder {

    static final int MAX_HOSTS = 50;
    private static final String[] OUTCOMES = {
        "INFORMATIONAL", "SUCCESS", "REDIRECTION", "CLIENT_ERROR", "SERVER_ERROR", "UNKNOWN",
    };

    private final BoundedLabels hosts = new BoundedLabels(MAX_HOSTS, 0, host -> host);
    /** host tag → timer per outcome, filled lazily; bounded by (MAX_HOSTS + 1) × 6. */
    private final ConcurrentHashMap<String, Timer[]> timers = new ConcurrentHashMap<>();
    private volatile MeterRegistry registry;

    @Override
    public void bindTo(MeterRegistry target) {
        registry = target;
    }

    /**
     * @param status the response status, or a value outside 100..599 when there was no response
     */
    public void record(URI uri, int status, long nanos) {
        RequestTimes times = RequestTimes.current();
        times.addRemote(nanos);
        MeterRegistry target = registry;
        if (target == null) {
            return;
        }
        String host = hosts.admit(hostAndPort(uri));
        Timer[] byOutcome = timers.get(host);
        if (byOutcome == null) {
            byOutcome = timers.computeIfAbsent(host, h -> new Timer[OUTCOMES.length]);
        }
        int outcome = outcomeIndex(status);
        Timer timer = byOutcome[outcome];
        if (timer == null) {
            timer = Timer.builder("chokepoint.http.client.requests")
                    .description("Outbound HTTP calls by downstream host")
                    .tags("host", host, "outcome", OUTCOMES[outcome])
                    .register(target);
            byOutcome[outcome] = timer; // a racing duplicate is the same registered meter
        }
        times.record(timer, nanos);
    }

    /**
     * {@code host:port}; the URI's own authority when it already is exactly that (no allocation),
     * never the user-info part (it may hold credentials).
     */
    static String hostAndPort(URI uri) {
        String authority = uri.getRawAuthority();
        if (authority != null && authority.indexOf('@') < 0 && authority.lastIndexOf(':') > authority.lastIndexOf(']')) {
            return authority;
        }
        String host = uri.getHost();
        int port = uri.getPort();
        if (port < 0) {
            port = "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
        }
        return (host == null ? "unknown" : host) + ':' + port;
    }

    private static int outcomeIndex(int status) {
        String outcome = HttpLabels.outcome(status);
        for (int i = 0; i < OUTCOMES.length; i++) {
            if (OUTCOMES[i].equals(outcome)) {
                return i;
            }
        }
        return OUTCOMES.length - 1;
    }
}
