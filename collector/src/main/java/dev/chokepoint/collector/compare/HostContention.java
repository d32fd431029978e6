package dev.chokepoint.collector.compare;

import dev.chokepoint.collector.signals.Unit;

/**
 * Whether two runs' per-request figures can be judged against each other when the host's CPU was
 * saturated in either run. Then a request's wall and JDBC time include waiting for a core (and for a
 * database that waits for one too), set by how many neighbours competed, which the CPU shares cannot
 * show once the host is full. Measured on twelve runs recorded minutes apart (load average 10-35 on
 * 2 cores): the host was 99.5-100 % busy in every one (others 84-93 %, the service 7-17 % at the
 * steps compared), and five runs of one configuration differed by up to +61 % in JDBC time per
 * request and 30 → none RPS in capacity.
 *
 * <p>Thread CPU per request excludes the wait for a core, but not what a full host does to the CPU
 * time itself: a thread resumed after each database call finds its caches cold and the JIT's
 * compiler threads starved, so a request that mostly waits pays CPU for every resume. Measured on
 * the pool scenario (5-8 ms of CPU in 110-210 ms of JDBC): the same configuration took 3.2 ms per
 * request (steps 1-2, requests-weighted) in a run whose first step had the host two-thirds idle,
 * 4.9-6.3 ms in six runs on a full host; the gate before this one failed six pairings of five runs
 * on CPU (+29..+66 %), and four of 42 pairings of seven later runs (+75..+94 %; docs/measurements.md,
 * 2026-12-01). A request that computes (the cpu
 * scenario, 80-90 ms of CPU and no waits) moved ±7 % between same-configuration runs on the same
 * full host, and +50 % with 1.5× the work. So CPU per request is judged on a saturated host only
 * where CPU is most of the requests' own work in both runs.
 */
record HostContention(double baseBusy, double baseOthers, double nowBusy, double nowOthers, double baseCpuShare,
                      double nowCpuShare) {

    /**
     * Host CPU share from which a run's host counts as saturated: the recorded busy hosts were at
     * 0.995 and above. No run on a quiet host is recorded yet; 0.90 keeps a margin below them and
     * still treats a host with a tenth of its CPU idle as one with cores to spare.
     */
    static final double SATURATED = 0.90;

    /**
     * Share of a request's own work (CPU + pool wait + JDBC + remote) on CPU from which its CPU time
     * is judged on a saturated host. Margin: the recorded requests sat at 0.027-0.038 (pool: mostly
     * waiting, CPU moved up to 2× between same-config runs) and 1.0 (cpu: computing, ±7 %); 0.5 is a
     * factor of 2 from the computing side and of 13 from the waiting side. A request in between is
     * judged only where the host had cores to spare.
     */
    static final double COMPUTES = 0.5;

    static HostContention of(RunSummary base, RunSummary now) {
        return new HostContention(base.hostBusy(), base.backgroundHostCpu(), now.hostBusy(), now.backgroundHostCpu(),
                base.cpuShare(), now.cpuShare());
    }

    /** Times per request (wall, JDBC, pool wait, remote, statements) and capacity: only where both hosts had cores to spare. */
    boolean comparable() {
        return !(baseBusy >= SATURATED || nowBusy >= SATURATED);
    }

    /** CPU per request: where both hosts had cores to spare, or the requests mostly compute in both runs. */
    boolean cpuComparable() {
        return comparable() || (baseCpuShare >= COMPUTES && nowCpuShare >= COMPUTES);
    }

    /** Why a figure shows as not judged, in a table cell: "host CPU ≥ 90 % busy in BASE and NEW". */
    String why() {
        String runs = baseBusy >= SATURATED && nowBusy >= SATURATED ? "BASE and NEW" : baseBusy >= SATURATED ? "BASE" : "NEW";
        return "host CPU ≥ " + Unit.RATIO.format(SATURATED) + " busy in " + runs;
    }

    /** Why CPU per request shows as not judged, in a table cell. */
    String cpuWhy() {
        return why() + ", requests mostly wait (CPU " + Unit.RATIO.format(baseCpuShare) + " → " + Unit.RATIO.format(nowCpuShare)
                + " of their own time)";
    }

    /** Why a time measure is not judged, e.g. "host CPU saturated (...): database time per request +12 % not judged". */
    String notJudged(String measure) {
        return saturated() + ": " + measure + " not judged, as it includes waiting for a core";
    }

    /** Why CPU per request is not judged, with the numbers. */
    String cpuNotJudged(String measure) {
        return saturated() + " and the requests mostly wait (CPU " + Unit.RATIO.format(baseCpuShare) + " → "
                + Unit.RATIO.format(nowCpuShare) + " of their CPU + pool + JDBC + remote time, below "
                + Unit.RATIO.format(COMPUTES) + "): " + measure + " not judged, as on a full host each resume after a wait "
                + "costs CPU of its own";
    }

    private String saturated() {
        return "host CPU saturated (" + side("BASE", baseBusy, baseOthers) + ", " + side("NEW", nowBusy, nowOthers) + ")";
    }

    private static String side(String run, double busy, double others) {
        return Double.isNaN(busy) ? run + " unknown" : Unit.RATIO.format(busy) + " busy in " + run + ", " + Unit.RATIO.format(others)
                + " by other processes";
    }
}
