package dev.chokepoint.collector.rules;

/** How bad it is when the rule holds (shown in the report; does not change the verdict). */
public enum Severity {
    INFO, WARNING, CRITICAL
}
