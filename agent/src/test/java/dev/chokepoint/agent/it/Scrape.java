package dev.chokepoint.agent.it;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.stream.Collectors;

/**
 * One scrape of the agent's endpoint in the Prometheus text format, parsed into samples so tests
 * can ask for a series by name and labels.
 */
public final class Scrape {

    /** One line of the exposition: {@code name{labels} value}. */
    public static final class Sample {
        public final String name;
        public final Map<String, String> labels;
        public final double value;

        Sample(String name, Map<String, String> labels, double value) {
            this.name = name;
            this.labels = Collections.unmodifiableMap(labels);
            this.value = value;
        }

        @Override
        public String toString() {
            return name + labels + " " + value;
        }
    }

    private final String text;
    private final List<Sample> samples;

    private Scrape(String text, List<Sample> samples) {
        this.text = text;
        this.samples = samples;
    }

    public static Scrape parse(String text) {
        List<Sample> samples = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (!line.isBlank() && !line.startsWith("#")) {
                samples.add(parseLine(line));
            }
        }
        return new Scrape(text, samples);
    }

    public String text() {
        return text;
    }

    public List<Sample> samples() {
        return samples;
    }

    /** Every sample named exactly {@code name}. */
    public List<Sample> series(String name) {
        return samples.stream().filter(sample -> sample.name.equals(name)).collect(Collectors.toList());
    }

    public boolean has(String name) {
        return samples.stream().anyMatch(sample -> sample.name.equals(name));
    }

    /**
     * The value of the sample named {@code name} whose labels include the given pairs
     * ({@code "uri", "/burn", "method", "GET"}), or empty when there is none.
     */
    public OptionalDouble value(String name, String... labelPairs) {
        return series(name).stream().filter(sample -> matches(sample, labelPairs))
                .mapToDouble(sample -> sample.value).findFirst();
    }

    /** The sum over all samples named {@code name} whose labels include the given pairs. */
    public double sum(String name, String... labelPairs) {
        return series(name).stream().filter(sample -> matches(sample, labelPairs))
                .mapToDouble(sample -> sample.value).sum();
    }

    private static boolean matches(Sample sample, String... labelPairs) {
        for (int i = 0; i + 1 < labelPairs.length; i += 2) {
            if (!labelPairs[i + 1].equals(sample.labels.get(labelPairs[i]))) {
                return false;
            }
        }
        return true;
    }

    private static Sample parseLine(String line) {
        int brace = line.indexOf('{');
        int space;
        Map<String, String> labels = new LinkedHashMap<>();
        String name;
        if (brace >= 0 && brace < line.indexOf(' ')) {
            name = line.substring(0, brace);
            int end = parseLabels(line, brace + 1, labels);
            space = line.indexOf(' ', end);
        } else {
            space = line.indexOf(' ');
            name = line.substring(0, space);
        }
        String rest = line.substring(space + 1).trim();
        int timestamp = rest.indexOf(' ');
        String value = timestamp < 0 ? rest : rest.substring(0, timestamp);
        return new Sample(name, labels, parseValue(value));
    }

    /** Reads {@code a="x",b="y"} up to the closing brace; returns the index after it. */
    private static int parseLabels(String line, int from, Map<String, String> into) {
        int i = from;
        while (line.charAt(i) != '}') {
            int equals = line.indexOf('=', i);
            String key = line.substring(i, equals).trim();
            StringBuilder value = new StringBuilder();
            int j = equals + 2; // skip ="
            while (line.charAt(j) != '"') {
                char c = line.charAt(j);
                if (c == '\\') {
                    char escaped = line.charAt(++j);
                    value.append(escaped == 'n' ? '\n' : escaped);
                } else {
                    value.append(c);
                }
                j++;
            }
            into.put(key, value.toString());
            i = j + 1;
            if (line.charAt(i) == ',') {
                i++;
            }
        }
        return i + 1;
    }

    private static double parseValue(String value) {
        switch (value) {
            case "+Inf":
                return Double.POSITIVE_INFINITY;
            case "-Inf":
                return Double.NEGATIVE_INFINITY;
            case "NaN":
                return Double.NaN;
            default:
                return Double.parseDouble(value);
        }
    }
}
