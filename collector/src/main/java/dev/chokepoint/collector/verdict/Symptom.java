package dev.chokepoint.collector.verdict;

/**
 * One sign that a step's load was more than the service could take, whatever the cause:
 * {@code kind} is a word of docs/report.md ({@code behind-offer}, {@code collapsed}, {@code in-flight-growing},
 * {@code latency-inflated}, {@code errors}, {@code stopped-answering}, {@code restarted}),
 * {@code text} says it with the numbers.
 */
public record Symptom(String kind, String text) {
}
