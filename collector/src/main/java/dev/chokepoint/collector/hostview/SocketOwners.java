package dev.chokepoint.collector.hostview;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * Which process holds each socket: the {@code socket:[inode]} links under {@code /proc/PID/fd}.
 * Processes this user may not look into (another user's, without root) are left out, and with
 * them the parts they would have named.
 */
final class SocketOwners {

    private static final String PREFIX = "socket:[";

    private SocketOwners() {
    }

    /** Socket inode to the pid holding it, over the given processes. */
    static Map<Long, Long> of(Path proc, Collection<Long> pids) {
        Map<Long, Long> owners = new HashMap<>();
        for (long pid : pids) {
            try (DirectoryStream<Path> fds = Files.newDirectoryStream(proc.resolve(pid + "/fd"))) {
                for (Path fd : fds) {
                    long inode = inode(fd);
                    if (inode > 0) {
                        owners.putIfAbsent(inode, pid);
                    }
                }
            } catch (IOException | SecurityException e) {
                // Ended, or not ours to read.
            }
        }
        return owners;
    }

    private static long inode(Path fd) {
        try {
            String target = Files.readSymbolicLink(fd).toString();
            return target.startsWith(PREFIX) ? Long.parseLong(target.substring(PREFIX.length(), target.length() - 1)) : -1;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
