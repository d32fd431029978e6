package dev.chokepoint.collector.compare;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import dev.chokepoint.collector.report.model.ReportModel;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A run's report.json back into the report model: a run folder (its report.json) or the file
 * itself. report.json writes unknown numbers as null; they come back as NaN, as the model holds them.
 */
public final class ReportReader {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .registerModule(new SimpleModule("null-numbers-as-unknown")
                    .addDeserializer(Double.TYPE, new NullAsNaN())
                    .addDeserializer(Double.class, new NullAsNaN()));

    private ReportReader() {
    }

    public static ReportModel read(Path runOrReport) throws CompareException {
        Path file = Files.isDirectory(runOrReport) ? runOrReport.resolve("report.json") : runOrReport;
        if (!Files.exists(runOrReport)) {
            throw new CompareException(runOrReport + ": no such run folder or file; give a run folder "
                    + "(chokepoint run --out DIR) or its report.json", null);
        }
        if (!Files.isRegularFile(file)) {
            throw new CompareException(runOrReport + " holds no report.json; write it with `chokepoint analyze "
                    + runOrReport + "`", null);
        }
        ReportModel model;
        try {
            model = MAPPER.readValue(file.toFile(), ReportModel.class);
        } catch (IOException e) {
            throw new CompareException(file + " is not a chokepoint report.json (" + e.getMessage().lines().findFirst()
                    .orElse("") + "); give the report.json that chokepoint run or analyze wrote", e);
        }
        if (model.schema() != ReportModel.SCHEMA || model.steps() == null) {
            throw new CompareException(file + ": report schema " + model.schema() + ", this chokepoint reads schema "
                    + ReportModel.SCHEMA + "; write it again with `chokepoint analyze` on the run folder", null);
        }
        return model;
    }

    /** null (and NaN spelled as null by the writer) reads as "not measured". */
    private static final class NullAsNaN extends JsonDeserializer<Double> {
        @Override
        public Double deserialize(JsonParser p, DeserializationContext ctx) throws IOException {
            return p.getValueAsDouble(Double.NaN);
        }

        @Override
        public Double getNullValue(DeserializationContext ctx) {
            return Double.NaN;
        }
    }
}
