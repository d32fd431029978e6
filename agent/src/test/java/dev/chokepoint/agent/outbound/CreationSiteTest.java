package dev.chokepoint.agent.outbound;

import dev.chokepoint.agent.wait.StackSites.Frame;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class CreationSiteTest {

    private static final List<String> HTTP_CLIENT = List.of("org.apache.hc.", "org.apache.http.");

    @Test
    void aPoolIsNamedByTheApplicationFrameBelowTheLibrarysConstructorsAndBuilders() {
        List<Frame> frames = List.of(
                new Frame("dev.chokepoint.agent.outbound.CreationSite", "here"),
                new Frame("dev.chokepoint.agent.outbound.PoolConstructorProbe", "created"),
                new Frame("org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager", "<init>"),
                new Frame("org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder", "build"),
                new Frame("com.example.search.SearchClient", "<init>"),
                new Frame("com.example.Main", "main"));

        assertThat(CreationSite.of(frames, HTTP_CLIENT)).isEqualTo("com.example.search.SearchClient.<init>");
    }

    @Test
    void framesOfFrameworksAndGeneratedSuffixesAreSkippedAsForWaitSites() {
        List<Frame> frames = List.of(
                new Frame("org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager", "<init>"),
                new Frame("org.springframework.http.client.HttpComponentsClientHttpRequestFactory", "<init>"),
                new Frame("com.example.HttpConfig$$SpringCGLIB$$0", "restClient"));

        assertThat(CreationSite.of(frames, HTTP_CLIENT)).isEqualTo("com.example.HttpConfig.restClient");
    }

    @Test
    void aPoolMadeByAFrameworkAloneIsNamedByTheFrameworksFrame() {
        List<Frame> frames = List.of(
                new Frame("org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager", "<init>"),
                new Frame("org.springframework.boot.http.client.HttpComponentsClientHttpRequestFactoryBuilder", "createConnectionManager"),
                new Frame("java.lang.Thread", "run"));

        assertThat(CreationSite.of(frames, HTTP_CLIENT))
                .isEqualTo("org.springframework.boot.http.client.HttpComponentsClientHttpRequestFactoryBuilder.createConnectionManager");
    }
}
