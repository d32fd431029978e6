package dev.chokepoint.collector.steps;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class PlateauDetectorTest {

    @Test
    void closeStairsLikeTheRealTeamsAreTellApart() {
        // 100 → 200 → 250 → 280 RPS for 30 s each, with counting noise and one spike
        double[] rates = stairs(new double[] {100, 200, 250, 280}, 30, 3);
        rates[45] = 900;

        List<PlateauDetector.Plateau> plateaus = PlateauDetector.defaults().detect(0, 1000, rates);

        assertThat(plateaus).extracting(PlateauDetector.Plateau::meanRate).satisfiesExactly(
                r -> assertThat(r).isCloseTo(100, within(20.0)),
                r -> assertThat(r).isCloseTo(200, within(8.0)),
                r -> assertThat(r).isCloseTo(250, within(8.0)),
                r -> assertThat(r).isCloseTo(280, within(8.0)));
        assertThat(plateaus.get(1).startMillis()).isBetween(30_000L, 34_000L);
        assertThat(plateaus.get(3).endMillis()).isBetween(118_000L, 120_000L);
    }

    @Test
    void aSlowRampIsNoStep() {
        double[] rates = new double[120];
        for (int i = 0; i < rates.length; i++) {
            rates[i] = 10 + i * 2;
        }

        assertThat(PlateauDetector.defaults().detect(0, 1000, rates)).isEmpty();
    }

    @Test
    void idleTimeIsNoStep() {
        assertThat(PlateauDetector.defaults().detect(0, 1000, new double[60])).isEmpty();
    }

    private static double[] stairs(double[] levels, int seconds, long seed) {
        Random random = new Random(seed);
        double[] rates = new double[levels.length * seconds];
        for (int i = 0; i < rates.length; i++) {
            double level = levels[i / seconds];
            rates[i] = Math.max(0, Math.round(level + random.nextGaussian() * Math.sqrt(level)));
        }
        return rates;
    }
}
