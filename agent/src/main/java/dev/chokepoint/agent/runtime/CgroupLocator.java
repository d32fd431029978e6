package dev.chokepoint.agent.runtime;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Finds this process's CPU cgroup directory from {@code /proc/self/cgroup} and
 * {@code /proc/self/mountinfo}, for cgroup v1 (a {@code cpu} controller hierarchy), v2 (the
 * unified hierarchy) and hybrid hosts, where the v1 {@code cpu} controller is the one in force.
 *
 * <p>All paths are read below {@code fsRoot} ({@code /} in production) so that tests can point
 * the locator at a fixture directory tree.
 */
public final class CgroupLocator {

    private final Path fsRoot;

    public CgroupLocator(Path fsRoot) {
        this.fsRoot = fsRoot;
    }

    public static Optional<CgroupCpu> locateOwn() {
        return new CgroupLocator(Path.of("/")).locate();
    }

    public Optional<CgroupCpu> locate() {
        List<String> membership = lines(fsRoot.resolve("proc/self/cgroup"));
        List<MountInfo> mounts = MountInfo.parseAll(lines(fsRoot.resolve("proc/self/mountinfo")));
        Optional<CgroupCpu> v1 = locateV1(membership, mounts);
        return v1.isPresent() ? v1 : locateV2(membership, mounts);
    }

    private Optional<CgroupCpu> locateV1(List<String> membership, List<MountInfo> mounts) {
        for (String line : membership) {
            String[] parts = line.split(":", 3);
            if (parts.length == 3 && Arrays.asList(parts[1].split(",")).contains("cpu")) {
                for (MountInfo mount : mounts) {
                    if (mount.fsType().equals("cgroup") && mount.superOptions().contains("cpu")) {
                        return Optional.of(cgroup(CgroupCpu.Version.V1, mount, parts[2]));
                    }
                }
            }
        }
        return Optional.empty();
    }

    private Optional<CgroupCpu> locateV2(List<String> membership, List<MountInfo> mounts) {
        for (String line : membership) {
            String[] parts = line.split(":", 3);
            if (parts.length == 3 && parts[0].equals("0") && parts[1].isEmpty()) {
                for (MountInfo mount : mounts) {
                    if (mount.fsType().equals("cgroup2")) {
                        return Optional.of(cgroup(CgroupCpu.Version.V2, mount, parts[2]));
                    }
                }
            }
        }
        return Optional.empty();
    }

    /**
     * The directory of {@code cgroupPath} under {@code mount}. In a container with its own cgroup
     * namespace the mount's root is the container's cgroup and the paths match up to that root;
     * a path outside the mount's root cannot be followed, so the mount point itself is used.
     */
    private CgroupCpu cgroup(CgroupCpu.Version version, MountInfo mount, String cgroupPath) {
        Path mountPoint = fsRoot.resolve(mount.mountPoint().substring(1));
        String root = mount.root().equals("/") ? "" : mount.root();
        String relative = cgroupPath.startsWith(root) ? cgroupPath.substring(root.length()) : "";
        Path own = mountPoint;
        for (String segment : relative.split("/")) {
            if (!segment.isEmpty()) {
                own = own.resolve(segment);
            }
        }
        if (!Files.isDirectory(own)) {
            own = mountPoint;
        }
        List<Path> ownToRoot = new ArrayList<>();
        for (Path dir = own; dir != null && dir.startsWith(mountPoint); dir = dir.getParent()) {
            ownToRoot.add(dir);
        }
        return new CgroupCpu(version, ownToRoot);
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException e) {
            return List.of(); // not Linux, or /proc hidden: no cgroup metrics, no error
        }
    }
}
