package dev.chokepoint.collector.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/cli.md lists every option of every command, and nothing else: its options table against
 * the picocli model, and its renamed-options table against {@link RenamedOptions}.
 */
class CliDocsTest {

    private static final Path DOC = Path.of("..", "docs", "cli.md");
    private static final Pattern ROW = Pattern.compile("^\\| `(--[a-z0-9-]+)[^`]*` \\| ([^|]*) \\|");
    private static final Pattern RENAMED_ROW = Pattern.compile("^\\| `(--[a-z0-9-]+)` \\| `(--[a-z0-9-]+)` \\|");

    private final CommandLine root = ChokepointCommand.commandLine(new CapturedConsole().console(), Interrupts.NONE);

    @Test
    void everyOptionOfEveryCommandIsDocumentedWithTheCommandsThatTakeIt() throws IOException {
        Map<String, Set<String>> documented = table(section("## Options"), ROW);

        assertThat(documented).as("docs/cli.md ## Options: option → commands").isEqualTo(inCode());
    }

    @Test
    void everyRenamedOptionIsDocumentedWithItsNewName() throws IOException {
        Map<String, String> documented = new TreeMap<>();
        for (String line : section("## Renamed options")) {
            Matcher m = RENAMED_ROW.matcher(line);
            if (m.find()) {
                documented.put(m.group(1), m.group(2));
            }
        }

        assertThat(documented).isEqualTo(new TreeMap<>(RenamedOptions.NEW_NAMES));
    }

    @Test
    void everyCommandIsInTheCommandsTable() throws IOException {
        String doc = Files.readString(DOC);

        for (String command : root.getSubcommands().keySet()) {
            assertThat(doc).as(command).contains("| `chokepoint " + command + " ");
        }
    }

    @Test
    void withoutATargetTheAgentsDefaultEndpointIsScraped() throws IOException {
        // The agent's defaults as docs/metrics.md gives them (AgentOptionsDocTest holds them to the agent's code).
        String agentOptions = Files.readString(Path.of("..", "docs", "metrics.md"));
        Matcher port = Pattern.compile("\\| `port` \\| `CHOKEPOINT_PORT` \\| `(\\d+)` \\|").matcher(agentOptions);
        Matcher host = Pattern.compile("\\| `host` \\| `CHOKEPOINT_HOST` \\| `([^`]+)` \\|").matcher(agentOptions);

        assertThat(port.find() && host.find()).as("port and host rows in docs/metrics.md").isTrue();
        assertThat(TargetOptions.AGENT_DEFAULT.toString()).isEqualTo("http://" + host.group(1) + ":" + port.group(1) + "/metrics");
        assertThat(new TargetOptions().targets()).containsExactly(TargetOptions.AGENT_DEFAULT);
    }

    /** Every visible option's longest name → the commands that have it; help and version left out. */
    private Map<String, Set<String>> inCode() {
        Map<String, Set<String>> out = new TreeMap<>();
        root.getSubcommands().forEach((name, sub) -> {
            for (OptionSpec option : sub.getCommandSpec().options()) {
                if (!option.hidden() && !option.usageHelp() && !option.versionHelp()) {
                    out.computeIfAbsent(option.longestName(), k -> new TreeSet<>()).add(name);
                }
            }
        });
        return out;
    }

    private static Map<String, Set<String>> table(List<String> lines, Pattern row) {
        Map<String, Set<String>> out = new TreeMap<>();
        for (String line : lines) {
            Matcher m = row.matcher(line);
            if (m.find()) {
                Set<String> commands = Arrays.stream(m.group(2).split(",")).map(String::strip)
                        .collect(Collectors.toCollection(TreeSet::new));
                assertThat(out.put(m.group(1), commands)).as("documented twice: " + m.group(1)).isNull();
            }
        }
        return out;
    }

    /** The lines under {@code heading}, up to the next heading of its level. */
    private static List<String> section(String heading) throws IOException {
        List<String> out = new ArrayList<>();
        boolean in = false;
        for (String line : Files.readAllLines(DOC)) {
            if (line.startsWith("## ")) {
                in = line.equals(heading);
            } else if (in) {
                out.add(line);
            }
        }
        assertThat(out).as(heading + " in " + DOC).isNotEmpty();
        return out;
    }
}
