package dev.chokepoint.agent.wait;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SocketPeersTest {

    private final SocketPeers peers = new SocketPeers(32768, 60999);

    @Test
    void aListeningPortNamesTheDependencyByHostOrAddress() {
        assertThat(peers.peer("", "127.0.0.1", 6379)).isEqualTo("127.0.0.1:6379");
        assertThat(peers.peer("search.internal", "10.1.2.3", 9200)).isEqualTo("search.internal:9200");
    }

    @Test
    void anEphemeralRemotePortIsAnInboundClient() {
        assertThat(peers.peer("", "127.0.0.1", 45123)).isEqualTo(SocketPeers.INBOUND);
        assertThat(peers.peer("", "127.0.0.1", 32768)).isEqualTo(SocketPeers.INBOUND);
        assertThat(peers.peer("", "127.0.0.1", 61000)).isEqualTo("127.0.0.1:61000");
    }
}
