package dev.chokepoint.collector.store;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A JSON-lines file of the run folder, read line by line with a streaming parser up to the first
 * line that does not parse or is not the next one: a last line cut short by a kill, or damage,
 * after which nothing in the file can be trusted to line up with the samples. A parser per line
 * instead of a tree per line: a fleet's dictionary holds 20 000 lines, and building and then
 * walking a tree for each cost more CPU (and JIT compilation) than the rest of reading it.
 */
final class JsonLines {

    private static final JsonFactory FACTORY = new JsonFactory();

    /** What reads one line. */
    interface Line {

        /**
         * Reads the line's value from a parser that has not yet read its first token. False, or a
         * {@link JsonProcessingException}, ends the file before this line; trailing content
         * after the value is never read.
         */
        boolean read(JsonParser line) throws IOException;
    }

    private JsonLines() {
    }

    /** Every line of the file in turn, up to the first damaged one; a missing file has none. */
    static void read(Path file, Line reader) throws IOException {
        if (!Files.exists(file)) {
            return;
        }
        // Decoded leniently: a damaged byte becomes U+FFFD, and its line ends the file like any other damage.
        String[] lines = new String(Files.readAllBytes(file), StandardCharsets.UTF_8).split("\n", -1);
        for (String line : lines) {
            if (line.isBlank()) {
                continue;
            }
            if (line.indexOf('\uFFFD') >= 0) {
                return;
            }
            try (JsonParser parser = FACTORY.createParser(line)) {
                if (!reader.read(parser)) {
                    return;
                }
            } catch (JsonProcessingException damaged) {
                return;
            }
        }
    }
}
