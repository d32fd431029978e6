package dev.chokepoint.collector.hostview;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Lines as this machine's kernel prints them in /proc/net/tcp and tcp6. */
class TcpSocketTest {

    @Test
    void readsAnIpv4Listener() {
        TcpSocket s = TcpSocket.parse("   0: 0100007F:107E 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 6661 1 0000000009e91e25 100 0 0 10 0");

        assertThat(s.localAddress().getHostAddress()).isEqualTo("127.0.0.1");
        assertThat(s.localPort()).isEqualTo(4222);
        assertThat(s.listening()).isTrue();
        assertThat(s.inode()).isEqualTo(6661);
    }

    @Test
    void readsAnIpv4MappedConnectionOfTcp6AsIpv4() {
        TcpSocket s = TcpSocket.parse("   5: 0000000000000000FFFF00000100007F:C482 0000000000000000FFFF00000100007F:1538 01 00000000:00000000 00:00000000 00000000     0        0 273999 1 0000000077b2c48e 20 4 30 10 -1");

        assertThat(s.established()).isTrue();
        assertThat(s.remote()).isEqualTo("127.0.0.1:5432");
        assertThat(s.remoteAddress().isLoopbackAddress()).isTrue();
    }

    @Test
    void readsAnIpv6LoopbackAndSkipsTheHeader() {
        TcpSocket s = TcpSocket.parse("   2: 00000000000000000000000001000000:1538 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000   106        0 7210 1 0000000000000000 100 0 0 10 0");

        assertThat(s.localAddress().isLoopbackAddress()).isTrue();
        assertThat(s.localPort()).isEqualTo(5432);
        assertThat(TcpSocket.parse("  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode")).isNull();
    }
}
