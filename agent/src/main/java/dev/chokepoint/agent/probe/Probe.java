package dev.chokepoint.agent.probe;

import net.bytebuddy.agent.builder.AgentBuilder;

/**
 * One instrumented library or runtime source (Tomcat, HikariCP, JDBC, requests, …).
 *
 * <p>The bootstrap installs every probe through this seam and knows nothing of any one of them.
 * A probe either adds its type transformations to the builder (matched by name first, so that
 * applications without the library pay nothing) or binds meters directly. A probe that cannot
 * install reports it through {@link ProbeContext#failed} and the others go on.
 */
public interface Probe {

    /** Short id used in options ({@code probes=-hikari}) and in stderr lines, e.g. {@code tomcat}. */
    String id();

    /**
     * The classes {@link #instrument} may transform, by name; {@link ClassNames#NONE} for a probe
     * that only binds meters. The agent hands Byte Buddy no other class, so a type matcher that
     * matches a class not named here never fires.
     */
    ClassNames classNames();

    /**
     * Adds this probe's transformations to {@code builder}, or returns it unchanged.
     * Must not throw for a library that is absent: matching by name simply never fires.
     */
    AgentBuilder instrument(AgentBuilder builder, ProbeContext context);
}
