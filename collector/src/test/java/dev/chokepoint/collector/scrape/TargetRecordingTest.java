package dev.chokepoint.collector.scrape;

import dev.chokepoint.collector.store.RunMetadata;
import dev.chokepoint.collector.store.RunReader;
import dev.chokepoint.collector.store.RunWriter;
import dev.chokepoint.collector.store.ScrapeEvent;
import dev.chokepoint.collector.store.ScrapeEvent.Kind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/** A restart is the process changing, not one series going down (issue 40). */
class TargetRecordingTest {

    private static final String TARGET = "http://127.0.0.1:9464/metrics";
    private static final long T0 = 1_764_450_000_000L;
    private static final Identity AGENT = new Identity("6f1c2a52-0c57-4a0e-9d3e-4b7f6c1f2a10", "4242", 1_764_449_990.5);

    @TempDir
    Path dir;

    @Test
    void a_counter_that_goes_down_in_the_same_process_is_a_decrease_not_a_restart() throws IOException {
        // given the agent's core-wait counter dipping once a second in a process whose identity holds
        List<List<ParsedSample>> scrapes = List.of(
                scrape(AGENT, 100, 10, 5.0),
                scrape(AGENT, 110, 11, 4.99),
                scrape(AGENT, 120, 12, 5.1),
                scrape(AGENT, 130, 13, 5.05));

        // when they are recorded
        List<ScrapeEvent> events = record(scrapes);

        // then one decrease names the counter and the process, and nothing is a restart
        assertThat(events).extracting(ScrapeEvent::kind).containsExactly(Kind.COUNTER_DECREASE);
        assertThat(events.get(0).timeMillis()).isEqualTo(T0 + 1000);
        assertThat(events.get(0).detail()).isEqualTo("1 counter(s) went down while the process stayed the same "
                + "(agent instance 6f1c2a52-0c57-4a0e-9d3e-4b7f6c1f2a10, pid 4242, started 20:59:50 UTC): "
                + "chokepoint_request_core_wait_seconds_total 5.0 → 4.99");
    }

    @Test
    void a_new_agent_instance_is_a_restart_even_with_no_counter_down() throws IOException {
        // given the same pid and start time (a container's pid 1, a start second that repeats) and a new agent instance
        Identity next = new Identity("0b9d7c55-51a2-4c4e-8f0e-2e7a4d3c9b61", AGENT.pid, AGENT.startSeconds);

        List<ScrapeEvent> events = record(List.of(scrape(AGENT, 100, 10, 5), scrape(next, 200, 20, 9)));

        // (the old instance's info series is gone: missing, as any series would be)
        assertThat(events).extracting(ScrapeEvent::kind).containsExactly(Kind.RESTART, Kind.MISSING);
        assertThat(events.get(0).detail()).isEqualTo("a new process: agent instance 6f1c2a52-0c57-4a0e-9d3e-4b7f6c1f2a10"
                + " → 0b9d7c55-51a2-4c4e-8f0e-2e7a4d3c9b61");
    }

    @Test
    void a_new_process_start_time_is_a_restart_on_a_plain_actuator_endpoint() throws IOException {
        // given Spring Boot Actuator's endpoint: process_start_time_seconds and no agent
        Identity before = new Identity(null, null, 1_764_449_990.5);
        Identity after = new Identity(null, null, 1_764_450_001.25);

        List<ScrapeEvent> events = record(List.of(scrape(before, 100, 10, 5), scrape(after, 3, 1, 0)));

        assertThat(events).extracting(ScrapeEvent::kind).containsExactly(Kind.RESTART);
        assertThat(events.get(0).detail()).isEqualTo("a new process: started 20:59:50 UTC → 21:00:01 UTC; "
                + "3 of 3 counter(s) went down");
    }

    @Test
    void a_start_time_read_a_few_milliseconds_apart_is_the_same_process() throws IOException {
        // given an exporter that computes its start time and rounds it differently from one scrape to the next
        Identity before = new Identity(null, null, 1_764_449_990.504);
        Identity after = new Identity(null, null, 1_764_449_990.497);

        assertThat(record(List.of(scrape(before, 100, 10, 5), scrape(after, 110, 11, 6)))).isEmpty();
    }

    @Test
    void without_identity_most_counters_going_down_at_once_is_a_restart() throws IOException {
        List<ScrapeEvent> events = record(List.of(scrape(null, 100, 10, 5), scrape(null, 2, 1, 6)));

        assertThat(events).extracting(ScrapeEvent::kind).containsExactly(Kind.RESTART);
        assertThat(events.get(0).detail()).startsWith("2 of 3 counter(s) went down at once (the target exports no "
                + "process identity): http_server_requests_seconds_count{uri=/a} 100.0 → 2.0; ");
    }

    @Test
    void without_identity_one_counter_going_down_is_a_decrease() throws IOException {
        List<ScrapeEvent> events = record(List.of(scrape(null, 100, 10, 5), scrape(null, 110, 11, 4)));

        assertThat(events).extracting(ScrapeEvent::kind).containsExactly(Kind.COUNTER_DECREASE);
        assertThat(events.get(0).detail()).isEqualTo("1 counter(s) went down while the process stayed the same "
                + "(it exports no process identity, and 1 of 3 is under half): "
                + "chokepoint_request_core_wait_seconds_total 5.0 → 4.0");
    }

    @Test
    void a_counter_that_dips_every_second_is_written_once() throws IOException {
        List<List<ParsedSample>> scrapes = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            scrapes.add(scrape(AGENT, 100 + i, 10 + i, 5 + (i % 2 == 0 ? 0.01 : 0)));
        }

        assertThat(record(scrapes)).extracting(ScrapeEvent::kind).containsExactly(Kind.COUNTER_DECREASE);
    }

    /** Writes each scrape a second apart through one target's recording and reads the events back. */
    private List<ScrapeEvent> record(List<List<ParsedSample>> scrapes) throws IOException {
        RunWriter writer = RunWriter.create(dir, RunMetadata.started(List.of(TARGET), T0, 1000, List.of(), null, null));
        TargetRecording recording = new TargetRecording(TARGET, 0, 500);
        for (int i = 0; i < scrapes.size(); i++) {
            recording.record(T0 + i * 1000L, ScrapeOutcome.success(scrapes.get(i), 5), writer);
        }
        writer.close();
        return RunReader.read(dir).events();
    }

    /** {@code identity}: null for a target that exports none (an older agent, another exporter). */
    private static List<ParsedSample> scrape(Identity identity, double requests, double gcPauses, double coreWait) {
        List<ParsedSample> out = new ArrayList<>();
        if (identity != null && identity.instance != null) {
            out.add(sample("chokepoint_agent_info", Map.of("agent_instance", identity.instance, "pid", identity.pid), 1, false));
        }
        if (identity != null) {
            out.add(sample("process_start_time_seconds", Map.of(), identity.startSeconds, false));
        }
        out.add(sample("http_server_requests_seconds_count", Map.of("uri", "/a"), requests, true));
        out.add(sample("jvm_gc_pause_seconds_count", Map.of(), gcPauses, true));
        out.add(sample("chokepoint_request_core_wait_seconds_total", Map.of(), coreWait, true));
        out.add(sample("jvm_threads_live_threads", Map.of(), 40, false));
        return out;
    }

    private static ParsedSample sample(String name, Map<String, String> labels, double value, boolean monotonic) {
        return new ParsedSample(name, new TreeMap<>(labels), value, ParsedSample.NO_TIMESTAMP, monotonic);
    }

    private record Identity(String instance, String pid, double startSeconds) {
    }
}
