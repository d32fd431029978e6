package dev.chokepoint.examples.scenario;

import java.util.List;

/** A scenario file that cannot be used; the message names the file and every problem found. */
public class ScenarioException extends RuntimeException {

    private final List<String> problems;

    public ScenarioException(String file, List<String> problems) {
        super(file + ": " + String.join("; ", problems));
        this.problems = List.copyOf(problems);
    }

    public List<String> problems() {
        return problems;
    }
}
