import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Splits an async-profiler CPU profile (collapsed stacks, recorded with {@code threads}) for
 * examples/bench/cpu-profile.sh: {@code java ProfileShares.java FILE CPU_US_PER_REQUEST}.
 * Prints the process's measured CPU per request shared out by the samples:
 * <ul>
 *   <li>by thread group (names with digits folded: http-nio-N-exec are Tomcat's workers);</li>
 *   <li>on the workers, the agent's own work: samples whose innermost frame outside the JDK is
 *       the agent's ({@code dev/chokepoint/agent}), by that frame, plus JFR's event writing
 *       ({@code Jfr}, {@code post_thread_park_event}).</li>
 * </ul>
 * Shares, not sample counts: the sampling rate differs between event sources (itimer, cpu).
 */
public class ProfileShares {
    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: java ProfileShares.java PROFILE.collapsed CPU_US_PER_REQUEST");
            System.exit(2);
        }
        List<String> lines = Files.readAllLines(Path.of(args[0]));
        double usPerRequest = Double.parseDouble(args[1]);
        Map<String, Long> byThread = new TreeMap<>();
        Map<String, Long> agentFrames = new LinkedHashMap<>();
        long total = 0;
        for (String line : lines) {
            int space = line.lastIndexOf(' ');
            long n = Long.parseLong(line.substring(space + 1));
            String[] frames = line.substring(0, space).split(";");
            String thread = frames[0].replaceAll("^\\[|\\]$", "").replaceAll(" tid=\\d+", "").replaceAll("\\d+", "N");
            total += n;
            byThread.merge(thread, n, Long::sum);
            if (thread.contains("exec")) {
                String agent = agentFrame(frames);
                if (agent != null) {
                    agentFrames.merge(agent, n, Long::sum);
                }
            }
        }
        long all = total;
        System.out.printf("%-48s %8s%n", "thread group", "us/req");
        byThread.entrySet().stream().sorted((a, b) -> Long.compare(b.getValue(), a.getValue())).limit(12)
                .forEach(e -> System.out.printf("%-48s %8.2f%n", e.getKey(), usPerRequest * e.getValue() / all));
        long agentTotal = agentFrames.values().stream().mapToLong(Long::longValue).sum();
        System.out.printf("%-48s %8.2f%n", "agent's own work on the workers", usPerRequest * agentTotal / all);
        agentFrames.entrySet().stream().sorted((a, b) -> Long.compare(b.getValue(), a.getValue())).limit(10)
                .forEach(e -> System.out.printf("  %-46s %8.2f%n", e.getKey(), usPerRequest * e.getValue() / all));
    }

    /** The innermost frame outside the JDK and the JVM when it is the agent's, or JFR's event writing; else null. */
    private static String agentFrame(String[] frames) {
        String last = null;
        for (int i = 1; i < frames.length; i++) {
            String f = frames[i];
            if (f.startsWith("post_thread_park_event") || f.startsWith("Jfr")) {
                return "JFR event writing";
            }
            boolean jdk = f.startsWith("java/") || f.startsWith("jdk/internal") || f.startsWith("sun/")
                    || !f.contains("/");
            if (!jdk) {
                last = f;
            }
        }
        return last != null && last.startsWith("dev/chokepoint/agent") ? last : null;
    }
}
