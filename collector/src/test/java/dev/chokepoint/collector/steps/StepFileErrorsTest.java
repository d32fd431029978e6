package dev.chokepoint.collector.steps;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Every malformed steps file is rejected with file:line and what to do about it. */
class StepFileErrorsTest {

    @TempDir
    Path dir;

    @Test
    void k6LineThatIsNotJson() throws IOException {
        Path file = write("k6.json", """
                {"type":"Metric","data":{"name":"http_reqs","type":"counter"},"metric":"http_reqs"}
                {"metric":"http_reqs","type":"Point","data":{"time":"2025-11-29T21:00:00Z","value":1,"tags":{}}}
                {"metric":"http_reqs","type":"Point","data":{"time":"2025-11-29T21:00:01Z",
                """);

        assertThatThrownBy(() -> new StepSource(StepSource.Kind.K6, file).steps(null))
                .isInstanceOf(StepsException.class)
                .hasMessageStartingWith(file + ":3: not a JSON line")
                .hasMessageContaining("k6 run --out json=FILE");
    }

    @Test
    void k6TimeThatIsNotRfc3339() throws IOException {
        Path file = write("k6.json", """
                {"metric":"http_reqs","type":"Point","data":{"time":"yesterday","value":1,"tags":{}}}
                """);

        assertThatThrownBy(() -> new StepSource(StepSource.Kind.K6, file).steps(null))
                .hasMessageStartingWith(file + ":1: data.time 'yesterday' is not an RFC 3339 time");
    }

    @Test
    void k6FileOfAnotherTool() throws IOException {
        Path file = write("k6.json", "timeStamp,elapsed\n1,2\n");

        assertThatThrownBy(() -> new StepSource(StepSource.Kind.K6, file).steps(null))
                .hasMessageStartingWith(file + ":1: not a JSON line: `timeStamp,elapsed`")
                .hasMessageContaining("(a JMeter JTL: read it with --jtl)");
    }

    @Test
    void jtlWithFormattedTimestamps() throws IOException {
        Path file = write("run.jtl", """
                timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success
                2025/11/29 21:00:00.000,12,GET,200,OK,t1,text,true
                """);

        assertThatThrownBy(() -> new StepSource(StepSource.Kind.JMETER, file).steps(null))
                .hasMessageStartingWith(file + ":2: timeStamp '2025/11/29 21:00:00.000' is not epoch milliseconds")
                .hasMessageContaining("timestamp_format=ms");
    }

    @Test
    void jtlWithoutItsHeaderSaysTheHeaderIsMissingAndHowToGetIt() throws IOException {
        // JMeter with jmeter.save.saveservice.print_field_names=false (older versions' default)
        Path file = write("run.jtl", """
                1764450000000,12,GET,200,OK,t1,text,true,,512,0,1,1,http://127.0.0.1/,10,0,2
                1764450000100,14,GET,200,OK,t1,text,true,,512,0,1,1,http://127.0.0.1/,12,0,2
                """);

        assertThatThrownBy(() -> new StepSource(StepSource.Kind.JMETER, file).steps(null))
                .isInstanceOf(StepsException.class)
                .hasMessageStartingWith(file + ":1: the header line is missing: the first line "
                        + "`1764450000000,12,GET,200,OK,t1,text,true,,512,0,1,1,http://127.0.0.1/,10,0,2` is a sample")
                .hasMessageContaining("expected a JMeter results file (JTL) in CSV form whose first line names its "
                        + "columns: timeStamp,elapsed,label,responseCode")
                .hasMessageContaining("-Jjmeter.save.saveservice.print_field_names=true");
    }

    @Test
    void jtlWhoseHeaderLacksAColumnNamesItTheHeaderAndTheFix() throws IOException {
        Path file = write("run.jtl", """
                timeStamp,elapsed,label,responseCode
                1764450000000,12,GET,200
                """);

        assertThatThrownBy(() -> new StepSource(StepSource.Kind.JMETER, file).steps(null))
                .hasMessageStartingWith(file + ":1: no column 'success' in the header line "
                        + "`timeStamp,elapsed,label,responseCode`; expected a JMeter results file (JTL) in CSV form "
                        + "with the columns timeStamp,elapsed,success")
                .hasMessageContaining("fix: write it with `jmeter -n -t plan.jmx -l results.jtl`");
    }

    @Test
    void jtlInXmlFormSaysToWriteCsv() throws IOException {
        Path file = write("run.jtl", """
                <?xml version="1.0" encoding="UTF-8"?>
                <testResults version="1.2">
                """);

        assertThatThrownBy(() -> new StepSource(StepSource.Kind.JMETER, file).steps(null))
                .hasMessageStartingWith(file + ":1: this is a JTL in XML form")
                .hasMessageContaining("-Jjmeter.save.saveservice.output_format=csv")
                .hasMessageContaining("first line `<?xml version=\"1.0\" encoding=\"UTF-8\"?>`");
    }

    @Test
    void emptyJtlSaysWhatWasExpected() throws IOException {
        Path file = write("run.jtl", "\n");

        assertThatThrownBy(() -> new StepSource(StepSource.Kind.JMETER, file).steps(null))
                .hasMessageStartingWith(file + ":1: empty file; expected a JMeter results file (JTL) in CSV form "
                        + "starting with the header line timeStamp,elapsed,");
    }

    @Test
    void heyCsvWithoutItsHeaderSaysToKeepTheFirstLine() throws IOException {
        write("step-1.csv", "0.0123,0.0001,0,0,0.012,0,200,0.0105\n");
        Path file = write("steps.csv", """
                step,start_ms,end_ms,offered_rps,hey_csv
                1,1764450000000,1764450030000,20,step-1.csv
                """);

        assertThatThrownBy(() -> new StepSource(StepSource.Kind.SCHEDULE, file).steps(null))
                .hasMessageStartingWith(dir.resolve("step-1.csv").toAbsolutePath() + ":1: the header line is missing: "
                        + "the first line `0.0123,0.0001,0,0,0.012,0,200,0.0105` is a sample")
                .hasMessageContaining("expected hey's CSV output whose first line names its columns: response-time,")
                .hasMessageContaining("hey -o csv writes the header line itself");
    }

    @Test
    void heyTextSummarySaysToUseCsvOutput() throws IOException {
        write("step-1.csv", """

                Summary:
                  Total:	3.0021 secs
                """);
        Path file = write("steps.csv", """
                step,start_ms,end_ms,offered_rps,hey_csv
                1,1764450000000,1764450030000,20,step-1.csv
                """);

        assertThatThrownBy(() -> new StepSource(StepSource.Kind.SCHEDULE, file).steps(null))
                .hasMessageContaining("step-1.csv:1: this is hey's text summary, not its CSV: run hey with -o csv")
                .hasMessageContaining("expected hey's CSV output starting with the header line response-time,");
    }

    @Test
    void scheduleWithoutItsHeader() throws IOException {
        Path file = write("steps.csv", "1,1764450000000,1764450030000,20,\n");

        assertThatThrownBy(() -> new StepSource(StepSource.Kind.SCHEDULE, file).steps(null))
                .hasMessageStartingWith(file + ":1: the header line is missing: the first line "
                        + "`1,1764450000000,1764450030000,20,` is a sample")
                .hasMessageContaining("put the header line step,start_ms,end_ms,offered_rps,hey_csv first");
    }

    @Test
    void k6CsvOutputSaysToWriteJson() throws IOException {
        Path file = write("k6.json", """
                metric_name,timestamp,metric_value,check,error,error_code,expected_response,group,method
                http_reqs,1764450000,1.000000,,,,true,,GET
                """);

        assertThatThrownBy(() -> new StepSource(StepSource.Kind.K6, file).steps(null))
                .hasMessageStartingWith(file + ":1: not a JSON line: `metric_name,timestamp,")
                .hasMessageContaining("(k6's CSV output, --out csv)")
                .hasMessageContaining("the file of `k6 run --out json=FILE`");
    }

    @Test
    void k6SummaryExportSaysItHasNoPoints() throws IOException {
        Path file = write("k6.json", """
                {
                  "metrics": {
                    "http_reqs": {"count": 120, "rate": 19.9},
                    "http_req_duration": {"avg": 12.1}
                  }
                }
                """);

        assertThatThrownBy(() -> new StepSource(StepSource.Kind.K6, file).steps(null))
                .hasMessageStartingWith(file + ":1: not a JSON line: the file is one JSON document over many lines, "
                        + "like k6's end-of-test summary")
                .hasMessageContaining("k6 run --out json=FILE");
    }

    @Test
    void k6FileWithoutRequestsSaysWhatItHas() throws IOException {
        Path file = write("k6.json", """
                {"type":"Metric","data":{"name":"vus","type":"gauge"},"metric":"vus"}
                {"metric":"vus","type":"Point","data":{"time":"2025-11-29T21:00:00Z","value":1,"tags":{}}}
                """);

        assertThatThrownBy(() -> new StepSource(StepSource.Kind.K6, file).steps(null))
                .hasMessageStartingWith(file + ": no http_reqs points in its 2 lines (first line `{\"type\":\"Metric\"")
                .hasMessageContaining("expected k6's JSON lines with {\"type\":\"Point\",\"metric\":\"http_reqs\",…}")
                .hasMessageContaining("from a script that makes HTTP requests");
    }

    @Test
    void scheduleStepEndingBeforeItStarts() throws IOException {
        Path file = write("steps.csv", """
                step,start_ms,end_ms,offered_rps,hey_csv
                1,1764450000000,1764450030000,20,
                2,1764450030000,1764450020000,50,
                """);

        assertThatThrownBy(() -> new StepSource(StepSource.Kind.SCHEDULE, file).steps(null))
                .hasMessageStartingWith(file + ":3: end_ms 1764450020000 is not after start_ms 1764450030000");
    }

    @Test
    void scheduleNamingAMissingHeyFile() throws IOException {
        Path file = write("steps.csv", """
                step,start_ms,end_ms,offered_rps,hey_csv
                1,1764450000000,1764450030000,20,step-1.csv
                """);

        assertThatThrownBy(() -> new StepSource(StepSource.Kind.SCHEDULE, file).steps(null))
                .hasMessageStartingWith(file + ":2: hey_csv ")
                .hasMessageContaining("step-1.csv does not exist");
    }

    @Test
    void scheduleWithANonNumericRate() throws IOException {
        Path file = write("steps.csv", """
                step,start_ms,end_ms,offered_rps
                1,1764450000000,1764450030000,fast
                """);

        assertThatThrownBy(() -> new StepSource(StepSource.Kind.SCHEDULE, file).steps(null))
                .hasMessageStartingWith(file + ":2: offered_rps must be a number, got 'fast'");
    }

    @Test
    void missingFile() {
        Path file = dir.resolve("nowhere.json");

        assertThatThrownBy(() -> new StepSource(StepSource.Kind.K6, file).steps(null))
                .isInstanceOf(StepsException.class)
                .hasMessageContaining("does not exist; --k6-json names the file the load tool writes");
    }

    private Path write(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content);
    }
}
