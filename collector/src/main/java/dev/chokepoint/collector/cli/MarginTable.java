package dev.chokepoint.collector.cli;

import dev.chokepoint.collector.signals.Unit;
import dev.chokepoint.collector.verdict.RuleMargins;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** The margin report as Markdown: one table per run, then the closest margin of each comparison over all runs. */
final class MarginTable {

    /** One run's rows, under the name the tables show. */
    record Run(String name, List<RuleMargins.Row> rows) {
    }

    private MarginTable() {
    }

    static void print(List<Run> runs, double within, PrintStream out) {
        out.println("# Rule margins");
        out.println();
        out.println("Margin: how far the deciding comparison of a rule sat from its threshold, (value − threshold) / "
                + "|threshold|, positive where it holds (\"at most\" comparisons reversed). A step's margin is the best "
                + "over the rule's sustain time in the judged part of the step; the deciding comparison is the weakest "
                + "one there. `evidence` no: the rule's evidence guard (requests, scrapes in the window) did not hold.");
        for (Run run : runs) {
            out.println();
            out.println("## " + run.name());
            out.println();
            out.println("| step | offered RPS | rule | fired | evidence | margin | deciding comparison | value | threshold |");
            out.println("|---:|---:|---|---|---|---:|---|---:|---:|");
            for (RuleMargins.Row r : run.rows()) {
                if (Math.abs(r.margin()) < within) {
                    out.println("| " + r.step() + " | " + (r.offeredRps() > 0 ? Unit.num(r.offeredRps()) : "–") + " | "
                            + r.rule() + " | " + (r.fired() ? "yes" : "no") + " | " + (r.evidenceHeld() ? "yes" : "no")
                            + " | " + percent(r.margin()) + " | `" + r.term() + "` | " + Unit.num(r.value()) + " | "
                            + Unit.num(r.threshold()) + " |");
                }
            }
        }
        closest(runs, out);
    }

    /** The closest step on one side of a threshold: its margin and where it was. */
    private record Closest(double margin, String where) {
    }

    /** Per comparison: the firing step closest to it (smallest margin) and the silent one closest (largest). */
    private static void closest(List<Run> runs, PrintStream out) {
        Map<String, Closest[]> byTerm = new TreeMap<>();
        for (Run run : runs) {
            for (RuleMargins.Row r : run.rows()) {
                if (!r.evidenceHeld() || Double.isInfinite(r.margin())) {
                    continue;
                }
                Closest[] sides = byTerm.computeIfAbsent(r.rule() + " | `" + r.term() + "`", k -> new Closest[2]);
                int side = r.fired() ? 0 : 1;
                Closest now = sides[side];
                if (now == null || (r.fired() ? r.margin() < now.margin() : r.margin() > now.margin())) {
                    sides[side] = new Closest(r.margin(), percent(r.margin()) + " (" + run.name() + " step " + r.step()
                            + ", " + Unit.num(r.value()) + " vs " + Unit.num(r.threshold()) + ")");
                }
            }
        }
        out.println();
        out.println("## Closest to each threshold, over all runs");
        out.println();
        out.println("Steps where the evidence held. Firing: the smallest margin of a step where the rule fired with "
                + "this comparison deciding; silent: the largest of a step where it did not.");
        out.println();
        out.println("| rule | comparison | closest firing | closest silent |");
        out.println("|---|---|---|---|");
        byTerm.forEach((term, sides) -> out.println("| " + term + " | " + where(sides[0]) + " | " + where(sides[1]) + " |"));
    }

    private static String where(Closest c) {
        return c == null ? "–" : c.where();
    }

    static String percent(double margin) {
        if (Double.isInfinite(margin)) {
            return margin > 0 ? "+∞" : "−∞";
        }
        String s = String.format(Locale.ROOT, "%+.0f %%", 100 * margin);
        return s.replace("-", "−");
    }
}
