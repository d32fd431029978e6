package dev.chokepoint.collector.report.model;

import dev.chokepoint.collector.fleet.FleetStep;
import dev.chokepoint.collector.report.Report;
import dev.chokepoint.collector.rules.Resource;
import dev.chokepoint.collector.signals.StepCosts;
import dev.chokepoint.collector.signals.StepTraffic;
import dev.chokepoint.collector.steps.Step;
import dev.chokepoint.collector.store.ScrapeEvent;
import dev.chokepoint.collector.verdict.Demand;
import dev.chokepoint.collector.verdict.Finding;
import dev.chokepoint.collector.verdict.Prediction;
import dev.chokepoint.collector.verdict.StepVerdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** From the analysed run to the report model: ids, names and numbers as every format shows them. */
public final class ModelBuilder {

    /** Why a step outside the recording's window was not recorded. */
    static final String BEFORE = "before the recording began";
    static final String AFTER = "after the recording ended";

    private ModelBuilder() {
    }

    public static ReportModel of(Report r) {
        return new ReportModel(ReportModel.SCHEMA, r.headline(),
                new ReportModel.SloModel(r.slo(), r.sloDescription(), r.sloMet()),
                r.knee() == null ? null : new ReportModel.KneeModel(r.knee().stepIndex(), r.knee().offeredRps(),
                        r.knee().achievedRps()),
                r.partial(), r.gaps(),
                new ReportModel.RunModel(r.run().startMillis(), r.run().endMillis(), r.run().targets(),
                        r.run().events().stream().map(ModelBuilder::event).toList(), processes(r.run()),
                        r.run().hostViews()),
                r.resources().stream().map(x -> new ReportModel.ResourceModel(x.id(), x.name(), x.utilization(),
                        x.saturation())).toList(),
                java.util.stream.IntStream.range(0, r.steps().size())
                        .mapToObj(i -> step(r.steps().get(i), r.costs().get(i))).toList(),
                r.stepNotes().stream().map(StepNoteText::model).toList(),
                r.fleet().isEmpty() ? null : new ReportModel.FleetModel(r.fleet().stream().map(ModelBuilder::fleet).toList()),
                prediction(r.prediction()),
                r.next() == null ? null : new ReportModel.NextBottleneckModel(r.next().after().id(), r.next().next().id(),
                        r.next().boundRps(), r.next().caveat()),
                r.demands().stream().map(d -> new ReportModel.DemandModel(d.resource().id(), d.utilizationPerRps(),
                        d.backgroundUtilization(), d.boundRps(),
                        d.basis() == Demand.Basis.SHARED ? d.resource().sharedUtilization() : null,
                        d.basis() == Demand.Basis.REQUESTS ? d.resource().requestUtilization() : null,
                        d.lowRps(), d.highRps(), d.caveat())).toList(),
                r.rules().stream().map(x -> new ReportModel.RuleModel(x.id(), x.resource(), x.severity(), x.origin(),
                        x.missingSignals())).toList(),
                r.charts(), recording(r.recording()));
    }

    private static ReportModel.RecordingModel recording(Report.Recording r) {
        if (r == null) {
            return null;
        }
        List<ReportModel.NotRecordedModel> out = new ArrayList<>();
        r.before().forEach(s -> out.add(notRecorded(s, null, BEFORE)));
        r.after().forEach(s -> out.add(notRecorded(s, s.index(), AFTER)));
        boolean cut = r.end() != null;
        return new ReportModel.RecordingModel(cut ? r.end().atMillis() : null, cut ? r.end().reason() : null,
                cut ? r.end().unreadableBytes() : null, r.text(), out);
    }

    private static ReportModel.NotRecordedModel notRecorded(Step s, Integer index, String why) {
        return new ReportModel.NotRecordedModel(index, s.startMillis(), s.endMillis(), s.offeredRps(), lower(s.source()), why);
    }

    private static List<ReportModel.ProcessModel> processes(Report.Run run) {
        return run.targets().stream().flatMap(t -> run.processes().getOrDefault(t, List.of()).stream()
                .map(p -> new ReportModel.ProcessModel(t, p.instance(), p.pid(), p.startMillis(), p.command()))).toList();
    }

    private static ReportModel.EventModel event(ScrapeEvent e) {
        return new ReportModel.EventModel(e.target(), e.timeMillis(), lower(e.kind()), e.detail());
    }

    private static ReportModel.StepModel step(StepVerdict v, StepCosts costs) {
        StepTraffic t = v.traffic();
        Finding f = v.firstSaturated();
        return new ReportModel.StepModel(v.step().index(), v.step().startMillis(), v.step().endMillis(),
                v.step().offeredRps(), lower(v.step().source()),
                new ReportModel.TrafficModel(lower(t.source()), t.requests(), t.achievedRps(), t.p50Seconds(),
                        t.p90Seconds(), t.p95Seconds(), t.p99Seconds(), t.errorRate()),
                new ReportModel.StepSloModel(v.sloMet(), v.sloFailures()),
                new ReportModel.LimitModel(v.limit().limited(), v.limit().symptoms().stream()
                        .map(x -> new ReportModel.SymptomModel(x.kind(), x.text())).toList(), v.limit().stoppedMillis()),
                first(v), f == null ? null : f.onsetMillis(),
                v.consequences().stream().map(c -> new ReportModel.ConsequenceModel(c.resource().id(), c.displayName(),
                        c.rule(), lower(c.severity()), c.target(), c.onsetMillis(), c.summary(),
                        c.explainedBy() == null ? null : c.explainedBy().id())).toList(),
                v.resources().stream().map(u -> new ReportModel.UseModel(u.resource().id(), u.utilization(),
                        u.saturation(), u.errors(), u.saturated())).toList(),
                costs.routes().stream().map(c -> new ReportModel.RouteModel(c.route(), c.rps(), c.wallMean(), c.cpuMean(),
                        c.poolWaitMean(), c.jdbcMean(), c.remoteMean())).toList(),
                costs.statements().stream().map(c -> new ReportModel.StatementModel(c.query(), c.callsPerSecond(), c.mean(),
                        c.share())).toList(),
                costs.backgroundHostCpu(), new ReportModel.WaitsModel(costs.waits().coreWaitMean(), costs.waits().lockMean(),
                        costs.waits().parkMean(), costs.waits().socketMean()),
                costs.hostParts().stream().map(p -> new ReportModel.HostPartModel(p.name(), p.process(), p.share())).toList());
    }

    private static ReportModel.FirstSaturatedModel first(StepVerdict v) {
        Finding f = v.firstSaturated();
        if (f == null) {
            ReportModel.HeadroomModel h = v.headroom() == null ? null
                    : new ReportModel.HeadroomModel(v.headroom().resource().id(), v.headroom().utilization());
            return new ReportModel.FirstSaturatedModel(Resource.NONE, null, null, null, null, null, null, null, null,
                    null, h);
        }
        return new ReportModel.FirstSaturatedModel(f.resource().id(), f.displayName(), f.rule(), lower(f.severity()),
                f.target(), f.onsetMillis(), f.summary(), f.advice(), f.evidence(), f.labels(), null);
    }

    private static ReportModel.FleetStepModel fleet(FleetStep f) {
        return new ReportModel.FleetStepModel(f.step(), f.resource(), lower(f.scope()), f.limit(), f.explanation(),
                f.evidence(), f.instances());
    }

    private static ReportModel.PredictionModel prediction(Prediction p) {
        return p == null ? null : new ReportModel.PredictionModel(p.resource().id(), p.boundRps(), p.fromSteps(),
                p.actual() == null ? null : p.actual().id(), p.actualStep(), p.matched(), p.caveat());
    }

    private static String lower(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }
}
