package dev.chokepoint.agent.probe;

/**
 * What a probe's static helper hands its calls to. Woven hooks can only call static methods, so
 * each helper keeps its probe's meters in one of these: absent until the probe installs, and
 * absent again once the probe is switched off ({@link ProbeContext#failed}), so that hooks already
 * woven into application classes take the no-op path.
 */
public final class ProbeTarget<T> {

    private final String probeId;
    private volatile T target;
    private volatile ProbeContext context;

    public ProbeTarget(String probeId) {
        this.probeId = probeId;
    }

    public void install(T installed, ProbeContext probeContext) {
        context = probeContext;
        target = installed;
    }

    /** The installed target, or {@code null} when not installed or the probe is off. */
    public T get() {
        T installed = target;
        return installed != null && context.isOn(probeId) ? installed : null;
    }
}
