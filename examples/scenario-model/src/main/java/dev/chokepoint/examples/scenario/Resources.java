package dev.chokepoint.examples.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The resource ids a scenario may expect: those the default rule files declare (read from the
 * chokepoint-rules jar, the same files the collector loads, so a resource added as YAML is known
 * here too), plus {@code none}, the verdict of a step that was not limited.
 */
public final class Resources {

    private static final String RULES = "chokepoint/rules/";

    public static final List<String> IDS = read();

    private Resources() {
    }

    public static boolean isKnown(String id) {
        return IDS.contains(id);
    }

    private static List<String> read() {
        List<String> ids = new ArrayList<>();
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        for (String file : text(RULES + "index").lines().map(String::strip)
                .filter(l -> !l.isEmpty() && !l.startsWith("#")).toList()) {
            try {
                yaml.readTree(text(RULES + file)).path("resources").forEach((JsonNode r) -> ids.add(r.path("id").asText()));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + RULES + file, e);
            }
        }
        ids.add("none");
        return List.copyOf(ids);
    }

    private static String text(String resource) {
        try (InputStream in = Resources.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " missing from the class path (the chokepoint-rules jar)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
