package dev.chokepoint.collector.rules;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rules in force: the defaults shipped in the jar (under {@code chokepoint/rules/}, listed in
 * its {@code index}), then each user file in order, a rule or resource with an existing id
 * replacing it (a resource keeps its place). Resources are whatever the files declare; a rule naming
 * an undeclared one is an error. Everything is parsed and compiled before any error is reported, so
 * all errors come at once.
 */
public final class RuleSet {

    static final String DEFAULTS = "chokepoint/rules/";

    private final List<CompiledRule> rules;
    private final Map<String, Resource> resources;

    private RuleSet(List<CompiledRule> rules, Map<String, Resource> resources) {
        this.rules = List.copyOf(rules);
        this.resources = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(resources));
    }

    public List<CompiledRule> rules() {
        return rules;
    }

    /** The declared resources by id, in declaration order. */
    public Map<String, Resource> resources() {
        return resources;
    }

    /** What the rule files read so far declared, gathered in order. */
    private record Declared(Map<String, Rule> rules, Map<String, Resource> resources, List<RuleError> errors) {
        Declared() {
            this(new LinkedHashMap<>(), new LinkedHashMap<>(), new ArrayList<>());
        }
    }

    public static RuleSet load(List<Path> userFiles) throws RuleFileException {
        Declared d = new Declared();
        for (String name : defaultFileNames()) {
            merge(readResource(DEFAULTS + name, d.errors()), d);
        }
        for (Path p : userFiles) {
            try (Reader r = Files.newBufferedReader(p, StandardCharsets.UTF_8)) {
                merge(RuleFileParser.parse(p.toString(), r), d);
            } catch (IOException e) {
                d.errors().add(new RuleError(p.toString(), 0, null, "cannot read rule file (" + e.getMessage()
                        + "); check the --rules path"));
            }
        }
        return compile(d);
    }

    /** Rules from readers only (tests, tools): no defaults. */
    public static RuleSet of(Map<String, Reader> files) throws RuleFileException {
        Declared d = new Declared();
        files.forEach((name, reader) -> merge(RuleFileParser.parse(name, reader), d));
        return compile(d);
    }

    private static RuleSet compile(Declared d) throws RuleFileException {
        Map<String, Rule> byId = d.rules();
        List<RuleError> errors = d.errors();
        List<CompiledRule> compiled = new ArrayList<>();
        for (Rule rule : byId.values()) {
            Resource resource = resolve(rule, rule.resource(), "resource", d);
            List<Resource> explains = new ArrayList<>();
            for (String e : rule.explains()) {
                Resource r = resolve(rule, e, "explains", d);
                if (r != null) {
                    explains.add(r);
                }
            }
            if (rule.refines() != null) {
                Rule broader = byId.get(rule.refines());
                if (broader == null) {
                    errors.add(new RuleError(rule.origin().file(), rule.origin().lineOf("refines"), rule.id(),
                            "refines unknown rule '" + rule.refines() + "'"));
                } else if (rule.resource() != null && !rule.resource().equals(broader.resource())) {
                    errors.add(new RuleError(rule.origin().file(), rule.origin().lineOf("refines"), rule.id(),
                            "refines '" + rule.refines() + "', which judges another resource (" + broader.resource() + ")"));
                }
            }
            CompiledRule c = RuleCompiler.compile(rule, resource, explains, errors);
            if (c != null) {
                compiled.add(c);
            }
        }
        if (!errors.isEmpty()) {
            throw new RuleFileException(errors);
        }
        return new RuleSet(compiled, d.resources());
    }

    private static Resource resolve(Rule rule, String id, String field, Declared d) {
        if (id == null) {
            return null;
        }
        Resource r = d.resources().get(id);
        if (r == null) {
            d.errors().add(new RuleError(rule.origin().file(), rule.origin().lineOf(field), rule.id(), "unknown resource '"
                    + id + "'" + (field.equals("explains") ? " in explains" : "") + " (declared: "
                    + String.join(", ", d.resources().keySet()) + "; declare it under 'resources:')"));
        }
        return r;
    }

    private static void merge(RuleFileParser.Parsed parsed, Declared d) {
        d.errors().addAll(parsed.errors());
        for (Resource r : parsed.resources()) {
            Resource old = d.resources().get(r.id());
            d.resources().put(r.id(), r.at(old == null ? d.resources().size() : old.order()));
        }
        parsed.rules().forEach(r -> d.rules().put(r.id(), r));
    }

    private static List<String> defaultFileNames() {
        try (InputStream in = resource(DEFAULTS + "index")) {
            if (in == null) {
                throw new IllegalStateException("default rules missing from the class path (" + DEFAULTS
                        + "index); the collector jar is incomplete");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().map(String::strip)
                    .filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
        } catch (IOException e) {
            throw new IllegalStateException("cannot read default rules index", e);
        }
    }

    private static RuleFileParser.Parsed readResource(String path, List<RuleError> errors) {
        try (InputStream in = resource(path)) {
            if (in == null) {
                errors.add(new RuleError(path, 0, null, "listed in the rules index but missing from the jar"));
                return new RuleFileParser.Parsed(List.of(), List.of(), List.of());
            }
            return RuleFileParser.parse("rules/" + path.substring(DEFAULTS.length()), new InputStreamReader(in, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + path, e);
        }
    }

    private static InputStream resource(String path) {
        return RuleSet.class.getClassLoader().getResourceAsStream(path);
    }
}
