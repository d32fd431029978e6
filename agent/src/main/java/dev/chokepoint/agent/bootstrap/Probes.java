package dev.chokepoint.agent.bootstrap;

import dev.chokepoint.agent.executor.ExecutorProbe;
import dev.chokepoint.agent.hikari.HikariProbe;
import dev.chokepoint.agent.httpclient.HttpClientProbe;
import dev.chokepoint.agent.jdbc.JdbcProbe;
import dev.chokepoint.agent.outbound.commonspool2.CommonsPool2Probe;
import dev.chokepoint.agent.outbound.httpcomponents.HttpComponentsProbe;
import dev.chokepoint.agent.probe.Probe;
import dev.chokepoint.agent.request.RequestProbe;
import dev.chokepoint.agent.runtime.JvmProbe;
import dev.chokepoint.agent.runtime.ProcessProbe;
import dev.chokepoint.agent.tomcat.TomcatProbe;
import dev.chokepoint.agent.wait.WaitProbe;

import java.util.ArrayList;
import java.util.List;

/**
 * Every probe the agent can run, in installation order. A new probe is one line here; its
 * {@link Probe#id()} is what users name in {@code probes=-id}.
 */
public final class Probes {

    private Probes() {
    }

    /**
     * Probes that transform classes. They are installed in {@code premain}, before the
     * application's {@code main} loads the classes they match.
     */
    public static List<Probe> instrumenting() {
        return List.of(
                new TomcatProbe(),
                new HikariProbe(),
                new JdbcProbe(),
                new RequestProbe(),
                new HttpClientProbe(),
                new HttpComponentsProbe(),
                new CommonsPool2Probe());
    }

    /**
     * Probes that only bind meters. They start on a background thread, so that the application's
     * {@code main} does not wait for their classes to load.
     */
    public static List<Probe> meterOnly() {
        return List.of(
                new JvmProbe(),
                new ProcessProbe(),
                new WaitProbe(),
                new ExecutorProbe());
    }

    public static List<Probe> all() {
        List<Probe> all = new ArrayList<>(instrumenting());
        all.addAll(meterOnly());
        return all;
    }

    public static List<String> ids() {
        List<String> ids = new ArrayList<>();
        for (Probe probe : all()) {
            ids.add(probe.id());
        }
        return ids;
    }
}
