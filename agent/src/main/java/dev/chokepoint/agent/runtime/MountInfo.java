package dev.chokepoint.agent.runtime;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One line of {@code /proc/self/mountinfo} (proc(5)): the fields the cgroup lookup needs.
 * {@code 31 30 0:28 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu}.
 */
final class MountInfo {

    private final String root;
    private final String mountPoint;
    private final String fsType;
    private final List<String> superOptions;

    private MountInfo(String root, String mountPoint, String fsType, List<String> superOptions) {
        this.root = root;
        this.mountPoint = mountPoint;
        this.fsType = fsType;
        this.superOptions = superOptions;
    }

    static List<MountInfo> parseAll(List<String> lines) {
        List<MountInfo> mounts = new ArrayList<>();
        for (String line : lines) {
            int separator = line.indexOf(" - ");
            if (separator < 0) {
                continue;
            }
            String[] before = line.substring(0, separator).split(" ");
            String[] after = line.substring(separator + 3).split(" ");
            if (before.length >= 5 && after.length >= 3) {
                mounts.add(new MountInfo(unescape(before[3]), unescape(before[4]), after[0],
                        Arrays.asList(after[2].split(","))));
            }
        }
        return mounts;
    }

    /** mountinfo writes space, tab, newline and backslash in paths as octal escapes ({@code \040}). */
    private static String unescape(String field) {
        StringBuilder text = new StringBuilder(field.length());
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (c == '\\' && i + 3 < field.length() && field.substring(i + 1, i + 4).matches("[0-7]{3}")) {
                text.append((char) Integer.parseInt(field.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                text.append(c);
            }
        }
        return text.toString();
    }

    String root() {
        return root;
    }

    String mountPoint() {
        return mountPoint;
    }

    String fsType() {
        return fsType;
    }

    List<String> superOptions() {
        return superOptions;
    }
}
