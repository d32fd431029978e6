package dev.chokepoint.collector.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.chokepoint.collector.fleet.FleetStep;
import dev.chokepoint.collector.store.ScrapeEvent;
import dev.chokepoint.collector.verdict.Demand;
import dev.chokepoint.collector.verdict.Finding;
import dev.chokepoint.collector.verdict.Prediction;
import dev.chokepoint.collector.verdict.ResourceUse;
import dev.chokepoint.collector.verdict.StepVerdict;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Locale;

/**
 * The report as JSON, schema documented in docs/report.md. Built field by field (not by
 * serializing the records) so the schema stays stable when the code changes; unknown numbers are
 * null, never NaN (which is not JSON).
 */
public final class JsonReportWriter implements ReportWriter {

    public static final int SCHEMA = 1;

    private final ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);

    @Override
    public void write(Report r, OutputStream out) throws IOException {
        ObjectNode root = mapper.createObjectNode();
        root.put("schema", SCHEMA);
        root.put("headline", r.headline());
        ObjectNode slo = root.putObject("slo");
        slo.put("text", r.slo());
        slo.put("description", r.sloDescription());
        slo.put("met", r.sloMet());
        if (r.knee() == null) {
            root.putNull("knee");
        } else {
            ObjectNode k = root.putObject("knee");
            k.put("step", r.knee().stepIndex());
            num(k, "offeredRps", r.knee().offeredRps());
            num(k, "achievedRps", r.knee().achievedRps());
        }
        root.put("partial", r.partial());
        r.gaps().forEach(root.putArray("gaps")::add);
        if (r.gaps().isEmpty()) {
            root.putArray("gaps");
        }
        run(r, root.putObject("run"));
        ArrayNode steps = root.putArray("steps");
        r.steps().forEach(v -> step(v, steps.addObject()));
        fleet(r, root);
        prediction(r.prediction(), root);
        ArrayNode demands = root.putArray("demands");
        for (Demand d : r.demands()) {
            ObjectNode o = demands.addObject();
            o.put("resource", d.resource().id());
            num(o, "utilizationPerRps", d.utilizationPerRps());
            num(o, "boundRps", d.boundRps());
        }
        ArrayNode rules = root.putArray("rules");
        for (Report.RuleInfo ri : r.rules()) {
            ObjectNode o = rules.addObject();
            o.put("id", ri.id());
            o.put("resource", ri.resource());
            o.put("severity", ri.severity());
            o.put("origin", ri.origin());
            ri.missingSignals().forEach(o.putArray("missingSignals")::add);
            if (ri.missingSignals().isEmpty()) {
                o.putArray("missingSignals");
            }
        }
        mapper.writeValue(out, root);
    }

    private void run(Report r, ObjectNode o) {
        o.put("startMillis", r.run().startMillis());
        o.put("endMillis", r.run().endMillis());
        ArrayNode targets = o.putArray("targets");
        r.run().targets().forEach(targets::add);
        ArrayNode events = o.putArray("events");
        for (ScrapeEvent e : r.run().events()) {
            ObjectNode ev = events.addObject();
            ev.put("target", e.target());
            ev.put("timeMillis", e.timeMillis());
            ev.put("kind", e.kind().name().toLowerCase(Locale.ROOT));
            ev.put("detail", e.detail());
        }
    }

    private void step(StepVerdict v, ObjectNode o) {
        o.put("index", v.step().index());
        o.put("startMillis", v.step().startMillis());
        o.put("endMillis", v.step().endMillis());
        num(o, "offeredRps", v.step().offeredRps());
        o.put("stepSource", v.step().source().name().toLowerCase(Locale.ROOT));
        ObjectNode t = o.putObject("traffic");
        t.put("source", v.traffic().source().name().toLowerCase(Locale.ROOT));
        num(t, "requests", v.traffic().requests());
        num(t, "achievedRps", v.traffic().achievedRps());
        num(t, "p50Seconds", v.traffic().p50Seconds());
        num(t, "p90Seconds", v.traffic().p90Seconds());
        num(t, "p95Seconds", v.traffic().p95Seconds());
        num(t, "p99Seconds", v.traffic().p99Seconds());
        num(t, "errorRate", v.traffic().errorRate());
        ObjectNode slo = o.putObject("slo");
        if (v.sloMet() == null) {
            slo.putNull("met");
        } else {
            slo.put("met", v.sloMet());
        }
        v.sloFailures().forEach(slo.putArray("failures")::add);
        if (v.sloFailures().isEmpty()) {
            slo.putArray("failures");
        }
        ObjectNode first = o.putObject("firstSaturated");
        Finding f = v.firstSaturated();
        if (f == null) {
            first.put("resource", "none");
            if (v.headroom() != null) {
                ObjectNode h = first.putObject("headroom");
                h.put("resource", v.headroom().resource().id());
                num(h, "utilization", v.headroom().utilization());
            }
            o.putNull("onsetMillis");
        } else {
            finding(f, first);
            first.put("advice", f.advice());
            ObjectNode ev = first.putObject("evidence");
            f.evidence().forEach((k, x) -> num(ev, k, x));
            ObjectNode labels = first.putObject("labels");
            f.labels().forEach(labels::put);
            o.put("onsetMillis", f.onsetMillis());
        }
        ArrayNode cons = o.putArray("consequences");
        for (Finding c : v.consequences()) {
            ObjectNode co = cons.addObject();
            finding(c, co);
            co.put("explainedBy", c.explainedBy() == null ? null : c.explainedBy().id());
        }
        ArrayNode res = o.putArray("resources");
        for (ResourceUse u : v.resources()) {
            ObjectNode ro = res.addObject();
            ro.put("resource", u.resource().id());
            num(ro, "utilization", u.utilization());
            num(ro, "saturation", u.saturation());
            num(ro, "errors", u.errors());
            ro.put("saturated", u.saturated());
        }
    }

    private void fleet(Report r, ObjectNode root) {
        if (r.fleet().isEmpty()) {
            root.putNull("fleet");
            return;
        }
        ArrayNode steps = root.putObject("fleet").putArray("steps");
        for (FleetStep f : r.fleet()) {
            ObjectNode o = steps.addObject();
            o.put("index", f.step());
            o.put("resource", f.resource());
            o.put("scope", f.scope().name().toLowerCase(Locale.ROOT));
            o.put("limit", f.limit());
            o.put("explanation", f.explanation());
            ObjectNode ev = o.putObject("evidence");
            f.evidence().forEach((k, x) -> num(ev, k, x));
            ArrayNode instances = o.putArray("instances");
            for (FleetStep.InstanceStep i : f.instances()) {
                ObjectNode io = instances.addObject();
                io.put("instance", i.instance());
                io.put("saturated", i.saturated());
                if (i.onsetMillis() == null) {
                    io.putNull("onsetMillis");
                } else {
                    io.put("onsetMillis", i.onsetMillis());
                }
                io.put("firstSaturated", i.firstSaturated());
                io.put("rule", i.rule());
                num(io, "requestRate", i.requestRate());
                num(io, "requestShare", i.requestShare());
            }
        }
    }

    private void finding(Finding f, ObjectNode o) {
        o.put("resource", f.resource().id());
        o.put("rule", f.rule());
        o.put("severity", f.severity().name().toLowerCase(Locale.ROOT));
        o.put("target", f.target());
        o.put("onsetMillis", f.onsetMillis());
        o.put("summary", f.summary());
    }

    private void prediction(Prediction p, ObjectNode root) {
        if (p == null) {
            root.putNull("prediction");
            return;
        }
        ObjectNode o = root.putObject("prediction");
        o.put("resource", p.resource().id());
        num(o, "boundRps", p.boundRps());
        p.fromSteps().forEach(o.putArray("fromSteps")::add);
        o.put("actualResource", p.actual() == null ? null : p.actual().id());
        if (p.actualStep() == null) {
            o.putNull("actualStep");
        } else {
            o.put("actualStep", p.actualStep());
        }
        if (p.matched() == null) {
            o.putNull("matched");
        } else {
            o.put("matched", p.matched());
        }
    }

    private static void num(ObjectNode o, String field, double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            o.putNull(field);
        } else {
            o.put(field, v);
        }
    }
}
