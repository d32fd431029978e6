package dev.chokepoint.collector.signals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Durations as Go's time.ParseDuration and Prometheus write them. */
class DurationTextTest {

    @ParameterizedTest(name = "{0} = {1} ms")
    @CsvSource({
        "500ms, 500",
        "90s, 90000",
        "1m30s, 90000",
        "1h, 3600000",
        "1h30m, 5400000",
        "1.5h, 5400000",
        "1.5s, 1500",
        ".5s, 500",
        "2m, 120000",
        "1d, 86400000",
        "1w, 604800000",
        "0, 0",
        "0s, 0",
        "' 30s ', 30000",
        "1s500ms, 1500",
    })
    void readsGoAndPrometheusDurations(String text, long millis) {
        assertThat(DurationText.parse(text)).isEqualTo(Duration.ofMillis(millis));
    }

    @Test
    void subMillisecondUnitsKeepTheirPrecision() {
        assertThat(DurationText.parse("250us")).isEqualTo(Duration.ofNanos(250_000));
        assertThat(DurationText.parse("250µs")).isEqualTo(Duration.ofNanos(250_000));
        assertThat(DurationText.parse("10ns")).isEqualTo(Duration.ofNanos(10));
    }

    @Test
    void aNumberWithoutAUnitSaysWhichUnitsItCouldMean() {
        assertThatThrownBy(() -> DurationText.parse("30"))
                .hasMessage("'30' has no unit; write a number and a unit, e.g. 30s or 30ms");
    }

    @Test
    void otherTextSaysHowToWriteADuration() {
        for (String bad : new String[] {"fast", "", "1x", "s", "1m 30s", "1M", "30sec", "1h-5m"}) {
            assertThatThrownBy(() -> DurationText.parse(bad)).as(bad)
                    .hasMessageContaining("is not a duration; write a number and a unit, e.g. 500ms, 30s, 1m30s or 1h");
        }
        assertThatThrownBy(() -> DurationText.parse("-5s")).hasMessageContaining("is negative");
        assertThatThrownBy(() -> DurationText.parse("999999999999w")).hasMessageContaining("too long");
    }

    @ParameterizedTest
    @CsvSource({"90000, 1m30s", "500, 500ms", "3600000, 1h", "1500, 1s500ms", "0, 0", "5400000, 1h30m"})
    void formatsWhatItReadsBack(long millis, String text) {
        assertThat(DurationText.format(Duration.ofMillis(millis))).isEqualTo(text);
        assertThat(DurationText.parse(text)).isEqualTo(Duration.ofMillis(millis));
    }
}
