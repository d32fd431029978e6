package dev.chokepoint.collector.cli;

import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Options renamed so that a newcomer cannot take one for another ({@code --step}, a duration,
 * beside {@code --steps}, a file). The old names stay as hidden options that set the same value,
 * so scripts keep working; each one used prints one stderr line naming its new name.
 */
final class RenamedOptions {

    /** Old name → new name. */
    static final Map<String, String> NEW_NAMES;

    static {
        Map<String, String> names = new LinkedHashMap<>();
        names.put("--step", "--step-duration");
        names.put("--steps", "--steps-file");
        names.put("--probe", "--probe-duration");
        names.put("--start", "--start-rate");
        names.put("--prometheus-step", "--prometheus-interval");
        NEW_NAMES = Map.copyOf(names);
    }

    private RenamedOptions() {
    }

    /** Runs the parsed command after one line per old name it was given. */
    static CommandLine.IExecutionStrategy warningFirst(PrintWriter err) {
        return parsed -> {
            warn(parsed, err);
            return new CommandLine.RunLast().execute(parsed);
        };
    }

    static void warn(ParseResult parsed, PrintWriter err) {
        for (ParseResult p = parsed; p != null; p = p.subcommand()) {
            for (OptionSpec option : p.matchedOptions()) {
                String now = NEW_NAMES.get(option.longestName());
                if (now != null && option.hidden()) {
                    err.println("chokepoint: " + option.longestName() + " is now " + now
                            + " (the old name still works; please update the command)");
                }
            }
        }
        err.flush();
    }
}
