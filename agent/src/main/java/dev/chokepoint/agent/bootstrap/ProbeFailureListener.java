package dev.chokepoint.agent.bootstrap;

import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.utility.JavaModule;

/**
 * Turns a Byte Buddy transformation error into the probe's one stderr line and switches the probe
 * off. Each probe is installed with its own instance, so an error names the probe that caused it.
 */
final class ProbeFailureListener extends AgentBuilder.Listener.Adapter {

    private static final int MAX_REASON_LENGTH = 300;

    private final String probeId;
    private final AgentProbeContext context;

    ProbeFailureListener(String probeId, AgentProbeContext context) {
        this.probeId = probeId;
        this.context = context;
    }

    @Override
    public void onError(String typeName, ClassLoader classLoader, JavaModule module, boolean loaded,
                        Throwable throwable) {
        context.couldNotInstrument(probeId, typeName, reason(throwable));
    }

    /** The innermost cause's type and first message line: enough to see what changed shape. */
    static String reason(Throwable throwable) {
        Throwable root = throwable;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage() == null ? "" : root.getMessage().lines().findFirst().orElse("");
        String reason = root.getClass().getSimpleName() + (message.isEmpty() ? "" : " " + message);
        return reason.length() <= MAX_REASON_LENGTH ? reason : reason.substring(0, MAX_REASON_LENGTH) + "…";
    }
}
