package dev.chokepoint.agent.options;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/metrics.md's option tables against the code, both ways: every option the agent knows is
 * documented with its environment name and default, every documented option exists, and so for
 * the old spellings.
 */
class AgentOptionsDocTest {

    private static final Path DOC = Path.of("..", "docs", "metrics.md");
    private static final Pattern OPTION_ROW = Pattern.compile("^\\| `([a-z0-9.-]+)` \\| `(CHOKEPOINT_[A-Z0-9_]+)` \\| `([^`]*)` \\|");
    private static final Pattern OLD_ROW = Pattern.compile("^\\| `([a-z0-9.-]+)` \\| `([a-z0-9.-]+)` \\|$");

    @Test
    void everyOptionIsDocumentedWithItsEnvironmentNameAndDefaultAndNothingElseIs() throws IOException {
        Map<String, String> documented = new TreeMap<>();
        Map<String, String> inCode = new TreeMap<>();
        for (String line : section()) {
            Matcher m = OPTION_ROW.matcher(line);
            if (m.find()) {
                documented.put(m.group(1), m.group(2) + " " + m.group(3));
            }
        }
        for (Option option : Option.values()) {
            inCode.put(option.key(), option.envName() + " " + option.defaultValue());
        }

        assertThat(documented).isEqualTo(inCode);
    }

    @Test
    void everyOldSpellingIsDocumentedWithItsNewName() throws IOException {
        Map<String, String> documented = new TreeMap<>();
        Map<String, String> inCode = new TreeMap<>();
        for (String line : section()) {
            Matcher m = OLD_ROW.matcher(line);
            if (m.find()) {
                documented.put(m.group(1), m.group(2));
            }
        }
        for (OldName old : OldName.values()) {
            inCode.put(old.key(), old.now().key());
        }

        assertThat(documented).isEqualTo(inCode);
    }

    private static List<String> section() throws IOException {
        List<String> out = new ArrayList<>();
        boolean in = false;
        for (String line : Files.readAllLines(DOC)) {
            if (line.startsWith("## ")) {
                in = line.equals("## Agent options");
            } else if (in) {
                out.add(line);
            }
        }
        assertThat(out).as("## Agent options in " + DOC).isNotEmpty();
        return out;
    }
}
