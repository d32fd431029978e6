package dev.chokepoint.collector.rules;

import dev.chokepoint.collector.signals.DurationText;
import dev.chokepoint.collector.signals.SignalCatalog;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.DumperOptions.ScalarStyle;

import java.io.Reader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a rule file strictly, apart from the engine: the YAML is read as a node tree (so every
 * value keeps its line), unknown keys are rejected, and every problem is collected before giving
 * up, so a user fixes a file in one pass. Expressions are only syntax-checked later, by
 * {@link RuleCompiler}, against the signal catalog.
 */
public final class RuleFileParser {

    public static final int SCHEMA = 1;

    static final Set<String> RULE_KEYS = Set.of("id", "resource", "severity", "when", "sustain", "utilization",
            "saturation", "errors", "explains", "refines", "throughput-bound", "params", "summary", "advice",
            "fleet-limit");
    static final Set<String> RESOURCE_KEYS = Set.of("id", "name", "utilization", "saturation", "instance",
            "fleet-shared-from", "shared-utilization", "request-utilization", "transient-utilization");
    private static final Set<String> FLEET_LIMIT_KEYS = Set.of("id", "min-instances", "sums", "explanation");
    /**
     * {@code utilization} is optional: a resource whose capacity the signals do not hold (a wait
     * site: a client pool's size, a semaphore's permits) has none rather than a made-up one.
     */
    private static final Set<String> REQUIRED = Set.of("id", "resource", "when", "sustain",
            "saturation", "summary", "advice");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([^{}]*)}");
    private static final Pattern ID = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");
    private static final long MAX_SUSTAIN_MILLIS = 600_000;

    /** The resources and rules of one file and the problems found in it. */
    public record Parsed(List<Resource> resources, List<Rule> rules, List<RuleError> errors) {
    }

    private final String file;
    private final List<RuleError> errors = new ArrayList<>();

    private RuleFileParser(String file) {
        this.file = file;
    }

    public static Parsed parse(String file, Reader reader) {
        return new RuleFileParser(file).parse(reader);
    }

    private Parsed parse(Reader reader) {
        Node root;
        try {
            LoaderOptions options = new LoaderOptions();
            options.setAllowDuplicateKeys(false);
            root = new Yaml(options).compose(reader);
        } catch (MarkedYAMLException e) {
            // The context mark is where the broken construct began (e.g. an unclosed quote);
            // the problem mark is often just the end of the file.
            var mark = e.getContextMark() != null ? e.getContextMark() : e.getProblemMark();
            int line = mark == null ? 1 : mark.getLine() + 1;
            errors.add(new RuleError(file, line, null, "not valid YAML: "
                    + (e.getContext() == null ? "" : e.getContext() + ": ") + e.getProblem()));
            return new Parsed(List.of(), List.of(), errors);
        } catch (RuntimeException e) {
            errors.add(new RuleError(file, 1, null, "cannot read YAML: " + e.getMessage()));
            return new Parsed(List.of(), List.of(), errors);
        }
        if (!(root instanceof MappingNode top)) {
            errors.add(new RuleError(file, 1, null, "expected a mapping with 'schema: 1' and 'rules:' and/or 'resources:'"));
            return new Parsed(List.of(), List.of(), errors);
        }
        Map<String, NodeTuple> fields = mapping(top, null);
        NodeTuple schema = fields.get("schema");
        if (schema == null) {
            error(top, null, "missing 'schema: " + SCHEMA + "' (the rule format version)");
        } else if (!String.valueOf(SCHEMA).equals(scalar(schema.getValueNode(), null, "schema"))) {
            error(schema.getValueNode(), null, "unsupported schema '" + scalar(schema.getValueNode(), null, "schema")
                    + "'; this collector reads schema " + SCHEMA);
        }
        for (String key : fields.keySet()) {
            if (!key.equals("schema") && !key.equals("rules") && !key.equals("resources")) {
                error(fields.get(key).getKeyNode(), null, "unknown key '" + key + "' (allowed: schema, resources, rules)");
            }
        }
        List<Resource> resources = resources(fields.get("resources"));
        List<Rule> rules = new ArrayList<>();
        NodeTuple rulesNode = fields.get("rules");
        if (rulesNode == null) {
            if (!fields.containsKey("resources")) {
                error(top, null, "missing 'rules:' (a list of rules)");
            }
        } else if (!(rulesNode.getValueNode() instanceof SequenceNode seq)) {
            error(rulesNode.getValueNode(), null, "'rules' must be a list");
        } else {
            Set<String> ids = new HashSet<>();
            for (Node n : seq.getValue()) {
                Rule r = rule(n);
                if (r != null && !ids.add(r.id())) {
                    error(n, r.id(), "duplicate rule id in this file");
                } else if (r != null) {
                    rules.add(r);
                }
            }
        }
        return new Parsed(resources, rules, errors);
    }

    private List<Resource> resources(NodeTuple t) {
        if (t == null) {
            return List.of();
        }
        if (!(t.getValueNode() instanceof SequenceNode seq)) {
            error(t.getValueNode(), null, "'resources' must be a list");
            return List.of();
        }
        List<Resource> out = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (Node n : seq.getValue()) {
            Resource r = resource(n);
            if (r != null && !ids.add(r.id())) {
                error(n, null, "resource '" + r.id() + "' declared twice in this file");
            } else if (r != null) {
                out.add(r);
            }
        }
        return out;
    }

    private Resource resource(Node node) {
        if (!(node instanceof MappingNode m)) {
            error(node, null, "each resource must be a mapping (id, name, utilization, saturation)");
            return null;
        }
        Map<String, NodeTuple> f = mapping(m, null);
        checkKeys(f, RESOURCE_KEYS, null, "resource");
        for (String key : List.of("id", "name", "utilization", "saturation")) {
            if (!f.containsKey(key)) {
                error(m, null, "resource: missing required key '" + key + "'");
            }
        }
        String id = text(f, "id", null);
        if (id != null && (!ID.matcher(id).matches() || id.equals(Resource.NONE))) {
            error(f.get("id").getValueNode(), null, "resource id '" + id
                    + "' must be lower-case words joined by '-' and not 'none'");
        }
        String instance = text(f, "instance", null);
        if (instance != null && SignalCatalog.signal(instance).filter(s -> s.text()).isEmpty()) {
            error(f.get("instance").getValueNode(), null, "resource '" + id + "': instance '" + instance
                    + "' is not a text signal (one that names a host, a query, a lock)");
        }
        String sharedUse = numericSignal(f, "shared-utilization", id);
        String requestUse = numericSignal(f, "request-utilization", id);
        String transientUse = numericSignal(f, "transient-utilization", id);
        int shared = f.containsKey("fleet-shared-from") ? count(f.get("fleet-shared-from").getValueNode(), id, "fleet-shared-from") : 0;
        if (id == null || !f.containsKey("name") || !f.containsKey("utilization") || !f.containsKey("saturation")) {
            return null;
        }
        Map<String, Integer> lines = new HashMap<>();
        f.forEach((k, v) -> lines.put(k, valueLine(v.getValueNode())));
        return new Resource(id, text(f, "name", id), text(f, "utilization", id), text(f, "saturation", id), instance,
                shared, sharedUse, requestUse, transientUse, 0, new Rule.Origin(file, node.getStartMark().getLine() + 1, lines));
    }

    private FleetLimit fleetLimit(Node node, String id) {
        if (!(node instanceof MappingNode m)) {
            error(node, id, "'fleet-limit' must be a mapping (id, min-instances, sums, explanation)");
            return null;
        }
        Map<String, NodeTuple> f = mapping(m, id);
        checkKeys(f, FLEET_LIMIT_KEYS, id, "fleet-limit");
        for (String key : List.of("id", "min-instances", "explanation")) {
            if (!f.containsKey(key)) {
                error(m, id, "fleet-limit: missing required key '" + key + "'");
            }
        }
        Map<String, String> sums = new LinkedHashMap<>();
        if (f.get("sums") != null) {
            if (f.get("sums").getValueNode() instanceof MappingNode sm) {
                mapping(sm, id).forEach((k, v) -> {
                    String signal = scalar(v.getValueNode(), id, "fleet-limit.sums." + k);
                    if (signal != null && SignalCatalog.signal(signal).filter(s -> !s.text()).isEmpty()) {
                        error(v.getValueNode(), id, "fleet-limit.sums." + k + ": unknown numeric signal '" + signal + "'");
                    }
                    sums.put(k, signal);
                });
            } else {
                error(f.get("sums").getValueNode(), id, "fleet-limit.sums must map evidence names to signals");
            }
        }
        int min = f.containsKey("min-instances") ? count(f.get("min-instances").getValueNode(), id, "min-instances") : 2;
        return new FleetLimit(text(f, "id", id), min, sums, text(f, "explanation", id));
    }

    private int count(Node n, String id, String key) {
        String v = scalar(n, id, key);
        try {
            int x = Integer.parseInt(v);
            if (x >= 1) {
                return x;
            }
        } catch (RuntimeException e) {
            // reported below
        }
        error(n, id, "'" + key + "' must be a whole number ≥ 1, got '" + v + "'");
        return 0;
    }

    private void checkKeys(Map<String, NodeTuple> f, Set<String> allowed, String id, String what) {
        for (Map.Entry<String, NodeTuple> e : f.entrySet()) {
            if (!allowed.contains(e.getKey())) {
                error(e.getValue().getKeyNode(), id, "unknown key '" + e.getKey() + "' in " + what + " (allowed: "
                        + String.join(", ", allowed.stream().sorted().toList()) + ")");
            }
        }
    }

    private Rule rule(Node node) {
        if (!(node instanceof MappingNode m)) {
            error(node, null, "each rule must be a mapping (id, resource, when, …)");
            return null;
        }
        Map<String, NodeTuple> f = mapping(m, null);
        String id = f.containsKey("id") ? scalar(f.get("id").getValueNode(), null, "id") : null;
        if (id != null && !ID.matcher(id).matches()) {
            error(f.get("id").getValueNode(), id, "id must be lower-case words joined by '-' (e.g. pool-exhausted)");
        }
        for (Map.Entry<String, NodeTuple> e : f.entrySet()) {
            if (!RULE_KEYS.contains(e.getKey())) {
                error(e.getValue().getKeyNode(), id, "unknown key '" + e.getKey() + "' (allowed: "
                        + String.join(", ", RULE_KEYS.stream().sorted().toList()) + ")");
            }
        }
        for (String key : REQUIRED.stream().sorted().toList()) {
            if (!f.containsKey(key)) {
                error(m, id, "missing required key '" + key + "'");
            }
        }
        Map<String, Integer> lines = new HashMap<>();
        f.forEach((k, t) -> lines.put(k, valueLine(t.getValueNode())));
        String resource = f.containsKey("resource") ? scalar(f.get("resource").getValueNode(), id, "resource") : null;
        Severity severity = f.containsKey("severity") ? severity(f.get("severity").getValueNode(), id) : Severity.WARNING;
        long sustain = f.containsKey("sustain") ? duration(f.get("sustain").getValueNode(), id) : 0;
        List<String> explains = f.containsKey("explains") ? explains(f.get("explains").getValueNode(), id, resource) : List.of();
        FleetLimit fleetLimit = f.containsKey("fleet-limit") ? fleetLimit(f.get("fleet-limit").getValueNode(), id) : null;
        Map<String, Double> params = f.containsKey("params") ? params(f.get("params").getValueNode(), id) : Map.of();
        boolean bound = f.containsKey("throughput-bound") && bool(f.get("throughput-bound").getValueNode(), id);
        String summary = text(f, "summary", id);
        String advice = text(f, "advice", id);
        checkPlaceholders(f, "summary", summary, id, params);
        checkPlaceholders(f, "advice", advice, id, params);
        if (id == null || !f.containsKey("when") || !f.containsKey("saturation")) {
            return null;
        }
        // Returned even when some fields were bad, so its expressions are still checked and
        // the user sees every error of the file at once; the errors already recorded fail the load.
        return new Rule(id, resource, severity, text(f, "when", id), sustain, text(f, "utilization", id),
                text(f, "saturation", id), text(f, "errors", id), explains, text(f, "refines", id), bound, params,
                summary, advice, fleetLimit, new Rule.Origin(file, node.getStartMark().getLine() + 1, lines));
    }

    private Severity severity(Node n, String id) {
        String v = scalar(n, id, "severity");
        for (Severity s : Severity.values()) {
            if (s.name().equalsIgnoreCase(v)) {
                return s;
            }
        }
        error(n, id, "unknown severity '" + v + "' (one of: info, warning, critical)");
        return Severity.WARNING;
    }

    private long duration(Node n, String id) {
        String v = scalar(n, id, "sustain");
        long millis;
        try {
            millis = DurationText.parse(v).toMillis();
        } catch (IllegalArgumentException e) {
            error(n, id, "bad duration '" + v + "' for sustain (write e.g. 5s, 500ms, 1m)");
            return 0;
        }
        if (millis <= 0 || millis > MAX_SUSTAIN_MILLIS) {
            error(n, id, "sustain '" + v + "' out of range (more than 0, at most 10m)");
        }
        return millis;
    }

    private List<String> explains(Node n, String id, String own) {
        if (!(n instanceof SequenceNode seq)) {
            error(n, id, "'explains' must be a list of resource ids, e.g. [tomcat-workers]");
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (Node item : seq.getValue()) {
            String v = scalar(item, id, "explains");
            if (v != null && v.equals(own)) {
                error(item, id, "a rule cannot explain its own resource '" + v + "'");
            } else if (v != null) {
                out.add(v);
            }
        }
        return out;
    }

    private Map<String, Double> params(Node n, String id) {
        if (!(n instanceof MappingNode m)) {
            error(n, id, "'params' must be a mapping of names to numbers");
            return Map.of();
        }
        Map<String, Double> out = new LinkedHashMap<>();
        mapping(m, id).forEach((k, t) -> {
            String v = scalar(t.getValueNode(), id, "params." + k);
            try {
                out.put(k, Double.parseDouble(v));
            } catch (RuntimeException e) {
                error(t.getValueNode(), id, "param '" + k + "' must be a number, got '" + v + "'");
            }
        });
        return out;
    }

    private boolean bool(Node n, String id) {
        String v = scalar(n, id, "throughput-bound");
        if (!"true".equals(v) && !"false".equals(v)) {
            error(n, id, "'throughput-bound' must be true or false");
        }
        return "true".equals(v);
    }

    private void checkPlaceholders(Map<String, NodeTuple> f, String key, String text, String id, Map<String, Double> params) {
        if (text == null) {
            return;
        }
        Matcher m = PLACEHOLDER.matcher(text);
        while (m.find()) {
            String name = m.group(1);
            boolean ok = name.startsWith("params.") ? params.containsKey(name.substring(7))
                    : SignalCatalog.signal(name).isPresent() || name.equals("target");
            if (!ok) {
                error(f.get(key).getValueNode(), id, "unknown placeholder {" + name + "} in " + key
                        + " (use a signal name, {params.<name>} or {target})");
            }
        }
    }

    /** A resource's optional key that names a numeric signal (shared-, request-, transient-utilization). */
    private String numericSignal(Map<String, NodeTuple> f, String key, String id) {
        String name = text(f, key, null);
        if (name != null && SignalCatalog.signal(name).filter(s -> !s.text()).isEmpty()) {
            error(f.get(key).getValueNode(), null, "resource '" + id + "': " + key + " '" + name
                    + "' is not a numeric signal (see docs/report.md, signals)");
        }
        return name;
    }

    private String text(Map<String, NodeTuple> f, String key, String id) {
        NodeTuple t = f.get(key);
        return t == null ? null : scalar(t.getValueNode(), id, key);
    }

    private String scalar(Node n, String id, String key) {
        if (n instanceof ScalarNode s) {
            return s.getValue();
        }
        error(n, id, "'" + key + "' must be a single value");
        return null;
    }

    /** Keys of a mapping in file order; non-scalar keys are errors. */
    private Map<String, NodeTuple> mapping(MappingNode m, String id) {
        Map<String, NodeTuple> out = new LinkedHashMap<>();
        for (NodeTuple t : m.getValue()) {
            if (t.getKeyNode() instanceof ScalarNode k) {
                out.put(k.getValue(), t);
            } else {
                error(t.getKeyNode(), id, "keys must be plain names");
            }
        }
        return out;
    }

    /** Line of a value's first character; a block scalar (| or >) starts on the next line. */
    static int valueLine(Node n) {
        int line = n.getStartMark().getLine() + 1;
        if (n instanceof ScalarNode s && (s.getScalarStyle() == ScalarStyle.LITERAL || s.getScalarStyle() == ScalarStyle.FOLDED)) {
            line++;
        }
        return line;
    }

    private void error(Node n, String id, String message) {
        errors.add(new RuleError(file, n.getStartMark().getLine() + 1, id, message));
    }
}
