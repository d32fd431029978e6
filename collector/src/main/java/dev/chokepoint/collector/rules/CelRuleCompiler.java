package dev.chokepoint.collector.rules;

import dev.cel.common.CelAbstractSyntaxTree;
import dev.cel.common.CelIssue;
import dev.cel.common.CelOptions;
import dev.cel.common.CelValidationException;
import dev.cel.common.ast.CelExpr;
import dev.cel.common.ast.CelReference;
import dev.cel.common.navigation.CelNavigableExpr;
import dev.cel.common.types.CelType;
import dev.cel.common.types.ListType;
import dev.cel.common.types.SimpleType;
import dev.cel.compiler.CelCompiler;
import dev.cel.compiler.CelCompilerBuilder;
import dev.cel.compiler.CelCompilerFactory;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelRuntime;
import dev.cel.runtime.CelRuntimeFactory;
import dev.chokepoint.collector.signals.Signal;
import dev.chokepoint.collector.signals.SignalCatalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Compiles a rule's expressions with CEL against the signal catalog: every numeric signal is a
 * declared double variable, each param a {@code params.<name>} double, so an unknown signal, an
 * unknown param or a type error is a compile error pointing at the expression's line. Only the
 * expressions {@link PlainParser} leaves to CEL come here; the runtime and the compilers are
 * this class's statics, built when it is first used, so a rule set that is all plain loads none
 * of CEL's 1 500 classes.
 */
final class CelRuleCompiler {

    // Heterogeneous comparisons let a rule write "pool_pending > 0" instead of "> 0.0".
    private static final CelOptions OPTIONS = CelOptions.current().enableHeterogeneousNumericComparisons(true).build();
    private static final CelRuntime RUNTIME = CelRuntimeFactory.standardCelRuntimeBuilder().setOptions(OPTIONS).build();
    private static final int CACHE_LIMIT = 1_000;
    private static final Map<String, CelExpression> CACHE = new ConcurrentHashMap<>();
    private static final Map<String, CelCompiler> COMPILERS = new ConcurrentHashMap<>();
    private static final Pattern PARAM = Pattern.compile("params\\.([A-Za-z_][A-Za-z0-9_]*)");
    private static final Pattern UNDECLARED = Pattern.compile("undeclared reference to '([^']*)'.*");

    private CelRuleCompiler() {
    }

    /** The rule's {@code field}, compiled to {@code type}; or its errors added to {@code errors} and empty. */
    static Optional<CelExpression> compile(Rule rule, String field, String text, PlainTree.Type type,
                                           List<RuleError> errors) {
        return expression(rule, field, text, type == PlainTree.Type.BOOL ? SimpleType.BOOL : SimpleType.DOUBLE, errors);
    }

    /**
     * Number expressions of the condition compiled as one list, each element on its own; empty
     * where the list does not compile (its errors are not the user's: the condition compiled).
     */
    static Optional<List<CelExpression>> elements(Rule rule, List<String> elements) {
        Optional<CelExpression> all = expression(rule, "when", "[" + String.join(", ", elements) + "]",
                ListType.create(SimpleType.DOUBLE), new ArrayList<>());
        if (all.isEmpty()) {
            return Optional.empty();
        }
        List<CelExpression> out = new ArrayList<>();
        for (int k = 0; k < elements.size(); k++) {
            CelExpr element = all.get().ast().getExpr().list().elements().get(k);
            out.add(new CelExpression(all.get().program(), all.get().ast(), k, signals(all.get().ast(), element)));
        }
        return Optional.of(out);
    }

    /** The signals read below {@code root} (params are constants, not signals). */
    private static Set<String> signals(CelAbstractSyntaxTree ast, CelExpr root) {
        Set<String> signals = new TreeSet<>();
        CelNavigableExpr.fromExpr(root).allNodes().forEach(node -> ast.getReference(node.id())
                .map(CelReference::name)
                .filter(name -> !name.isEmpty() && !name.startsWith("params."))
                .ifPresent(signals::add));
        return signals;
    }

    private static Optional<CelExpression> expression(Rule rule, String field, String text, CelType type,
                                                      List<RuleError> errors) {
        // CEL type-checking costs tens of milliseconds per expression; the same rules are compiled
        // on every analysis of a session (and in every test), so successes are cached.
        String key = type + "|" + new TreeSet<>(rule.params().keySet()) + "|" + text;
        CelExpression cached = CACHE.get(key);
        if (cached != null) {
            return Optional.of(cached);
        }
        Optional<CelExpression> compiled = compileExpression(rule, field, text, type, errors);
        if (compiled.isPresent() && CACHE.size() < CACHE_LIMIT) {
            CACHE.put(key, compiled.get());
        }
        return compiled;
    }

    /**
     * A compiler for one result type and set of params, built once: building one declares every
     * signal of the catalog and CEL's standard functions, which was most of compiling the rules.
     */
    private static CelCompiler compiler(CelType type, Set<String> params) {
        String key = type + "|" + params;
        CelCompiler known = COMPILERS.get(key);
        if (known != null) {
            return known;
        }
        CelCompilerBuilder b = CelCompilerFactory.standardCelCompilerBuilder().setOptions(OPTIONS).setResultType(type);
        for (Signal s : SignalCatalog.signals().values()) {
            if (!s.text()) {
                b.addVar(s.name(), SimpleType.DOUBLE);
            }
        }
        params.forEach(p -> b.addVar("params." + p, SimpleType.DOUBLE));
        CelCompiler compiler = b.build();
        if (COMPILERS.size() < CACHE_LIMIT) {
            COMPILERS.put(key, compiler);
        }
        return compiler;
    }

    private static Optional<CelExpression> compileExpression(Rule rule, String field, String text, CelType type,
                                                             List<RuleError> errors) {
        CelCompiler compiler = compiler(type, new TreeSet<>(rule.params().keySet()));
        int firstLine = rule.origin().lineOf(field);
        try {
            CelAbstractSyntaxTree ast = compiler.compile(text).getAst();
            return Optional.of(new CelExpression(RUNTIME.createProgram(ast), ast, -1, signals(ast, ast.getExpr())));
        } catch (CelValidationException e) {
            for (CelIssue issue : e.getErrors()) {
                int line = firstLine + Math.max(0, issue.getSourceLocation().getLine() - 1);
                errors.add(new RuleError(rule.origin().file(), line, rule.id(),
                        field + ": " + explain(issue.getMessage(), text, issue)));
            }
        } catch (CelEvaluationException e) {
            errors.add(new RuleError(rule.origin().file(), firstLine, rule.id(), field + ": " + e.getMessage()));
        }
        return Optional.empty();
    }

    /** CEL's messages, said in the rule file's terms. */
    private static String explain(String message, String expression, CelIssue issue) {
        Matcher m = UNDECLARED.matcher(message);
        if (m.matches()) {
            String name = m.group(1);
            if (name.equals("params")) {
                // CEL names only the unknown root; the param's name follows it in the source.
                String line = expression.lines().skip(Math.max(0, issue.getSourceLocation().getLine() - 1)).findFirst().orElse("");
                Matcher p = PARAM.matcher(line.substring(Math.min(line.length(), Math.max(0, issue.getSourceLocation().getColumn()))));
                String param = p.lookingAt() ? "params." + p.group(1) : "params.?";
                return "unknown param '" + param + "' (declare it under params:)";
            }
            boolean text = SignalCatalog.signal(name).map(Signal::text).orElse(false);
            return text ? "'" + name + "' is a text signal: quote it in summary/advice as {" + name + "}, it cannot be computed with"
                    : "unknown signal '" + name + "' (see docs/report.md for the signal catalog)";
        }
        if (message.contains("no matching overload") && message.contains("int")) {
            return message + " (write numbers as 2.0, not 2, when computing with signals)";
        }
        return message;
    }
}
