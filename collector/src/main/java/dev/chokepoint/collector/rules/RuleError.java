package dev.chokepoint.collector.rules;

/** One problem in a rule file, located: {@code file:line: rule 'id': message}. */
public record RuleError(String file, int line, String ruleId, String message) {

    @Override
    public String toString() {
        return file + ":" + line + ": " + (ruleId == null ? "" : "rule '" + ruleId + "': ") + message;
    }
}
