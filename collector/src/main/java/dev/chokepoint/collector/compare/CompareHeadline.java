package dev.chokepoint.collector.compare;

import dev.chokepoint.collector.compare.CompareModel.RunRef;

/**
 * The comparison in one sentence: "capacity 30 → 95 RPS within the SLO; the bottleneck moved from
 * the connection pool to CPU", and the regressions --fail-on-regression would fail on.
 */
final class CompareHeadline {

    private CompareHeadline() {
    }

    static String of(RunRef base, RunRef now, CompareModel.Gate gate) {
        String capacity = Double.isNaN(base.capacityRps()) && Double.isNaN(now.capacityRps())
                ? "no step met the SLO in either run (highest achieved " + CompareBuilder.rps(base.highestAchievedRps())
                + " → " + CompareBuilder.rps(now.highestAchievedRps()) + " RPS)"
                : "capacity " + CompareBuilder.rps(base.capacityRps()) + " → " + CompareBuilder.rps(now.capacityRps())
                + " RPS within the SLO (highest achieved " + CompareBuilder.rps(base.highestAchievedRps()) + " → "
                + CompareBuilder.rps(now.highestAchievedRps()) + " RPS)";
        String moved;
        if (base.bottleneck().equals(now.bottleneck())) {
            moved = base.bottleneck().equals("none") ? "nothing saturated in either run"
                    : "the bottleneck is still " + name(now);
        } else {
            moved = "the bottleneck moved from " + name(base) + " to " + name(now);
        }
        String regressions = gate.regressions().isEmpty() ? "; no regression beyond the noise"
                : "; regression: " + String.join(", ", gate.regressions());
        String notJudged = gate.notJudged().isEmpty() ? "" : "; " + String.join("; ", gate.notJudged());
        return capitalize(capacity) + "; " + moved + regressions + notJudged;
    }

    private static String name(RunRef r) {
        return r.bottleneck().equals("none") ? "nothing saturated"
                : RunSummary.unattributed(r.bottleneck()) ? "a limit no rule names" : "the " + r.bottleneckName();
    }

    private static String capitalize(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
