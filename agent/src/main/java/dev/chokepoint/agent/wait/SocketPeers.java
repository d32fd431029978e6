package dev.chokepoint.agent.wait;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Names the other end of a socket event: {@code host:port} of a dependency this process called,
 * or {@link #INBOUND} for a connection a client opened to this process.
 *
 * <p>JFR's socket events carry the remote address and port but not the local port, so the
 * direction is told by the remote port: the side that connects gets a port from the kernel's
 * ephemeral range ({@code /proc/sys/net/ipv4/ip_local_port_range}, 32768–60999 by default), the
 * side that listens has a chosen one (5432, 6379, 443, 9200). A remote port in the ephemeral
 * range is therefore a client of ours: its reads and writes are the server side of a request
 * (Tomcat's), and one label per client port would exhaust the peer cap within seconds. A
 * dependency that itself listens on an ephemeral port (rare outside tests) is counted as inbound.
 */
final class SocketPeers {

    static final String INBOUND = "inbound";

    private final int ephemeralLow;
    private final int ephemeralHigh;

    SocketPeers(int ephemeralLow, int ephemeralHigh) {
        this.ephemeralLow = ephemeralLow;
        this.ephemeralHigh = ephemeralHigh;
    }

    /** The kernel's range where it can be read, else Linux's default. */
    static SocketPeers ofThisHost() {
        try {
            String[] range = Files.readString(Path.of("/proc/sys/net/ipv4/ip_local_port_range")).trim().split("\\s+");
            if (range.length == 2) {
                return new SocketPeers(Integer.parseInt(range[0]), Integer.parseInt(range[1]));
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or /proc hidden: the default below
        }
        return new SocketPeers(32768, 60999);
    }

    /**
     * {@code address:port} ({@code host:port} when JFR has no address), or {@link #INBOUND}. The
     * address, not the host name: JFR fills the host of a blocking socket by reverse lookup
     * ({@code InetAddress.getHostName()}), so one Redis at 127.0.0.1:6379 was {@code localhost:6379}
     * through Jedis and {@code 127.0.0.1:6379} through Lettuce (NIO events carry no host), and
     * the outbound list ({@link OutboundPeers}, from /proc) knows addresses only. By address, a
     * dependency has one name whatever the client library and the host's resolver.
     */
    String peer(String host, String address, int port) {
        if (port >= ephemeralLow && port <= ephemeralHigh) {
            return INBOUND;
        }
        String name = address == null || address.isEmpty() ? host : address;
        return (name == null || name.isEmpty() ? "unknown" : name) + ":" + port;
    }
}
