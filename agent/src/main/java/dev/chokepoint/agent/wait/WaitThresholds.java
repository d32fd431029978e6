package dev.chokepoint.agent.wait;

import java.time.Duration;

/**
 * The JFR thresholds of the wait events: waits shorter than these are not recorded at all (JFR
 * drops them in the application thread, before any stack is walked).
 *
 * @param lock   monitor enters and parks
 * @param socket socket reads and writes
 * @param file   file reads and writes
 */
record WaitThresholds(Duration lock, Duration socket, Duration file) {
}
