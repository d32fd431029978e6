package dev.chokepoint.agent.bootstrap;

import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.utility.JavaModule;

import java.util.List;

/**
 * Turns a Byte Buddy transformation error into one stderr line per failing probe and switches
 * that probe off. The probes that matched the failing type are known from {@link ProbeMatches}.
 */
final class ProbeFailureListener extends AgentBuilder.Listener.Adapter {

    private static final int MAX_REASON_LENGTH = 300;

    private final AgentProbeContext context;
    private final ProbeMatches matches;

    ProbeFailureListener(AgentProbeContext context, ProbeMatches matches) {
        this.context = context;
        this.matches = matches;
    }

    @Override
    public void onError(String typeName, ClassLoader classLoader, JavaModule module, boolean loaded,
                        Throwable throwable) {
        String reason = reason(throwable);
        List<String> probeIds = matches.probesThatMatched(typeName);
        if (probeIds.isEmpty()) {
            context.couldNotInstrument(typeName, reason);
        }
        for (String probeId : probeIds) {
            context.couldNotInstrument(probeId, typeName, reason);
        }
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
