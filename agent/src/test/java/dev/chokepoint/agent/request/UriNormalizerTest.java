package dev.chokepoint.agent.request;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class UriNormalizerTest {

    private final UriNormalizer normalizer = new UriNormalizer();

    @Test
    void idSegmentsBecomePlaceholders() {
        assertThat(normalizer.apply("/items/42")).isEqualTo("/items/{id}");
        assertThat(normalizer.apply("/orders/3f2a9c1e-77b0-4c1e-9a8e-0c2d4e6f8a0b/lines/7"))
                .isEqualTo("/orders/{id}/lines/{id}");
        assertThat(normalizer.apply("/blobs/deadbeef01")).isEqualTo("/blobs/{id}");
    }

    @Test
    void wordsStay() {
        assertThat(normalizer.apply("/stores/north/v2")).isEqualTo("/stores/north/v2");
        assertThat(normalizer.apply("/cafe")).isEqualTo("/cafe");
    }

    @Test
    void matrixParametersAndTrailingSlashGo() {
        assertThat(normalizer.apply("/cart;jsessionid=ABC123/")).isEqualTo("/cart");
    }

    @Test
    void depthIsCapped() {
        assertThat(normalizer.apply("/a/b/c/d/e/f/g/h")).isEqualTo("/a/b/c/d/e/f/**");
    }

    @Test
    void rootAndEmptyAreRoot() {
        assertThat(normalizer.apply("/")).isEqualTo("/");
        assertThat(normalizer.apply("")).isEqualTo("/");
    }
}
