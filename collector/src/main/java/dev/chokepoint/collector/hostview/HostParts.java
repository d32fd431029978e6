package dev.chokepoint.collector.hostview;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which processes of the host are which part of the run: each recorded target (the process that
 * listens on its port: the service, an exporter), the dependencies those processes are connected
 * to on this host (the process listening on the port they reached, with its children: PostgreSQL's
 * backends), the load generator (what the collector started, its descendants), and the collector.
 * A process belongs to one part at most, in that order.
 */
final class HostParts {

    /** At most this many dependency parts: the series stay bounded whatever the service connects to. */
    static final int MAX_DEPENDENCIES = 16;

    /** A part's name and its processes' roots (each root's live descendants belong to it too). */
    record Part(String name, String process, Set<Long> roots) {
    }

    private HostParts() {
    }

    /**
     * @param targetPorts each recorded target on this host: its name (the target's URL) and port
     * @param self        the collector's own pid
     */
    static List<Part> find(Map<String, Integer> targetPorts, long self, Map<Long, ProcessStat> processes,
                           List<TcpSocket> sockets, Map<Long, Long> owners) {
        Map<Integer, Long> listeners = new HashMap<>();
        for (TcpSocket s : sockets) {
            Long owner = owners.get(s.inode());
            if (s.listening() && owner != null) {
                listeners.putIfAbsent(s.localPort(), owner);
            }
        }
        List<Part> parts = new ArrayList<>();
        Set<Long> taken = new HashSet<>(Set.of(self));
        targetPorts.forEach((target, port) -> {
            Long pid = listeners.get(port);
            if (pid != null && taken.add(pid)) {
                parts.add(new Part("target " + target, command(processes, pid), Set.of(pid)));
            }
        });
        Set<Long> targetPids = new HashSet<>(taken);
        targetPids.remove(self);
        Map<Long, String> dependencies = new LinkedHashMap<>();
        for (TcpSocket s : sockets) {
            Long client = owners.get(s.inode());
            if (s.established() && client != null && targetPids.contains(client) && local(s.remoteAddress())) {
                Long server = listeners.get(s.remotePort());
                if (server != null && !taken.contains(server) && dependencies.size() < MAX_DEPENDENCIES) {
                    dependencies.putIfAbsent(server, s.remote());
                }
            }
        }
        dependencies.forEach((pid, remote) -> {
            taken.add(pid);
            parts.add(new Part("dependency " + remote, command(processes, pid), Set.of(pid)));
        });
        return parts;
    }

    static String command(Map<Long, ProcessStat> processes, long pid) {
        ProcessStat p = processes.get(pid);
        return p == null ? "" : p.command();
    }

    /** This host's end of a connection: loopback, or an address of one of its interfaces. */
    private static boolean local(InetAddress address) {
        if (address.isLoopbackAddress() || address.isAnyLocalAddress()) {
            return true;
        }
        try {
            return NetworkInterface.getByInetAddress(address) != null;
        } catch (SocketException e) {
            return false;
        }
    }
}
