package dev.chokepoint.collector.cli;

/** The documented exit codes of every chokepoint command (also listed in {@code --help}). */
public final class ExitCodes {

    public static final int OK = 0;
    /** {@code --fail-on-slo} and a step that should have met the SLO did not; {@code search --fail-below} not reached. */
    public static final int SLO_MISSED = 1;
    /** {@code check}: the report does not say what was expected. */
    public static final int NOT_AS_EXPECTED = 1;
    /** {@code compare --fail-on-regression}: capacity, CPU or database time per request regressed beyond noise. */
    public static final int REGRESSION = 1;
    /** Bad usage, a bad option value or a bad input file (rules, steps, run folder). */
    public static final int BAD_INPUT = 2;
    /** Recording failed: no target ever answered a scrape. */
    public static final int RECORDING_FAILED = 3;
    /** A bug in chokepoint: the stack trace is printed. */
    public static final int INTERNAL_ERROR = 70;
    /** Interrupted (Ctrl-C), after the report of what was recorded has been written. */
    public static final int INTERRUPTED = 130;

    static final String[] HELP = {
        "Exit codes:",
        "  0    ok",
        "  1    SLO missed (with --fail-on-slo); search: capacity below --fail-below;",
        "       check: the report is not as expected;",
        "       compare: a regression beyond the noise (with --fail-on-regression)",
        "  2    bad usage, option value or input file",
        "  3    recording failed: no target ever answered",
        "  70   internal error (a bug: please report the stack trace)",
        "  130  interrupted (Ctrl-C), after the report was written",
    };

    private ExitCodes() {
    }
}
