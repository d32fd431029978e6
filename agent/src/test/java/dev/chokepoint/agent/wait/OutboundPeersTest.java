package dev.chokepoint.agent.wait;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.function.LongSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/** Which remote address:port this process opened connections to, read from this JVM's own /proc. */
class OutboundPeersTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    /** The refreshes' clock, in nanoseconds: {@link #later} moves it past the once-a-second limit. */
    private long now;

    @Test
    void aConnectionThisProcessOpenedIsOutboundAndTheOneItAcceptedIsNot() throws IOException {
        try (ServerSocket server = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
             Socket client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
             Socket accepted = server.accept()) {
            OutboundPeers peers = new OutboundPeers(Path.of("/proc"), 50, registry, Duration.ZERO, () -> now);

            assertThat(peers.refresh()).isTrue();

            String peer = "127.0.0.1:" + server.getLocalPort();
            assertThat(connections(peer)).isEqualTo(1);
            assertThat(registry.find(OutboundPeers.METER).tag("peer", "127.0.0.1:" + client.getLocalPort()).gauge())
                    .as("the accepted end is inbound: its local port is one this process listens on").isNull();

            client.close();
            accepted.close();
            later(1);
            peers.refresh();
            assertThat(connections(peer)).as("a closed connection reads 0, its series stays").isZero();
        }
    }

    @Test
    void aRedisConnectionIsNamedByItsAddressAndPort() throws IOException {
        // The Redis that runs on these machines (RULES.md): a real peer on a port we do not listen on.
        try (Socket redis = new Socket("127.0.0.1", 6379)) {
            OutboundPeers peers = new OutboundPeers(Path.of("/proc"), 50, registry, Duration.ZERO, () -> now);
            peers.refresh();

            assertThat(connections("127.0.0.1:6379")).isEqualTo(1);
        }
    }

    @Test
    void theTablesAreReadAgainOnlyForANewSocketAndNotTooOften(@TempDir Path proc) throws IOException {
        Path fd = holdingSocket113(proc);
        tcp(proc, "113");
        OutboundPeers peers = new OutboundPeers(proc, 50, registry, Duration.ofHours(1), () -> now);

        assertThat(peers.refresh()).isTrue();
        assertThat(connections("127.0.0.1:6379")).as("the first refresh reads the tables").isEqualTo(1);

        tcp(proc, "113", "116");
        later(1);
        peers.refresh();
        assertThat(connections("127.0.0.1:6379")).as("same sockets: the tables are not read").isEqualTo(1);

        Files.createSymbolicLink(fd.resolve("8"), Path.of("socket:[116]"));
        later(1);
        peers.refresh();
        later(3);
        peers.refresh();
        assertThat(connections("127.0.0.1:6379")).as("a new socket that settled, but within the interval").isEqualTo(1);

        SimpleMeterRegistry other = new SimpleMeterRegistry();
        OutboundPeers eager = new OutboundPeers(proc, 50, other, Duration.ZERO, () -> now);
        eager.refresh();
        Files.delete(fd.resolve("8"));
        later(1);
        eager.refresh();
        assertThat(other.get(OutboundPeers.METER).tag("peer", "127.0.0.1:6379").gauge().value())
                .as("a closed connection is dropped at once").isEqualTo(1);
    }

    @Test
    void aSocketClosedBeforeItSettledIsNeverReadAndAClosedConnectionNeedsNoReading(@TempDir Path proc) throws IOException {
        Path fd = holdingSocket113(proc);
        tcp(proc, "113", "117>1538");
        OutboundPeers peers = new OutboundPeers(proc, 50, registry, Duration.ZERO, () -> now);
        peers.refresh();
        assertThat(connections("127.0.0.1:6379")).isEqualTo(1);

        // An inbound connection of a server under load: open for under a second, seen by one refresh.
        Files.createSymbolicLink(fd.resolve("9"), Path.of("socket:[117]"));
        later(1);
        peers.refresh();
        Files.delete(fd.resolve("9"));
        later(1);
        peers.refresh();
        assertThat(connections("127.0.0.1:5432")).as("a socket gone before it settled is not worth a reading").isNaN();

        Files.createSymbolicLink(fd.resolve("9"), Path.of("socket:[117]"));
        later(1);
        peers.refresh();
        later(1);
        peers.refresh();
        assertThat(connections("127.0.0.1:5432")).as("open for a second: not read yet").isNaN();
        peers.refresh();
        assertThat(connections("127.0.0.1:5432")).as("at most one refresh a second").isNaN();
        later(1);
        peers.refresh();
        assertThat(connections("127.0.0.1:5432")).as("open for " + OutboundPeers.SETTLE + ": read").isEqualTo(1);

        tcp(proc);
        Files.delete(fd.resolve("7"));
        later(1);
        peers.refresh();
        assertThat(connections("127.0.0.1:6379")).as("closed: dropped from the last reading, tables unread").isZero();
        assertThat(connections("127.0.0.1:5432")).isEqualTo(1);
    }

    @Test
    void aSlowListingSpacesTheNextOneByAHundredTimesItsDuration(@TempDir Path proc) throws IOException {
        Path fd = holdingSocket113(proc);
        tcp(proc, "113");
        // The clock's reads: at construction, then in a refresh its start, after the listing, after
        // the tables. Listing the descriptors takes 20 ms here, as tens of thousands of them would.
        OutboundPeers peers = new OutboundPeers(proc, 50, registry, Duration.ZERO, clockMoving(0, 0, 20, 0));
        peers.refresh();
        assertThat(connections("127.0.0.1:6379")).isEqualTo(1);

        Files.delete(fd.resolve("7"));
        later(1);
        peers.refresh();
        assertThat(connections("127.0.0.1:6379")).as("a second after a 20 ms listing: not listed again").isEqualTo(1);
        later(1);
        peers.refresh();
        assertThat(connections("127.0.0.1:6379")).as("two seconds after it: listed").isZero();
    }

    @Test
    void aSlowTableReadingSpacesTheNextOneByAHundredTimesItsDuration(@TempDir Path proc) throws IOException {
        Path fd = holdingSocket113(proc);
        tcp(proc, "113", "116>1538");
        // The tables take 50 ms, as a host holding tens of thousands of connections would.
        OutboundPeers peers = new OutboundPeers(proc, 50, registry, Duration.ZERO, clockMoving(0, 0, 0, 50));
        peers.refresh();
        Files.createSymbolicLink(fd.resolve("8"), Path.of("socket:[116]"));
        for (int second = 1; second <= 4; second++) {
            later(1);
            peers.refresh();
        }
        assertThat(connections("127.0.0.1:5432")).as("settled, but 4 s after a 50 ms reading: not read").isNaN();
        later(1);
        peers.refresh();
        assertThat(connections("127.0.0.1:5432")).as("5 s after it: read").isEqualTo(1);
    }

    /** A clock that moves on by these milliseconds at its next reads, then stands until {@link #later}. */
    private LongSupplier clockMoving(long... millis) {
        Deque<Long> steps = new ArrayDeque<>();
        for (long m : millis) {
            steps.add(Duration.ofMillis(m).toNanos());
        }
        return () -> now += steps.isEmpty() ? 0 : steps.poll();
    }

    /** A /proc whose process holds one socket, inode 113, as descriptor 7; its fd folder. */
    private static Path holdingSocket113(Path proc) throws IOException {
        Path fd = Files.createDirectories(proc.resolve("self/fd"));
        Files.createDirectories(proc.resolve("net"));
        Files.createSymbolicLink(fd.resolve("7"), Path.of("socket:[113]"));
        return fd;
    }

    private void later(int seconds) {
        now += Duration.ofSeconds(seconds).toNanos();
    }

    /**
     * /proc/net/tcp with one established connection per entry: an inode (to 127.0.0.1:6379) or
     * {@code inode>PORT} (to 127.0.0.1 on that port, in hex).
     */
    private static void tcp(Path proc, String... entries) throws IOException {
        StringBuilder table = new StringBuilder("  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n");
        for (int i = 0; i < entries.length; i++) {
            String[] inodePort = (entries[i] + ">18EB").split(">");
            table.append(String.format("   %d: 0100007F:D4%02X 0100007F:%s 01 00000000:00000000 00:00000000 00000000     0        0 %s 1%n",
                    i, 0x30 + i, inodePort[1], inodePort[0]));
        }
        Files.writeString(proc.resolve("net/tcp"), table);
    }

    @Test
    void procLinesAreDecodedForIpv4AndIpv6() {
        List<String> tcp = List.of(
                "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode",
                "   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 111 1",
                "   1: 0100007F:1F90 0100007F:D431 01 00000000:00000000 00:00000000 00000000     0        0 112 1",
                "   2: 0100007F:D432 0100007F:18EB 01 00000000:00000000 00:00000000 00000000     0        0 113 1",
                "   3: 0100007F:D433 0100007F:1538 01 00000000:00000000 00:00000000 00000000     0        0 999 1");
        List<String> tcp6 = List.of(
                "   0: 00000000000000000000000001000000:D434 0000000000000000FFFF00000100007F:0CEA 01 0:0 0:0 0 0 0 114 1",
                "   1: 00000000000000000000000001000000:D435 00000000000000000000000001000000:2382 01 0:0 0:0 0 0 0 115 1");

        assertThat(OutboundPeers.outbound(Set.of("111", "112", "113", "114", "115"), tcp, tcp6)).containsOnly(
                java.util.Map.entry("113", "127.0.0.1:6379"),      // ours, outbound
                java.util.Map.entry("114", "127.0.0.1:3306"),      // IPv4-mapped on an IPv6 socket
                java.util.Map.entry("115", "[0:0:0:0:0:0:0:1]:9090"));
        // 112 is the accepted end of our listener on 8080; 999 is another process's socket
    }

    private double connections(String peer) {
        Gauge g = registry.find(OutboundPeers.METER).tag("peer", peer).gauge();
        return g == null ? Double.NaN : g.value();
    }
}
