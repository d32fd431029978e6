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
 * its {@code index}), then each user file in order, a rule with an existing id replacing it.
 * Everything is parsed and compiled before any error is reported, so all errors come at once.
 */
public final class RuleSet {

    static final String DEFAULTS = "chokepoint/rules/";

    private final List<CompiledRule> rules;

    private RuleSet(List<CompiledRule> rules) {
        this.rules = List.copyOf(rules);
    }

    public List<CompiledRule> rules() {
        return rules;
    }

    public static RuleSet load(List<Path> userFiles) throws RuleFileException {
        List<RuleError> errors = new ArrayList<>();
        Map<String, Rule> byId = new LinkedHashMap<>();
        for (String name : defaultFileNames()) {
            merge(readResource(DEFAULTS + name, errors), byId, errors);
        }
        for (Path p : userFiles) {
            try (Reader r = Files.newBufferedReader(p, StandardCharsets.UTF_8)) {
                merge(RuleFileParser.parse(p.toString(), r), byId, errors);
            } catch (IOException e) {
                errors.add(new RuleError(p.toString(), 0, null, "cannot read rule file (" + e.getMessage()
                        + "); check the --rules path"));
            }
        }
        return compile(byId, errors);
    }

    /** Rules from readers only (tests, tools): no defaults. */
    public static RuleSet of(Map<String, Reader> files) throws RuleFileException {
        List<RuleError> errors = new ArrayList<>();
        Map<String, Rule> byId = new LinkedHashMap<>();
        files.forEach((name, reader) -> merge(RuleFileParser.parse(name, reader), byId, errors));
        return compile(byId, errors);
    }

    private static RuleSet compile(Map<String, Rule> byId, List<RuleError> errors) throws RuleFileException {
        List<CompiledRule> compiled = new ArrayList<>();
        for (Rule rule : byId.values()) {
            if (rule.refines() != null) {
                Rule broader = byId.get(rule.refines());
                if (broader == null) {
                    errors.add(new RuleError(rule.origin().file(), rule.origin().lineOf("refines"), rule.id(),
                            "refines unknown rule '" + rule.refines() + "'"));
                } else if (broader.resource() != rule.resource() && rule.resource() != null) {
                    errors.add(new RuleError(rule.origin().file(), rule.origin().lineOf("refines"), rule.id(),
                            "refines '" + rule.refines() + "', which judges another resource (" + broader.resource().id() + ")"));
                }
            }
            CompiledRule c = RuleCompiler.compile(rule, errors);
            if (c != null) {
                compiled.add(c);
            }
        }
        if (!errors.isEmpty()) {
            throw new RuleFileException(errors);
        }
        return new RuleSet(compiled);
    }

    private static void merge(RuleFileParser.Parsed parsed, Map<String, Rule> byId, List<RuleError> errors) {
        errors.addAll(parsed.errors());
        parsed.rules().forEach(r -> byId.put(r.id(), r));
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
                return new RuleFileParser.Parsed(List.of(), List.of());
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
