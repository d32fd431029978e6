package dev.chokepoint.examples.market.search;

import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestClient;

import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;

/** The remote dependency: turns a search text into a vector (an embedding server). */
@Component
public class EmbeddingClient {

    private final RestClient rest;

    public EmbeddingClient(RestClient.Builder builder, SearchProperties properties) {
        Duration timeout = Duration.ofMillis(properties.timeoutMs());
        // HTTP/1.1 explicitly: the JDK client would otherwise offer an h2c upgrade on every call.
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(timeout).build();
        JdkClientHttpRequestFactory requests = new JdkClientHttpRequestFactory(http);
        requests.setReadTimeout(timeout);
        this.rest = builder.baseUrl(properties.remoteUrl().toString()).requestFactory(requests).build();
    }

    public List<Double> embed(String text) {
        Embedding embedding = rest.get().uri(uri -> uri.path("/embed").queryParam("q", text).build())
                .retrieve().body(Embedding.class);
        if (embedding == null || embedding.vector() == null || embedding.vector().isEmpty()) {
            throw new IllegalStateException("the embedding service answered without a vector");
        }
        return embedding.vector();
    }

    record Embedding(List<Double> vector) {
    }
}
