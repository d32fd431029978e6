package dev.chokepoint.collector.drive;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.function.DoublePredicate;

import static org.assertj.core.api.Assertions.assertThat;

/** The search's probe sequence against services whose capacity is known (a rate passes below it). */
class CapacitySearchTest {

    @Test
    void doublesWhileProbesPassThenBisectsToWithinFivePercentOfTheCapacity() {
        List<Double> rates = run(new CapacitySearch(10, 0.05), r -> r <= 97.7);

        assertThat(rates.subList(0, 5)).containsExactly(10.0, 20.0, 40.0, 80.0, 160.0);
        assertThat(rates.get(5)).isEqualTo(120.0); // midpoint of last good 80 and first bad 160
        CapacitySearch done = replay(rates, r -> r <= 97.7);
        assertThat(done.converged()).isTrue();
        assertThat(done.capacity()).isCloseTo(97.7, org.assertj.core.data.Percentage.withPercentage(5));
        assertThat(done.lastGood()).isLessThanOrEqualTo(97.7);
        assertThat(done.firstBad()).isGreaterThan(97.7);
    }

    @Test
    void aFirstProbeThatFailsHalvesDown() {
        List<Double> rates = run(new CapacitySearch(10, 0.05), r -> r <= 3);

        assertThat(rates.subList(0, 3)).containsExactly(10.0, 5.0, 2.5);
        assertThat(replay(rates, r -> r <= 3).capacity()).isCloseTo(3, org.assertj.core.data.Percentage.withPercentage(5));
    }

    @Test
    void aProbeTheEngineCouldNotOfferEndsTheSearch() {
        CapacitySearch search = new CapacitySearch(10, 0.05);
        search.record(search.next(), CapacitySearch.Outcome.PASSED);
        search.record(search.next(), CapacitySearch.Outcome.ENGINE_SHORT);

        assertThat(search.next()).isNaN();
        assertThat(search.engineShort()).isTrue();
        assertThat(search.lastGood()).isEqualTo(10);
        assertThat(search.converged()).isFalse();
    }

    private static List<Double> run(CapacitySearch search, DoublePredicate passes) {
        List<Double> rates = new ArrayList<>();
        for (double r = search.next(); !Double.isNaN(r); r = search.next()) {
            assertThat(rates).as("the search ends").hasSizeLessThan(30);
            rates.add(r);
            search.record(r, passes.test(r) ? CapacitySearch.Outcome.PASSED : CapacitySearch.Outcome.FAILED);
        }
        return rates;
    }

    private static CapacitySearch replay(List<Double> rates, DoublePredicate passes) {
        CapacitySearch search = new CapacitySearch(10, 0.05);
        rates.forEach(r -> search.record(r, passes.test(r) ? CapacitySearch.Outcome.PASSED : CapacitySearch.Outcome.FAILED));
        return search;
    }
}
