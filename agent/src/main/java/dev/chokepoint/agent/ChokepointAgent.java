package dev.chokepoint.agent;

import dev.chokepoint.agent.bootstrap.AgentBootstrap;
import dev.chokepoint.agent.bootstrap.Probes;
import dev.chokepoint.agent.options.AgentVersion;
import dev.chokepoint.agent.options.HelpText;

import java.lang.instrument.Instrumentation;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Entry points of {@code chokepoint-agent.jar}: {@code -javaagent:} ({@link #premain}), attach to a
 * running JVM ({@link #agentmain}) and {@code java -jar chokepoint-agent.jar --help} or
 * {@code --version} ({@link #main}).
 *
 * <p>Nothing escapes {@link #premain}: an exception there would abort the application's start,
 * which the agent must never cause.
 */
public final class ChokepointAgent {

    private static final AtomicBoolean STARTED = new AtomicBoolean();

    private ChokepointAgent() {
    }

    public static void premain(String agentArgs, Instrumentation instrumentation) {
        start(agentArgs, instrumentation, false);
    }

    public static void agentmain(String agentArgs, Instrumentation instrumentation) {
        start(agentArgs, instrumentation, true);
    }

    private static void start(String agentArgs, Instrumentation instrumentation, boolean attachedLate) {
        if (!STARTED.compareAndSet(false, true)) {
            System.err.println("chokepoint: agent given twice; the second copy is ignored");
            return;
        }
        try {
            AgentBootstrap.start(agentArgs, instrumentation, attachedLate, System.getenv(), System.err);
        } catch (Throwable e) {
            System.err.println("chokepoint: agent not started: " + e + "; the application runs without it");
        }
    }

    public static void main(String[] args) {
        if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h")) {
            System.out.print(HelpText.render(Probes.ids()));
            return;
        }
        if (args[0].equals("--version") || args[0].equals("-V")) {
            System.out.println("chokepoint-agent " + AgentVersion.version());
            return;
        }
        System.err.println("chokepoint-agent.jar: unknown argument '" + args[0] + "'; this jar is a -javaagent, "
                + "see java -jar chokepoint-agent.jar --help");
        System.exit(2);
    }
}
