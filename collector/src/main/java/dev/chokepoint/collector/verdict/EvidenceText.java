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

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([^{}]*)}");

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

    static String fill(String text, Map<String, Double> evidence, Map<String, String> labels,
                       Map<String, Double> params, String target) {
        if (text == null) {
            return null;
        }
        Matcher m = PLACEHOLDER.matcher(text.strip());
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
        return out.toString().replaceAll("\\s+", " ");
    }
}
