package dev.chokepoint.collector.steps;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Rows of a CSV file with a header line, read with Jackson's CSV parser (quoted fields such as
 * JMeter's response messages included). Columns are found by name; every error names
 * {@code file:line}.
 */
final class CsvRows implements AutoCloseable {

    private static final CsvMapper MAPPER = new CsvMapper().enable(CsvParser.Feature.WRAP_AS_ARRAY)
            .enable(CsvParser.Feature.SKIP_EMPTY_LINES).enable(CsvParser.Feature.TRIM_SPACES);

    private final Path file;
    private final Reader reader;
    private final MappingIterator<String[]> rows;
    private final Map<String, Integer> columns = new HashMap<>();
    private String[] current;
    private long line;

    private CsvRows(Path file, List<String> required) throws IOException, StepsException {
        this.file = file;
        if (!Files.isRegularFile(file)) {
            throw new NoSuchFileException(file.toString(), null, "no such file");
        }
        this.reader = Files.newBufferedReader(file, StandardCharsets.UTF_8);
        this.rows = MAPPER.readerFor(String[].class).readValues(reader);
        if (!next()) {
            close();
            throw new StepsException(file, 1, "empty file; expected a header line " + String.join(",", required));
        }
        for (int i = 0; i < current.length; i++) {
            columns.put(current[i].toLowerCase(Locale.ROOT), i);
        }
        for (String column : required) {
            if (!columns.containsKey(column.toLowerCase(Locale.ROOT))) {
                close();
                throw new StepsException(file, 1, "no column '" + column + "' in the header; expected "
                        + String.join(",", required));
            }
        }
    }

    static CsvRows open(Path file, List<String> requiredColumns) throws IOException, StepsException {
        return new CsvRows(file, requiredColumns);
    }

    boolean next() throws StepsException {
        try {
            if (!rows.hasNextValue()) {
                return false;
            }
            // The CSV parser's token location is where the previous row ended, one line up.
            line = rows.getParser().currentTokenLocation().getLineNr() + 1;
            current = rows.nextValue();
            return true;
        } catch (IOException | RuntimeException e) {
            throw new StepsException(file, rows.getCurrentLocation().getLineNr(), "not valid CSV: " + e.getMessage());
        }
    }

    boolean has(String column) {
        return columns.containsKey(column.toLowerCase(Locale.ROOT));
    }

    String text(String column) throws StepsException {
        int index = columns.get(column.toLowerCase(Locale.ROOT));
        if (index >= current.length) {
            throw error("missing field '" + column + "' (" + current.length + " fields on the line)");
        }
        return current[index];
    }

    long longValue(String column) throws StepsException {
        String text = text(column);
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw error(column + " must be a whole number, got '" + text + "'");
        }
    }

    double doubleValue(String column) throws StepsException {
        String text = text(column);
        try {
            double value = Double.parseDouble(text);
            if (Double.isNaN(value) || Double.isInfinite(value)) {
                throw new NumberFormatException();
            }
            return value;
        } catch (NumberFormatException e) {
            throw error(column + " must be a number, got '" + text + "'");
        }
    }

    StepsException error(String message) {
        return new StepsException(file, line, message);
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }
}
