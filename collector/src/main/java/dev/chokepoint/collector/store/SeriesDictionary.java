package dev.chokepoint.collector.store;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.NumberInput;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code series.jsonl} read back: one line {@code {"id":N,"target":T,"name":"...","labels":{...}}}
 * per series, in id order. It ends at the first line whose id is not the next, whose target is
 * not one of the run's or that has no name: a damaged line, and the samples that need more end
 * with it. Fields are read as the Jackson tree this replaced read them ({@code JsonNode.asInt},
 * {@code asText}, a {@code Map<String, String>} for the labels), so a folder edited by hand reads
 * as it did: fields in any order, unknown ones ignored, the last of a repeated one counts.
 */
final class SeriesDictionary {

    /** One series and the index of its target in the run's targets. */
    record Entry(SeriesKey key, int target) {
    }

    private SeriesDictionary() {
    }

    static List<Entry> read(Path file, List<String> targets) throws IOException {
        List<Entry> entries = new ArrayList<>();
        JsonLines.read(file, line -> {
            Entry entry = entry(line, entries.size(), targets);
            return entry != null && entries.add(entry);
        });
        return entries;
    }

    /** The line's series if it is series {@code next}, else null. */
    private static Entry entry(JsonParser line, int next, List<String> targets) throws IOException {
        if (line.nextToken() != JsonToken.START_OBJECT) {
            return null;
        }
        Integer id = null;
        Integer target = null;
        String name = null;
        boolean hasLabels = false;
        Map<String, String> labels = null;
        while (line.nextToken() == JsonToken.FIELD_NAME) {
            String field = line.currentName();
            line.nextToken();
            switch (field) {
                case "id" -> id = asInt(line);
                case "target" -> target = asInt(line);
                case "name" -> name = asText(line);
                case "labels" -> {
                    hasLabels = true;
                    labels = labels(line);
                }
                default -> line.skipChildren();
            }
        }
        if (id == null || id != next || target == null || target < 0 || target >= targets.size() || name == null) {
            return null;
        }
        if (hasLabels && labels == null) {
            // Not damage a kill or a disk leaves (the writer only writes objects of strings), and it
            // failed the analysis before the streaming reader, with Jackson's conversion error.
            throw new IllegalArgumentException("the labels of series " + id + " in " + RunFiles.SERIES
                    + " are not an object of strings, numbers, booleans or nulls");
        }
        return new Entry(SeriesKey.of(targets.get(target), name, hasLabels ? labels : Map.of()), target);
    }

    /** The labels object, or null if the value is something else or one of its values is an object or array. */
    private static Map<String, String> labels(JsonParser line) throws IOException {
        if (line.currentToken() != JsonToken.START_OBJECT) {
            line.skipChildren();
            return null;
        }
        Map<String, String> labels = new TreeMap<>();
        boolean convertible = true;
        while (line.nextToken() == JsonToken.FIELD_NAME) {
            String label = line.currentName();
            JsonToken value = line.nextToken();
            if (value.isStructStart()) {
                line.skipChildren();
                convertible = false;
            } else {
                labels.put(label, asText(line)); // a JSON null stays a null value, as the Map conversion left it
            }
        }
        return convertible ? labels : null;
    }

    /** {@code JsonNode.asInt()}: a number's int value (cut to 32 bits), a numeric string parsed, true 1, else 0. */
    private static int asInt(JsonParser line) throws IOException {
        return switch (line.currentToken()) {
            case VALUE_NUMBER_INT -> line.getNumberValue().intValue();
            case VALUE_NUMBER_FLOAT -> (int) line.getDoubleValue();
            case VALUE_STRING -> NumberInput.parseAsInt(line.getText(), 0);
            case VALUE_TRUE -> 1;
            default -> {
                line.skipChildren();
                yield 0;
            }
        };
    }

    /**
     * A scalar as {@code JsonNode.asText()} prints it (numbers by their Java value, not as written:
     * {@code 1.50} is "1.5"); "" for an object or array; null for a JSON null.
     */
    private static String asText(JsonParser line) throws IOException {
        return switch (line.currentToken()) {
            case VALUE_STRING -> line.getText();
            case VALUE_NUMBER_INT -> line.getNumberValue().toString();
            case VALUE_NUMBER_FLOAT -> Double.toString(line.getDoubleValue());
            case VALUE_TRUE -> "true";
            case VALUE_FALSE -> "false";
            case VALUE_NULL -> null;
            default -> {
                line.skipChildren();
                yield "";
            }
        };
    }
}
