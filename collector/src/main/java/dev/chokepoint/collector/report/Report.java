package dev.chokepoint.collector.report;

/** The analysed run, ready to be written in any format. (Seam placeholder; filled in next.) */
public record Report(String headline) {
}
