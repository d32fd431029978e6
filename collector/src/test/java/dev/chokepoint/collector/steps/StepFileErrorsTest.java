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
                .hasMessageStartingWith(file + ":1: not a JSON line");
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
    void jtlWithoutItsHeader() throws IOException {
        Path file = write("run.jtl", "1764450000000,12,GET,200,OK,t1,text,true\n");

        assertThatThrownBy(() -> new StepSource(StepSource.Kind.JMETER, file).steps(null))
                .hasMessageStartingWith(file + ":1: no column 'timeStamp' in the header");
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
