package dev.chokepoint.agent.bootstrap;

import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

class ProbeMatchesTest {

    private final ProbeMatches matches = new ProbeMatches();

    @Test
    void theProbesThatMatchedATypeAreKnownForThatType() {
        matches.record("request", "org.apache.catalina.core.StandardHostValve");
        matches.record("tomcat", "org.apache.catalina.core.StandardHostValve");

        assertThat(matches.probesThatMatched("org.apache.catalina.core.StandardHostValve"))
                .containsExactly("request", "tomcat");
    }

    @Test
    void aLaterTypeReplacesTheRecord() {
        matches.record("request", "org.apache.catalina.core.StandardHostValve");
        matches.record("hikari", "com.zaxxer.hikari.pool.HikariPool");

        assertThat(matches.probesThatMatched("org.apache.catalina.core.StandardHostValve")).isEmpty();
        assertThat(matches.probesThatMatched("com.zaxxer.hikari.pool.HikariPool")).containsExactly("hikari");
    }

    @Test
    void matchesOnAnotherThreadDoNotCount() throws Exception {
        CompletableFuture.runAsync(() -> matches.record("jdbc", "org.postgresql.Driver")).get();

        assertThat(matches.probesThatMatched("org.postgresql.Driver")).isEmpty();
    }
}
