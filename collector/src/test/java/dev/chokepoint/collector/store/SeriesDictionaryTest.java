package dev.chokepoint.collector.store;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** series.jsonl lines as the writer writes them and as a hand or a disk may leave them. */
class SeriesDictionaryTest {

    private static final List<String> TARGETS = List.of("a", "b");

    @TempDir
    Path dir;

    private List<SeriesDictionary.Entry> read(String... lines) throws IOException {
        Path file = dir.resolve(RunFiles.SERIES);
        Files.writeString(file, String.join("\n", lines) + "\n");
        return SeriesDictionary.read(file, TARGETS);
    }

    @Test
    void fieldsAreReadInAnyOrderAndUnknownOnesIgnored() throws IOException {
        List<SeriesDictionary.Entry> entries = read(
                "{\"id\":0,\"target\":1,\"name\":\"up\",\"labels\":{\"pool\":\"p\"}}",
                "{\"labels\":{\"b\":\"2\",\"a\":\"1\"},\"extra\":{\"x\":[1,{}]},\"name\":\"down\",\"target\":0,\"id\":1}",
                "{\"id\":2,\"target\":0,\"name\":\"bare\"}");

        assertThat(entries).containsExactly(
                new SeriesDictionary.Entry(SeriesKey.of("b", "up", Map.of("pool", "p")), 1),
                new SeriesDictionary.Entry(SeriesKey.of("a", "down", Map.of("a", "1", "b", "2")), 0),
                new SeriesDictionary.Entry(SeriesKey.of("a", "bare", Map.of()), 0));
    }

    @Test
    void aScalarLabelValueIsReadAsTheStringOfItsJavaValueAndNullStaysNull() throws IOException {
        SeriesKey key = read("{\"id\":0,\"target\":0,\"name\":\"x\",\"labels\":"
                + "{\"int\":5,\"float\":1.50,\"big\":123456789012345678901,\"flag\":true,\"none\":null}}").get(0).key();

        Map<String, String> expected = new HashMap<>(Map.of("int", "5", "float", "1.5", "big", "123456789012345678901",
                "flag", "true"));
        expected.put("none", null);
        assertThat(key.labels()).isEqualTo(expected);
    }

    @Test
    void aLabelThatIsNotAScalarFailsTheReadOnceTheLineIsOtherwiseTheNextSeries() throws IOException {
        assertThatThrownBy(() -> read("{\"id\":0,\"target\":0,\"name\":\"x\",\"labels\":{\"a\":{}}}"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> read("{\"id\":0,\"target\":0,\"name\":\"x\",\"labels\":[]}"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(read("{\"labels\":{\"a\":{}},\"id\":5,\"target\":0,\"name\":\"x\"}")).isEmpty();
    }

    @Test
    void theDictionaryEndsAtTheFirstLineThatIsNotTheNextSeries() throws IOException {
        String first = "{\"id\":0,\"target\":0,\"name\":\"x\"}";

        assertThat(read(first, "{\"id\":2,\"target\":0,\"name\":\"y\"}", "{\"id\":1,\"target\":0,\"name\":\"z\"}"))
                .hasSize(1);
        assertThat(read(first, "{\"id\":1,\"target\":2,\"name\":\"y\"}")).hasSize(1);
        assertThat(read(first, "{\"id\":1,\"target\":-1,\"name\":\"y\"}")).hasSize(1);
        assertThat(read(first, "{\"id\":1,\"name\":\"y\"}")).hasSize(1);
        assertThat(read(first, "{\"id\":1,\"target\":0,\"name\":null}")).hasSize(1);
        assertThat(read(first, "[1]", "{\"id\":1,\"target\":0,\"name\":\"y\"}")).hasSize(1);
        assertThat(read(first, "{\"id\":1,\"target\":0,\"name\":\"y\",\"labels\":{\"a\":\"b\"")).hasSize(1);
    }

    @Test
    void idAndTargetAreReadAsJsonNodeAsIntReadThemAndTheLastOfARepeatedFieldCounts() throws IOException {
        List<SeriesDictionary.Entry> entries = read(
                "{\"id\":\"0\",\"target\":1.9,\"name\":7}",
                "{\"id\":0,\"id\":1,\"target\":true,\"name\":null,\"name\":\"y\"}");

        assertThat(entries).containsExactly(
                new SeriesDictionary.Entry(SeriesKey.of("b", "7", Map.of()), 1),
                new SeriesDictionary.Entry(SeriesKey.of("b", "y", Map.of()), 1));
    }
}
