package dev.chokepoint.collector.verdict;

import dev.chokepoint.collector.rules.Resource;
import dev.chokepoint.collector.signals.Unit;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Per-step verdicts that agree with their neighbours, or say why not. PostgreSQL's CPU as the limit,
 * stairs 8/18/35/70, read database, database, unattributed, database: the third step was limited,
 * the statements still slow, but the database's rule broke off within its sustain time, and the
 * step read as if no resource were near its limit. A limited step no rule explains, between two
 * steps (in load order) whose first saturated resource is the same, is named after it where one of
 * its rules held there at all, with for how long against its sustain time; where none held, it
 * stays unattributed and says how near its limit that resource was.
 */
public final class NamedNeighbours {

    private final StepJudge judge;

    public NamedNeighbours(StepJudge judge) {
        this.judge = judge;
    }

    /** {@code verdicts} in their order, each unattributed step between two that name the same resource settled. */
    public List<StepVerdict> apply(List<StepVerdict> verdicts) {
        List<StepVerdict> byLoad = verdicts.stream().sorted(Comparator.comparingDouble(Headline::rps)
                .thenComparingInt(v -> v.step().index())).toList();
        List<StepVerdict> out = new ArrayList<>(verdicts);
        for (int i = 1; i + 1 < byLoad.size(); i++) {
            StepVerdict v = byLoad.get(i);
            Resource around = sharedBy(byLoad.get(i - 1), byLoad.get(i + 1));
            if (around != null && unattributed(v)) {
                StepVerdict settled = settled(v, around, byLoad.get(i - 1), byLoad.get(i + 1));
                out.replaceAll(x -> x == v ? settled : x);
            }
        }
        return out;
    }

    private StepVerdict settled(StepVerdict v, Resource resource, StepVerdict before, StepVerdict after) {
        String around = "steps " + before.step().index() + " and " + after.step().index() + " around it";
        Finding brief = judge.heldBriefly(v.step(), resource);
        if (brief != null) {
            return v.limitedBy(v.limit(), new Finding(brief.resource(), brief.rule(), brief.severity(), brief.target(),
                    brief.onsetMillis(), brief.summary() + "; named as at " + around, brief.advice(), brief.evidence(),
                    brief.labels(), null), v.consequences());
        }
        Finding f = v.firstSaturated();
        double use = v.resources().stream().filter(u -> u.resource().equals(resource)).mapToDouble(ResourceUse::utilization)
                .findFirst().orElse(Double.NaN);
        String note = "; the " + before.firstSaturated().displayName() + ", first saturated at " + around
                + ", was at " + (Double.isNaN(use) ? "an unmeasured share" : Unit.RATIO.format(use))
                + " of its capacity here and none of its rules held";
        return v.limitedBy(v.limit(), new Finding(f.resource(), f.rule(), f.severity(), f.target(), f.onsetMillis(),
                f.summary() + note, f.advice(), f.evidence(), f.labels(), f.explainedBy()), v.consequences());
    }

    /** The resource both steps name first, or null. */
    private static Resource sharedBy(StepVerdict a, StepVerdict b) {
        Finding x = a.firstSaturated();
        Finding y = b.firstSaturated();
        if (x == null || y == null || !x.resource().equals(y.resource())
                || x.resource().id().equals(Resource.UNATTRIBUTED) || x.resource().id().equals(Resource.LOAD_GENERATOR)) {
            return null;
        }
        return x.resource();
    }

    /** Limited and explained by no rule (not a death or a collapse, which name their own resource). */
    private static boolean unattributed(StepVerdict v) {
        Finding f = v.firstSaturated();
        return v.limit().limited() && f != null && f.rule().equals(SymptomFirst.UNATTRIBUTED_RULE);
    }
}
