package dev.chokepoint.collector.cli;

import dev.chokepoint.collector.drive.HeyEngine;
import dev.chokepoint.collector.drive.RequestSpec;
import dev.chokepoint.collector.drive.RequestsFileException;
import dev.chokepoint.collector.steps.StepSource;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What {@code run --stairs} and {@code search} share: the requests read and checked, the engine
 * opened in the run folder beside the recording, and the words for run.json's command.
 */
final class BuiltInLoad {

    /**
     * A step shorter than the analysis window (5 s: a step is judged from one window after its
     * start, the first still averages the previous step) plus a rule's sustain (5 s) cannot get a
     * verdict: any resource that saturated in it comes out "unattributed".
     */
    static final Duration SHORTEST_JUDGED_STEP = Duration.ofSeconds(10);

    private BuiltInLoad() {
    }

    /**
     * The warning for stairs whose steps are too short to name a resource, or null. A warning, not
     * a refusal: short steps still check a schedule or a service's answers.
     */
    static String shortStepWarning(Duration step) {
        if (step.compareTo(SHORTEST_JUDGED_STEP) >= 0) {
            return null;
        }
        return "chokepoint: steps of " + step.toMillis() / 1000.0 + " s are shorter than a verdict needs ("
                + SHORTEST_JUDGED_STEP.toSeconds() + " s: a step is judged from 5 s after its start and a rule must hold"
                + " 5 s); the report can say whether a step kept up, not which resource saturated: use --step-duration "
                + SHORTEST_JUDGED_STEP.toSeconds() + "s or more";
    }

    /** The requests, or null after saying on stderr what is wrong with them. */
    static List<RequestSpec> requests(RequestOptions options, PrintStream err) {
        if (!options.given()) {
            err.println("chokepoint: the built-in engine needs --url URL (repeatable) or --requests FILE");
            return null;
        }
        try {
            return options.requests();
        } catch (RequestsFileException e) {
            err.println("chokepoint: --requests " + e.getMessage());
            return null;
        }
    }

    /** The schedule the engine writes, as the steps' source. */
    static StepSource schedule(java.nio.file.Path out) {
        return new StepSource(StepSource.Kind.SCHEDULE, out.resolve(HeyEngine.SCHEDULE));
    }

    /** run.json's command: what was asked of the engine, as a user would repeat it. */
    static List<String> described(String verb, List<RequestSpec> requests, List<String> rest) {
        List<String> out = new ArrayList<>(List.of("chokepoint", verb));
        out.addAll(rest);
        requests.forEach(r -> out.add(r.method() + " " + r.url()));
        return out;
    }

    /**
     * After the last step, one more scrape interval (and a little) so that the step's end is
     * covered by a scrape; pacing, not waiting for a condition.
     */
    static void lastScrape(Duration interval) throws InterruptedException {
        TimeUnit.MILLISECONDS.sleep(interval.toMillis() + 200);
    }

    static String engineMissing() {
        return "chokepoint: hey, the built-in engine, is not installed: `apt-get install hey` (Debian) or "
                + "examples/setup/install-tools.sh; or bring your own load tool: chokepoint run … -- COMMAND";
    }
}
