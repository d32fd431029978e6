package dev.chokepoint.collector.hostview;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One line of {@code /proc/net/tcp} or {@code /proc/net/tcp6}: the socket's two ends, its state and
 * its inode (what {@code /proc/PID/fd} links name as {@code socket:[inode]}).
 */
record TcpSocket(InetAddress localAddress, int localPort, InetAddress remoteAddress, int remotePort, boolean listening,
                 boolean established, long inode) {

    private static final String LISTEN = "0A";
    private static final String ESTABLISHED = "01";

    /** Both tables, IPv4 and IPv6; a table that cannot be read adds nothing. */
    static List<TcpSocket> readAll(Path proc) {
        List<TcpSocket> out = new ArrayList<>();
        for (String table : List.of("net/tcp", "net/tcp6")) {
            try {
                for (String line : Files.readAllLines(proc.resolve(table))) {
                    TcpSocket socket = parse(line);
                    if (socket != null) {
                        out.add(socket);
                    }
                }
            } catch (IOException e) {
                // No IPv6 on this host, or no /proc: nothing to add.
            }
        }
        return out;
    }

    /** One table line; null for the header or a line of another shape. */
    static TcpSocket parse(String line) {
        String[] f = line.trim().split("\\s+");
        if (f.length < 10 || !f[0].endsWith(":") || !f[1].contains(":")) {
            return null;
        }
        try {
            String[] local = f[1].split(":");
            String[] remote = f[2].split(":");
            return new TcpSocket(address(local[0]), Integer.parseInt(local[1], 16), address(remote[0]),
                    Integer.parseInt(remote[1], 16), f[3].equals(LISTEN), f[3].equals(ESTABLISHED), Long.parseLong(f[9]));
        } catch (RuntimeException | UnknownHostException e) {
            return null;
        }
    }

    /** The kernel prints each 32-bit word of an address in the host's byte order (little-endian here). */
    static InetAddress address(String hex) throws UnknownHostException {
        byte[] bytes = new byte[hex.length() / 2];
        for (int word = 0; word < bytes.length / 4; word++) {
            for (int i = 0; i < 4; i++) {
                int at = word * 8 + (3 - i) * 2;
                bytes[word * 4 + i] = (byte) Integer.parseInt(hex.substring(at, at + 2), 16);
            }
        }
        return InetAddress.getByAddress(bytes);
    }

    /** The host:port the remote end has, as a client that connected there would name it. */
    String remote() {
        String host = remoteAddress.getHostAddress();
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + remotePort;
    }
}
