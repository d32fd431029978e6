package dev.chokepoint.collector.signals;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** Rule authors read the catalog in docs/report.md: every signal the code offers must be there. */
class SignalCatalogDocsTest {

    @Test
    void every_signal_is_documented() throws Exception {
        String docs = Files.readString(Path.of("..", "docs", "report.md"));

        assertThat(SignalCatalog.signals().keySet()).allSatisfy(name -> assertThat(docs).contains("| `" + name + "` |"));
    }
}
