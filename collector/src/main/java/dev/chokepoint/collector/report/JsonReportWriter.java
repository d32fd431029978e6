package dev.chokepoint.collector.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import dev.chokepoint.collector.report.model.ReportModel;

import java.io.IOException;
import java.io.OutputStream;

/**
 * The report model serialized by Jackson (schema in docs/report.md). Unknown numbers are NaN in
 * the model and null here, never NaN (which is not JSON).
 */
public final class JsonReportWriter implements ReportWriter {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)
            .registerModule(new SimpleModule("unknown-numbers-as-null")
                    .addSerializer(Double.class, new UnknownAsNull())
                    .addSerializer(Double.TYPE, new UnknownAsNull()));

    @Override
    public void write(ReportModel r, OutputStream out) throws IOException {
        MAPPER.writeValue(out, r);
    }

    /** Any model (the report's, the comparison's) with the same conventions: unknown numbers as null. */
    static void writeModel(Object model, OutputStream out) throws IOException {
        MAPPER.writeValue(out, model);
    }

    /** NaN and infinities are "not measured": null. */
    private static final class UnknownAsNull extends JsonSerializer<Double> {
        @Override
        public void serialize(Double v, JsonGenerator g, SerializerProvider p) throws IOException {
            if (v == null || v.isNaN() || v.isInfinite()) {
                g.writeNull();
            } else {
                g.writeNumber(v);
            }
        }
    }
}
