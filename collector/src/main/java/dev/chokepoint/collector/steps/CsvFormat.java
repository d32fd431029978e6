package dev.chokepoint.collector.steps;

import java.util.List;

/**
 * What one kind of load-tool CSV file must look like and how to get it right, so that every error
 * reading it says what the file looks like, what was expected and the fix.
 *
 * @param what          the kind of file, as a user knows it ("a JMeter results file (JTL) in CSV form")
 * @param header        the header line the tool writes
 * @param required      the columns read, found by name in the header
 * @param fix           how to write a file of this kind
 * @param headerlessFix how to get the header line when the file starts with a sample
 */
record CsvFormat(String what, String header, List<String> required, String fix, String headerlessFix) {

    static final CsvFormat JTL = new CsvFormat("a JMeter results file (JTL) in CSV form",
            "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success,…",
            List.of("timeStamp", "elapsed", "success"),
            "write it with `jmeter -n -t plan.jmx -l results.jtl` keeping JMeter's default CSV fields "
                    + "(jmeter.save.saveservice.output_format=csv, .time, .successful and .timestamp_format=ms)",
            "run JMeter with -Jjmeter.save.saveservice.print_field_names=true (or set it in user.properties; "
                    + "older JMeter versions default to false), or put the header line matching your "
                    + "jmeter.save.saveservice.* settings first in the file");

    static final CsvFormat HEY = new CsvFormat("hey's CSV output",
            "response-time,DNS+dialup,DNS,Request-write,Response-delay,Response-read,status-code,offset",
            List.of("response-time", "status-code", "offset"),
            "write each step with `hey -o csv … URL > step-N.csv` (without -o csv hey prints a text summary)",
            "hey -o csv writes the header line itself: keep the file's first line (do not strip it, nor join "
                    + "step files without it)");

    static final CsvFormat SCHEDULE = new CsvFormat("a step schedule",
            "step,start_ms,end_ms,offered_rps,hey_csv",
            List.of("step", "start_ms", "end_ms", "offered_rps"),
            "write one line per step after the header: step (1-based), start_ms and end_ms (epoch "
                    + "milliseconds), offered_rps, and optionally hey_csv (the step's hey -o csv file), workers "
                    + "(the tool's concurrency) and engine_cpu_cores, as examples/load/stairs.sh does",
            "put the header line step,start_ms,end_ms,offered_rps,hey_csv first in the file");

    /**
     * What the first line says when it is a known file of another kind, or null: the message
     * names the real kind and the option or tool setting that reads or writes the right one.
     */
    String recognize(String firstLine) {
        String line = firstLine.strip();
        if (line.startsWith("<?xml") || line.startsWith("<testResults")) {
            return this == JTL
                    ? "this is a JTL in XML form; --jtl reads the CSV form: run JMeter with "
                            + "-Jjmeter.save.saveservice.output_format=csv"
                    : "this is an XML file (a JMeter JTL in XML form?)";
        }
        if (line.startsWith("{")) {
            return "this is JSON, not CSV (k6's --out json file? read it with --k6-json)";
        }
        if (line.startsWith("Summary:")) {
            return "this is hey's text summary, not its CSV: run hey with -o csv";
        }
        if (line.startsWith("metric_name,")) {
            return "this is k6's CSV output (--out csv); chokepoint reads k6's JSON lines: "
                    + "`k6 run --out json=FILE script.js` and --k6-json FILE";
        }
        return null;
    }

    /** True when the first line is a sample rather than a header: its first field is a number. */
    static boolean looksLikeASample(String[] firstRow) {
        if (firstRow.length < 2 || firstRow[0].isEmpty()) {
            return false;
        }
        try {
            Double.parseDouble(firstRow[0]);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** A line as quoted in a message: at most 100 characters. */
    static String excerpt(String line) {
        String stripped = line.strip();
        return "`" + (stripped.length() <= 100 ? stripped : stripped.substring(0, 100) + "…") + "`";
    }
}
