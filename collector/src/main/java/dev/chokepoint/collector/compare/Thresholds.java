package dev.chokepoint.collector.compare;

/**
 * When --fail-on-regression fails: capacity within the SLO down by more than {@code capacityDrop},
 * or CPU or database (JDBC) time per request up by more than {@code cpuRise} / {@code databaseRise}
 * (shares, 0.1 = 10 %), each only where the change is also beyond the runs' noise. {@code noiseFloor}:
 * the least noise assumed (a run with one unsaturated step shows no spread of its own).
 */
public record Thresholds(double capacityDrop, double cpuRise, double databaseRise, double noiseFloor) {

    public static final Thresholds DEFAULTS = new Thresholds(0.10, 0.10, 0.10, 0.05);

    public Thresholds {
        check("capacity drop", capacityDrop);
        check("CPU rise", cpuRise);
        check("database rise", databaseRise);
        check("noise floor", noiseFloor);
    }

    private static void check(String what, double v) {
        if (!(v >= 0 && v < 10)) {
            throw new IllegalArgumentException(what + " must be a share between 0 and 10 (0.1 = 10 %), got " + v);
        }
    }
}
