package dev.chokepoint.agent.probe;

import dev.chokepoint.agent.probe.weave.ProbeAdvice;

import java.util.List;

/**
 * One instrumented library or runtime source (Tomcat, HikariCP, JDBC, requests, …).
 *
 * <p>The bootstrap installs every probe through this seam and knows nothing of any one of them.
 * A probe binds its meters and helpers at start-up ({@link #bind}) and, if it instruments a
 * library, names advice for the classes it rewrites ({@link #advice}: hooks woven with
 * {@code probe.weave}, matched by name first, so that applications without the library pay
 * nothing). The advice is asked for only when the first class a probe names loads: the weaver's
 * start-up is then not paid by an application that loads none of them. A probe that cannot install reports
 * it through {@link ProbeContext#failed} and the others go on.
 */
public interface Probe {

    /** Short id used in options ({@code probes=-hikari}) and in stderr lines, e.g. {@code tomcat}. */
    String id();

    /**
     * The classes {@link #advice} may rewrite, by name; {@link ClassNames#NONE} for a probe that
     * only binds meters. The agent describes no other class, so a type matcher that matches a class
     * not named here never fires.
     */
    ClassNames classNames();

    /**
     * Binds this probe's meters and installs the helpers its advice calls, at start-up (premain
     * or attach). Must not throw for a library that is absent.
     */
    void bind(ProbeContext context);

    /**
     * This probe's advice, empty for a probe that only binds meters; asked for once, after
     * {@link #bind}, possibly on another thread (the one that loads the first named class).
     * Must not throw for a library that is absent: matching by name simply never fires.
     */
    List<ProbeAdvice> advice();
}
