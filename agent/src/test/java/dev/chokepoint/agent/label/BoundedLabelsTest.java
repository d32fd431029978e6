package dev.chokepoint.agent.label;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BoundedLabelsTest {

    @Test
    void givenMoreDistinctValuesThanTheCap_thenTheRestAreOther() {
        BoundedLabels labels = new BoundedLabels(3, 10, raw -> raw.toUpperCase());

        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            seen.add(labels.label("value-" + i));
        }

        assertThat(seen).containsExactlyInAnyOrder("VALUE-0", "VALUE-1", "VALUE-2", BoundedLabels.OTHER);
        assertThat(labels.size()).isEqualTo(3);
        assertThat(labels.label("value-1")).isEqualTo("VALUE-1");
    }

    @Test
    void rawValuesNormalizingToTheSameLabelShareIt() {
        BoundedLabels labels = new BoundedLabels(2, 100, raw -> raw.replaceAll("[0-9]+", "?"));

        assertThat(labels.label("id=1")).isEqualTo("id=?");
        assertThat(labels.label("id=22")).isEqualTo("id=?");
        assertThat(labels.size()).isEqualTo(1);
    }

    @Test
    void nullIsOther() {
        BoundedLabels labels = new BoundedLabels(2, 2, raw -> raw);

        assertThat(labels.label(null)).isEqualTo(BoundedLabels.OTHER);
        assertThat(labels.admit(null)).isEqualTo(BoundedLabels.OTHER);
    }

    @Test
    void aCapBelowOneIsRejectedWithTheValues() {
        assertThatThrownBy(() -> new BoundedLabels(0, 1, raw -> raw))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("got 0 and 1");
    }
}
