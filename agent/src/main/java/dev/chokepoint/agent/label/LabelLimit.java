package dev.chokepoint.agent.label;

import dev.chokepoint.agent.probe.ProbeContext;

/** Reads a label-cardinality option ({@code request.max-uris}, {@code jdbc.max-queries}, …) for a probe. */
public final class LabelLimit {

    private LabelLimit() {
    }

    /**
     * The option's value, or -1 after reporting through {@link ProbeContext#failed} why it is
     * unusable (the probe then stays off rather than guessing a cap).
     */
    public static int read(ProbeContext context, String probeId, String option, int defaultValue) {
        String text = context.option(option, Integer.toString(defaultValue)).trim();
        try {
            int value = Integer.parseInt(text);
            if (value >= 1) {
                return value;
            }
        } catch (NumberFormatException notANumber) {
            // reported below, same message as a non-positive number
        }
        context.failed(probeId, "option " + option + "=" + text
                + " is not a positive whole number; use e.g. " + option + "=" + defaultValue);
        return -1;
    }
}
