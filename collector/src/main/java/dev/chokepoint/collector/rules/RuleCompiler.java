package dev.chokepoint.collector.rules;

import dev.chokepoint.collector.signals.Signal;
import dev.chokepoint.collector.signals.SignalCatalog;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Compiles a rule's expressions: each one {@link PlainParser} reads is checked and evaluated
 * without CEL; the others, and every error, are CEL's ({@link CelRuleCompiler}), so a rule file
 * is accepted or refused, with the same messages, as CEL alone would.
 */
public final class RuleCompiler {

    /** What an expression may compute with: the catalog's numeric signals. */
    private static final Set<String> NUMERIC_SIGNALS = SignalCatalog.signals().values().stream()
            .filter(s -> !s.text()).map(Signal::name).collect(Collectors.toUnmodifiableSet());

    private RuleCompiler() {
    }

    /** Compiles the rule, or adds its errors to {@code errors} and returns null. */
    public static CompiledRule compile(Rule rule, Resource resource, List<Resource> explains, List<RuleError> errors) {
        return compile(rule, resource, explains, errors, true);
    }

    /** {@code plain} false: every expression by CEL, the reference the tests hold the plain reading to. */
    static CompiledRule compile(Rule rule, Resource resource, List<Resource> explains, List<RuleError> errors,
                                boolean plain) {
        int before = errors.size();
        Map<String, BoundExpression> expressions = new LinkedHashMap<>();
        expression(rule, "when", rule.when(), PlainTree.Type.BOOL, plain, errors)
                .ifPresent(e -> expressions.put("when", e));
        for (String field : List.of("utilization", "saturation", "errors")) {
            String text = switch (field) {
                case "utilization" -> rule.utilization();
                case "saturation" -> rule.saturation();
                default -> rule.errors();
            };
            if (text != null) {
                expression(rule, field, text, PlainTree.Type.DOUBLE, plain, errors)
                        .ifPresent(e -> expressions.put(field, e));
            }
        }
        if (errors.size() > before || resource == null) {
            return null;
        }
        // A condition left to CEL leaves its sides to CEL too, as one list of the same text.
        return new CompiledRule(rule, resource, explains, expressions, terms(rule, expressions.get("when").plain()));
    }

    private static Optional<BoundExpression> expression(Rule rule, String field, String text, PlainTree.Type type,
                                                        boolean plain, List<RuleError> errors) {
        Optional<PlainTree> tree = plain ? read(rule, text, type) : Optional.empty();
        if (tree.isPresent()) {
            return Optional.of(BoundExpression.plain(tree.get(), rule.params()));
        }
        return CelRuleCompiler.compile(rule, field, text, type, errors).map(e -> BoundExpression.cel(e, rule.params()));
    }

    private static Optional<PlainTree> read(Rule rule, String text, PlainTree.Type type) {
        return PlainParser.parse(text, type, NUMERIC_SIGNALS, rule.params().keySet());
    }

    /**
     * The condition's comparisons, each side compiled as a number ({@code double(...)}: a side may be
     * an integer literal such as the 0 of {@code worker_queue > 0}), and how {@code &&}, {@code ||}
     * join them. A side that does not compile leaves the rule without terms; its condition
     * compiled, so the rule still works.
     */
    private static CompiledRule.Terms terms(Rule rule, boolean plain) {
        Optional<Condition.Parsed> parsed = Condition.parse(rule.when());
        if (parsed.isEmpty()) {
            return CompiledRule.Terms.NONE;
        }
        List<Comparison> comparisons = parsed.get().comparisons();
        List<String> sides = new ArrayList<>();
        for (Comparison c : comparisons) {
            sides.add("double(" + c.left() + ")");
            sides.add("double(" + c.right() + ")");
        }
        Optional<List<BoundExpression>> bound = plain ? plainSides(rule, sides) : Optional.empty();
        if (bound.isEmpty()) {
            bound = CelRuleCompiler.elements(rule, sides)
                    .map(all -> all.stream().map(e -> BoundExpression.cel(e, rule.params())).toList());
        }
        if (bound.isEmpty()) {
            return CompiledRule.Terms.NONE;
        }
        List<CompiledRule.Term> out = new ArrayList<>();
        for (int i = 0; i < comparisons.size(); i++) {
            BoundExpression left = bound.get().get(2 * i);
            BoundExpression right = bound.get().get(2 * i + 1);
            boolean evidence = !left.signals().isEmpty() && left.signals().stream()
                    .allMatch(s -> SignalCatalog.signal(s).map(Signal::evidence).orElse(false));
            out.add(new CompiledRule.Term(comparisons.get(i), left, right, evidence));
        }
        return new CompiledRule.Terms(out, parsed.get().root());
    }

    /** Every side read without CEL, or empty where any one is not plain. */
    private static Optional<List<BoundExpression>> plainSides(Rule rule, List<String> sides) {
        List<BoundExpression> out = new ArrayList<>();
        for (String side : sides) {
            Optional<PlainTree> tree = read(rule, side, PlainTree.Type.DOUBLE);
            if (tree.isEmpty()) {
                return Optional.empty();
            }
            out.add(BoundExpression.plain(tree.get(), rule.params()));
        }
        return Optional.of(out);
    }
}
