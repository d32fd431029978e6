package dev.chokepoint.collector.drive;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The requests of {@code run --requests FILE}: a YAML list, one entry per request kind, e.g.
 * <pre>
 * requests:
 *   - url: http://127.0.0.1:8080/orders
 *     method: POST
 *     body-file: orders.json           # or body: '{"sku": 1}'
 *     headers: {Content-Type: application/json}
 *     weight: 3                         # share of each step's rate (default 1)
 *   - url: http://127.0.0.1:8080/orders/1
 * </pre>
 * Parsed strictly: an unknown key, a bad URL or method, a missing body file is an error naming
 * the file, the line and the fix.
 */
public final class RequestsFile {

    static final String EXAMPLE = "requests:\n  - url: http://127.0.0.1:8080/orders\n    method: POST\n"
            + "    body-file: orders.json\n    headers: {Content-Type: application/json}";
    private static final Set<String> METHODS = Set.of("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    private RequestsFile() {
    }

    /** The file's shape, as Jackson reads it; field names as users write them. */
    private record FileShape(List<Entry> requests) {
    }

    private record Entry(String url, String method, String body,
                         @com.fasterxml.jackson.annotation.JsonProperty("body-file") String bodyFile,
                         Map<String, String> headers, Double weight) {
    }

    public static List<RequestSpec> read(Path file) throws RequestsFileException {
        if (!Files.isRegularFile(file)) {
            throw new RequestsFileException(file, 0, "does not exist; --requests names a YAML file like:\n" + EXAMPLE);
        }
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new RequestsFileException(file, 0, "cannot be read (" + e.getMessage() + ")");
        }
        FileShape shape;
        try {
            shape = YAML.readValue(text, FileShape.class);
        } catch (UnrecognizedPropertyException e) {
            throw new RequestsFileException(file, keyLine(text, e), "unknown key '" + e.getPropertyName()
                    + "'; a request has url, method, body or body-file, headers, weight");
        } catch (JsonProcessingException e) {
            throw new RequestsFileException(file, line(e.getLocation()), e.getOriginalMessage()
                    + "; the file must look like:\n" + EXAMPLE);
        }
        if (shape == null || shape.requests() == null || shape.requests().isEmpty()) {
            throw new RequestsFileException(file, 1, "no requests; the file must look like:\n" + EXAMPLE);
        }
        List<RequestSpec> out = new ArrayList<>();
        List<Integer> lines = entryLines(text);
        for (int i = 0; i < shape.requests().size(); i++) {
            int line = i < lines.size() ? lines.get(i) : 0;
            out.add(spec(file, line, shape.requests().get(i)));
        }
        return out;
    }

    private static RequestSpec spec(Path file, int line, Entry e) throws RequestsFileException {
        String where = "request " + (e.url() == null ? "" : e.url() + " ");
        if (e.url() == null) {
            throw new RequestsFileException(file, line, "a request without url; give e.g. url: http://127.0.0.1:8080/orders");
        }
        URI url;
        try {
            url = URI.create(e.url());
        } catch (IllegalArgumentException bad) {
            throw new RequestsFileException(file, line, where + "has a bad url (" + bad.getMessage() + ")");
        }
        if (!"http".equals(url.getScheme()) && !"https".equals(url.getScheme()) || url.getHost() == null) {
            throw new RequestsFileException(file, line, where + "needs an absolute http(s) url, e.g. http://127.0.0.1:8080/orders");
        }
        String method = e.method() == null ? "GET" : e.method().toUpperCase(java.util.Locale.ROOT);
        if (!METHODS.contains(method)) {
            throw new RequestsFileException(file, line, where + "has method '" + e.method() + "'; use one of "
                    + String.join(", ", METHODS.stream().sorted().toList()));
        }
        if (e.body() != null && e.bodyFile() != null) {
            throw new RequestsFileException(file, line, where + "has both body and body-file; keep one");
        }
        String body = e.body();
        if (e.bodyFile() != null) {
            Path bodyPath = file.toAbsolutePath().resolveSibling(e.bodyFile());
            try {
                body = Files.readString(bodyPath, StandardCharsets.UTF_8);
            } catch (IOException missing) {
                throw new RequestsFileException(file, line, where + "has body-file " + bodyPath
                        + ", which cannot be read; the path is relative to the requests file");
            }
        }
        double weight = e.weight() == null ? 1 : e.weight();
        if (!(weight > 0)) {
            throw new RequestsFileException(file, line, where + "has weight " + weight + "; use a positive number");
        }
        return new RequestSpec(url, method, body, e.headers() == null ? Map.of() : new LinkedHashMap<>(e.headers()), weight);
    }

    private static int line(JsonLocation location) {
        return location == null ? 0 : location.getLineNr();
    }

    /**
     * The line of an unknown key: Jackson's location is the token after it (the next line when the
     * value is on the key's line), so look for the key from its entry's line on.
     */
    private static int keyLine(String text, UnrecognizedPropertyException e) {
        String[] all = text.split("\n", -1);
        int from = 0;
        for (com.fasterxml.jackson.databind.JsonMappingException.Reference ref : e.getPath()) {
            if (ref.getIndex() >= 0) {
                List<Integer> entries = entryLines(text);
                from = ref.getIndex() < entries.size() ? entries.get(ref.getIndex()) - 1 : 0;
            }
        }
        for (int i = from; i < all.length; i++) {
            String line = all[i].strip();
            if (line.startsWith("- ")) {
                line = line.substring(2).strip();
            }
            if (line.startsWith(e.getPropertyName() + ":")) {
                return i + 1;
            }
        }
        return line(e.getLocation());
    }

    /** The line of each list entry ("- " under requests:), for errors found after parsing. */
    private static List<Integer> entryLines(String text) {
        List<Integer> lines = new ArrayList<>();
        String[] all = text.split("\n", -1);
        for (int i = 0; i < all.length; i++) {
            if (all[i].stripLeading().startsWith("- ")) {
                lines.add(i + 1);
            }
        }
        return lines;
    }
}
