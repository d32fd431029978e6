package dev.chokepoint.agent.wait;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SocketPeersTest {

    private final SocketPeers peers = new SocketPeers(32768, 60999);

    @Test
    void aListeningPortNamesTheDependencyByAddressWhateverTheHostName() {
        assertThat(peers.peer("", "127.0.0.1", 6379)).isEqualTo("127.0.0.1:6379");
        // a blocking socket's host is JFR's reverse lookup: Jedis's 127.0.0.1 came as localhost
        assertThat(peers.peer("localhost", "127.0.0.1", 6379)).isEqualTo("127.0.0.1:6379");
        assertThat(peers.peer("search.internal", "10.1.2.3", 9200)).isEqualTo("10.1.2.3:9200");
        assertThat(peers.peer("search.internal", "", 9200)).isEqualTo("search.internal:9200");
    }

    @Test
    void anEphemeralRemotePortIsAnInboundClient() {
        assertThat(peers.peer("", "127.0.0.1", 45123)).isEqualTo(SocketPeers.INBOUND);
        assertThat(peers.peer("", "127.0.0.1", 32768)).isEqualTo(SocketPeers.INBOUND);
        assertThat(peers.peer("", "127.0.0.1", 61000)).isEqualTo("127.0.0.1:61000");
    }
}
