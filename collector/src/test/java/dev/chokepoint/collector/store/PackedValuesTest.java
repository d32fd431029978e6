package dev.chokepoint.collector.store;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** The packed store gives back every bit it was given, and a counter costs a byte or two a sample. */
class PackedValuesTest {

    @Test
    void everyBitComesBack() {
        Random random = new Random(7);
        double[] values = new double[20_000];
        for (int i = 0; i < values.length; i++) {
            values[i] = switch (i % 16) {
                case 0 -> random.nextGaussian();
                case 1 -> Double.NaN;
                case 2 -> Double.longBitsToDouble(0x7ff8_0000_dead_beefL); // a NaN with a payload
                case 3 -> -0.0;
                case 4 -> 0.0;
                case 5 -> Double.POSITIVE_INFINITY;
                case 6 -> Double.NEGATIVE_INFINITY;
                case 7 -> random.nextInt(1000) - 500;
                case 8 -> (double) (1L << 53) + 2; // whole, beyond the exact differences
                case 9 -> -(double) (1L << 52) + 1;
                case 10 -> Double.MIN_VALUE;
                case 11 -> Double.MAX_VALUE;
                case 12 -> 1e15 + random.nextInt(10);
                case 13 -> random.nextLong();
                default -> values[i - 1];
            };
        }
        double[] back = PackedValues.of(values).toArray();
        assertThat(back).hasSize(values.length);
        for (int i = 0; i < values.length; i++) {
            assertThat(Double.doubleToRawLongBits(back[i])).as("value %d: %s", i, values[i])
                    .isEqualTo(Double.doubleToRawLongBits(values[i]));
        }
    }

    @Test
    void countersAndHeldValuesTakeAByteOrTwoASample() {
        Random random = new Random(11);
        double[] slow = new double[3600];
        double[] busy = new double[3600];
        double[] held = new double[3600];
        for (int i = 1; i < slow.length; i++) {
            slow[i] = slow[i - 1] + random.nextInt(30); // up to 30 requests a second
            busy[i] = busy[i - 1] + random.nextInt(4000);
            held[i] = i < 1800 ? 0.25 : 0.75;
        }
        // A difference below 32 takes one byte (a tag bit, a sign bit, 6 bits), below 4 096 two;
        // what is held is that and at most an eighth more, room the growth left (kept, not copied).
        assertThat(PackedValues.of(slow).bytes()).isLessThan((3600 + 16) * 9 / 8);
        assertThat(PackedValues.of(busy).bytes()).isLessThan((2 * 3600 + 16) * 9 / 8);
        // A value equal to the one before: one byte; a change of a fraction: up to nine.
        assertThat(PackedValues.of(held).bytes()).isLessThan((3600 + 32) * 9 / 8);
    }
}
