package dev.chokepoint.examples.market.ingest;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

class IngestWriterTest {

    @Test
    void countsTheTopLevelEventsOfABatchIgnoringNestedObjectsAndBracesInStrings() {
        String batch = "[{\"type\":\"a\",\"context\":{\"x\":1}},{\"type\":\"b {not an event}\"},{\"t\":\"\\\"{\"}]";

        assertThat(IngestWriter.countEvents(batch.getBytes(StandardCharsets.UTF_8))).isEqualTo(3);
    }
}
