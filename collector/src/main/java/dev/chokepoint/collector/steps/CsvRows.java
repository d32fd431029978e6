package dev.chokepoint.collector.steps;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * Rows of a CSV file with a header line, read with Jackson's CSV parser (quoted fields such as
 * JMeter's response messages included). Columns are found by name; every error names
 * {@code file:line}, and those about the file's shape (empty, another kind of file, no header
 * line, a missing column) quote its first line and say what its {@link CsvFormat} expects and
 * how to write it.
 */
final class CsvRows implements AutoCloseable {

    private static final CsvMapper MAPPER = new CsvMapper().enable(CsvParser.Feature.WRAP_AS_ARRAY)
            .enable(CsvParser.Feature.SKIP_EMPTY_LINES).enable(CsvParser.Feature.TRIM_SPACES);

    private final Path file;
    private final CsvFormat format;
    private final Reader reader;
    private final MappingIterator<String[]> rows;
    private final Map<String, Integer> columns = new HashMap<>();
    private String[] current;
    private long line;

    private CsvRows(Path file, CsvFormat format) throws IOException, StepsException {
        this.file = file;
        this.format = format;
        if (!Files.isRegularFile(file)) {
            throw new NoSuchFileException(file.toString(), null, "no such file");
        }
        String firstLine = firstLine(file);
        if (firstLine == null) {
            throw new StepsException(file, 1, "empty file; expected " + format.what() + " starting with the header "
                    + "line " + format.header() + "; " + format.fix());
        }
        String recognized = format.recognize(firstLine);
        if (recognized != null) {
            throw new StepsException(file, 1, recognized + " (first line " + CsvFormat.excerpt(firstLine)
                    + "); expected " + format.what() + " starting with the header line " + format.header());
        }
        this.reader = reader(file);
        this.rows = MAPPER.readerFor(String[].class).readValues(reader);
        try {
            if (!next()) {
                throw new StepsException(file, 1, "no CSV rows; expected " + format.what() + "; " + format.fix());
            }
            checkHeader(firstLine);
        } catch (StepsException e) {
            close();
            throw e;
        }
    }

    private void checkHeader(String firstLine) throws StepsException {
        for (int i = 0; i < current.length; i++) {
            columns.put(current[i].toLowerCase(Locale.ROOT), i);
        }
        if (CsvFormat.looksLikeASample(current) && !has(format.required().get(0))) {
            throw new StepsException(file, 1, "the header line is missing: the first line "
                    + CsvFormat.excerpt(firstLine) + " is a sample (" + current.length + " fields, the first a "
                    + "number), not the column names; expected " + format.what() + " whose first line names "
                    + "its columns: " + format.header() + "; fix: " + format.headerlessFix());
        }
        for (String column : format.required()) {
            if (!has(column)) {
                throw new StepsException(file, 1, "no column '" + column + "' in the header line "
                        + CsvFormat.excerpt(firstLine) + "; expected " + format.what() + " with the columns "
                        + String.join(",", format.required()) + " (" + format.header() + "); fix: " + format.fix());
            }
        }
    }

    /** A gzip file ({@code .gz}: an archived run folder) is read through gunzip. */
    private static BufferedReader reader(Path file) throws IOException {
        if (!file.getFileName().toString().endsWith(".gz")) {
            return Files.newBufferedReader(file, StandardCharsets.UTF_8);
        }
        return new BufferedReader(new InputStreamReader(new GZIPInputStream(Files.newInputStream(file)), StandardCharsets.UTF_8));
    }

    /** The first line that is not blank (as the CSV parser skips blank lines), or null. */
    private static String firstLine(Path file) throws IOException {
        try (BufferedReader lines = reader(file)) {
            String line;
            while ((line = lines.readLine()) != null) {
                if (!line.isBlank()) {
                    return line;
                }
            }
            return null;
        }
    }

    static CsvRows open(Path file, CsvFormat format) throws IOException, StepsException {
        return new CsvRows(file, format);
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
            throw new StepsException(file, rows.getCurrentLocation().getLineNr(), "not valid CSV (" + e.getMessage()
                    + "); expected " + format.what() + "; " + format.fix());
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
