package dev.chokepoint.agent.bootstrap;

import dev.chokepoint.agent.hikari.HikariProbe;
import dev.chokepoint.agent.httpclient.HttpClientProbe;
import dev.chokepoint.agent.jdbc.JdbcProbe;
import dev.chokepoint.agent.probe.Probe;
import dev.chokepoint.agent.request.RequestProbe;
import dev.chokepoint.agent.runtime.JvmProbe;
import dev.chokepoint.agent.runtime.ProcessProbe;
import dev.chokepoint.agent.tomcat.TomcatProbe;

import java.util.List;

/**
 * Every probe the agent can run, in installation order. A new probe is one line here; its
 * {@link Probe#id()} is what users name in {@code probes=-id}.
 */
public final class Probes {

    private Probes() {
    }

    public static List<Probe> all() {
        return List.of(
                new JvmProbe(),
                new ProcessProbe(),
                new TomcatProbe(),
                new HikariProbe(),
                new JdbcProbe(),
                new RequestProbe(),
                new HttpClientProbe());
    }
}
