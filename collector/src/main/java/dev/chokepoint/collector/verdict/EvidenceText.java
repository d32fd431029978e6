package dev.chokepoint.collector.verdict;

import dev.chokepoint.collector.signals.Signal;
import dev.chokepoint.collector.signals.SignalCatalog;
import dev.chokepoint.collector.signals.Unit;

import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Fills a rule's summary/advice placeholders ({signal}, {params.name}, {target}) with evidence. */
final class EvidenceText {

    private static final Pattern OPTIONAL = Pattern.compile("\\[([^\\[\\]]*)]");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([^{}]*)}");
    private static final Pattern SPACES = Pattern.compile("\\s+");

    private EvidenceText() {
    }

    /** Signal names quoted in a text. */
    static Set<String> signalsIn(String text) {
        Set<String> out = new LinkedHashSet<>();
        if (text != null) {
            Matcher m = PLACEHOLDER.matcher(text);
            while (m.find()) {
                if (SignalCatalog.signal(m.group(1)).isPresent()) {
                    out.add(m.group(1));
                }
            }
        }
        return out;
    }

    /**
     * Fills the text. A bracketed part ({@code [ vs statement {jdbc_query_mean}]}) is optional:
     * it is dropped when a signal inside it is unknown, so a target without that signal (a plain
     * Actuator endpoint) reads cleanly instead of showing "n/a".
     */
    static String fill(String text, Map<String, Double> evidence, Map<String, String> labels,
                       Map<String, Double> params, String target) {
        if (text == null) {
            return null;
        }
        Matcher opt = OPTIONAL.matcher(text.strip());
        StringBuilder kept = new StringBuilder();
        while (opt.find()) {
            String inner = opt.group(1);
            String filled = placeholders(inner, evidence, labels, params, target);
            boolean known = signalsIn(inner).stream().allMatch(n -> labels.containsKey(n)
                    || !Double.isNaN(evidence.getOrDefault(n, Double.NaN)));
            opt.appendReplacement(kept, Matcher.quoteReplacement(known ? filled : ""));
        }
        opt.appendTail(kept);
        String whole = placeholders(kept.toString(), evidence, labels, params, target);
        return SPACES.matcher(whole).replaceAll(" ").strip();
    }

    private static String placeholders(String text, Map<String, Double> evidence, Map<String, String> labels,
                                       Map<String, Double> params, String target) {
        Matcher m = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String name = m.group(1);
            String value;
            if (name.equals("target")) {
                value = target;
            } else if (name.startsWith("params.")) {
                Double p = params.get(name.substring("params.".length()));
                value = p == null ? "n/a" : Unit.COUNT.format(p);
            } else {
                Signal s = SignalCatalog.signal(name).orElse(null);
                if (s == null) {
                    value = m.group();
                } else if (s.text()) {
                    value = labels.getOrDefault(name, "n/a");
                } else {
                    value = s.unit().format(evidence.getOrDefault(name, Double.NaN));
                }
            }
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        return out.toString();
    }
}
