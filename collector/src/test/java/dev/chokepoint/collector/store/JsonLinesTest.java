package dev.chokepoint.collector.store;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Where a JSON-lines file of a run folder ends. */
class JsonLinesTest {

    @TempDir
    Path dir;

    private List<String> read(byte[] content) throws IOException {
        Path file = dir.resolve("x.jsonl");
        Files.write(file, content);
        List<String> values = new ArrayList<>();
        JsonLines.read(file, line -> {
            line.nextToken();
            return values.add(line.getText());
        });
        return values;
    }

    private List<String> read(String content) throws IOException {
        return read(content.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void blankLinesAreSkippedAndWhatFollowsAValueOnItsLineIsNotRead() throws IOException {
        assertThat(read("\"a\"\n\n  \r\n\"b\" }{\n \"c\"\r\n")).containsExactly("a", "b", "c");
    }

    @Test
    void theFirstLineThatDoesNotParseEndsTheFile() throws IOException {
        assertThat(read("\"a\"\n\"b\n\"c\"\n")).containsExactly("a");
    }

    @Test
    void aLineWithAByteThatIsNotUtf8EndsTheFile() throws IOException {
        assertThat(read(new byte[] {'"', 'a', '"', '\n', '"', (byte) 0xC3, '"', '\n', '"', 'c', '"', '\n'}))
                .containsExactly("a");
    }

    @Test
    void aLineTheReaderRefusesEndsTheFile() throws IOException {
        Path file = dir.resolve("x.jsonl");
        Files.writeString(file, "1\n2\n3\n");
        List<Integer> values = new ArrayList<>();
        JsonLines.read(file, line -> {
            line.nextToken();
            return line.getIntValue() != 2 && values.add(line.getIntValue());
        });
        assertThat(values).containsExactly(1);
    }

    @Test
    void aMissingFileHasNoLines() throws IOException {
        List<String> values = new ArrayList<>();
        JsonLines.read(dir.resolve("none.jsonl"), line -> values.add("x"));
        assertThat(values).isEmpty();
    }
}
