package dev.chokepoint.agent.jdbc;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Which host:port a JDBC URL connects to, as the socket wait meter will name its peer. */
class DatabasePeersTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', nullValues = "none", value = {
            "jdbc:postgresql://127.0.0.1:5432/test?currentSchema=market | 127.0.0.1:5432",
            "jdbc:postgresql://db.internal/test                          | db.internal:5432",
            "jdbc:mariadb://127.0.0.1:3306/test                          | 127.0.0.1:3306",
            "jdbc:mysql://primary:3307,replica:3308/shop                 | primary:3307",
            "jdbc:sqlserver://sql01:1444;databaseName=shop               | sql01:1444",
            "jdbc:oracle:thin:@ora01:1522:ORCL                           | ora01:1522",
            "jdbc:oracle:thin:@//ora02/service                           | ora02:1521",
            "jdbc:h2:tcp://localhost:9123/./market                       | localhost:9123",
            "jdbc:postgresql://[::1]:5433/test                           | [::1]:5433",
            "jdbc:h2:mem:test                                            | none",
            "jdbc:sqlite:/tmp/x.db                                       | none",
            "not a url                                                   | none"})
    void peerOfAUrl(String url, String peer) {
        assertThat(DatabasePeers.peer(url)).isEqualTo(peer);
    }

    @Test
    void peersAreCappedSoAUrlPerTenantCannotGrowTheScrape() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        DatabasePeers peers = new DatabasePeers();
        peers.bindTo(registry);

        for (int i = 0; i < 3 * DatabasePeers.MAX_PEERS; i++) {
            peers.connecting("jdbc:postgresql://tenant-" + i + ":5432/db");
        }

        assertThat(registry.find(DatabasePeers.METER).gauges()).hasSize(DatabasePeers.MAX_PEERS);
    }
}
