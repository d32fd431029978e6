package dev.chokepoint.agent.bootstrap;

/** How a probe's failure is told in its one stderr line. */
final class FailureReasons {

    private static final int MAX_REASON_LENGTH = 300;

    private FailureReasons() {
    }

    /** The innermost cause's type and first message line: enough to see what changed shape. */
    static String of(Throwable throwable) {
        Throwable root = throwable;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage() == null ? "" : root.getMessage().lines().findFirst().orElse("");
        String reason = root.getClass().getSimpleName() + (message.isEmpty() ? "" : " " + message);
        return reason.length() <= MAX_REASON_LENGTH ? reason : reason.substring(0, MAX_REASON_LENGTH) + "…";
    }
}
