package dev.chokepoint.collector.rules;

import java.util.List;
import java.util.stream.Collectors;

/** Rule files did not validate; carries every error found, not only the first. */
public class RuleFileException extends Exception {

    private final List<RuleError> errors;

    public RuleFileException(List<RuleError> errors) {
        super(errors.size() + " error(s) in rule files:\n" + errors.stream().map(RuleError::toString)
                .collect(Collectors.joining("\n")));
        this.errors = List.copyOf(errors);
    }

    public List<RuleError> errors() {
        return errors;
    }
}
