package dev.chokepoint.collector.signals;

import dev.chokepoint.collector.store.RunData;
import dev.chokepoint.collector.store.Series;
import dev.chokepoint.collector.store.SeriesKey;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static dev.chokepoint.collector.signals.CounterAndGaugeSamplingTest.T0;
import static dev.chokepoint.collector.signals.CounterAndGaugeSamplingTest.series;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The place where threads wait most, by the frame that blocks and the application frame that called it. */
class WaitSiteSignalsTest {

    private static final String PARK = "chokepoint_wait_park_seconds_sum";
    private static final Map<String, String> POOL = Map.of("blocker", "java.util.concurrent.locks.Condition",
            "frame", "org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager$1.get",
            "site", "com.example.catalog.Catalog.fetch");
    private static final Map<String, String> REMOTE = Map.of("blocker", "java.util.concurrent.CompletableFuture",
            "frame", "io.lettuce.core.protocol.AsyncCommand.await", "site", "com.example.ranking.Ranking.top");
    /** 20 s: the lowest step's 10 s, then a step where requests queue at the pool. */
    private static final int POINTS = 21;
    private static final Baseline LOWEST = new Baseline(T0, T0 + 10_000);

    /** 10 requests a second; wall 100 ms each in the first 10 s, {@code laterWall} after. */
    private static Series[] traffic(double laterWall) {
        double[] count = new double[POINTS];
        double[] wall = new double[POINTS];
        double[] recording = new double[POINTS];
        for (int i = 1; i < POINTS; i++) {
            count[i] = count[i - 1] + 10;
            wall[i] = wall[i - 1] + 10 * (i <= 10 ? 0.1 : laterWall);
            recording[i] = 1;
        }
        recording[0] = 1;
        return new Series[] {series("http_server_requests_seconds_count", Map.of(), count),
                series("http_server_requests_seconds_sum", Map.of(), wall),
                series("chokepoint_wait_recording", Map.of(), recording)};
    }

    /** A wait meter's sum growing by {@code early} a second for 10 s, then by {@code late}. */
    private static Series wait(Map<String, String> labels, double early, double late) {
        double[] sum = new double[POINTS];
        for (int i = 1; i < POINTS; i++) {
            sum[i] = sum[i - 1] + (i <= 10 ? early : late);
        }
        return series(PARK, labels, sum);
    }

    /** The same, but first registered (Micrometer's first record) when the step began. */
    private static Series bornAtTen(Map<String, String> labels, double late) {
        long[] t = new long[POINTS - 10];
        double[] v = new double[POINTS - 10];
        for (int i = 0; i < t.length; i++) {
            t[i] = T0 + (10 + i) * 1000L;
            v[i] = late * i;
        }
        return new Series(SeriesKey.of("app", PARK, POOL), t, v);
    }

    private static SignalFrame signals(Series... s) {
        long end = T0 + (POINTS - 1) * 1000L;
        TargetSeries in = new TargetSeries(new RunData(T0, end, List.of("app"), List.of(s), List.of()), "app",
                Grid.covering(T0, end));
        SignalFrame out = new SignalFrame(in.target(), in.grid());
        new WaitSiteSignals().compute(in, LOWEST, out);
        return out;
    }

    private static Series[] with(Series[] a, Series... b) {
        Series[] all = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    @Test
    void givenRequestsQueueingAtAClientsPool_thenThePoolsFrameAndItsCallerAreNamedWithTheirGrowth() {
        // 4 wait-seconds a second at the pool from t=10 s (0.4 s of each 0.5 s request); 0.05 s a
        // request on a remote future throughout.
        SignalFrame out = signals(with(traffic(0.5), bornAtTen(POOL, 4), wait(REMOTE, 0.5, 0.5)));

        int i = 18;
        assertThat(out.text("wait_site_frame", i)).isEqualTo("org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager$1.get");
        assertThat(out.text("wait_site_caller", i)).isEqualTo("com.example.catalog.Catalog.fetch");
        assertThat(out.text("wait_site_blocker", i)).isEqualTo("java.util.concurrent.locks.Condition");
        assertThat(out.values("wait_site_per_request")[i]).isCloseTo(0.4, within(1e-9));
        assertThat(out.values("wait_site_baseline")[i]).as("no wait there at the lowest step").isZero();
        assertThat(out.values("wait_site_growth")[i]).isCloseTo(0.4, within(1e-9));
        assertThat(out.values("wait_site_share")[i]).isCloseTo(0.8, within(1e-9));
        assertThat(out.values("wait_site_waiting")[i]).isCloseTo(4, within(1e-9));
    }

    @Test
    void givenAPlaceWhereRequestsAlwaysWaited_thenItIsNamedButDidNotGrow() {
        // 60 ms of each 100 ms request, at every load.
        SignalFrame out = signals(with(traffic(0.1), wait(REMOTE, 0.6, 0.6)));

        int i = 18;
        assertThat(out.text("wait_site_frame", i)).isEqualTo("io.lettuce.core.protocol.AsyncCommand.await");
        assertThat(out.values("wait_site_share")[i]).isCloseTo(0.6, within(1e-9));
        assertThat(out.values("wait_site_growth")[i]).isCloseTo(0, within(1e-9));
    }

    @Test
    void givenAnAgentWithoutTheFrameTag_thenTheSiteIsThePlaceAndNoCallerIsRepeated() {
        Map<String, String> siteOnly = Map.of("blocker", "java.util.concurrent.Semaphore", "site", "com.example.search.Search.find");
        SignalFrame out = signals(with(traffic(0.5), wait(siteOnly, 0, 4)));

        assertThat(out.text("wait_site_frame", 18)).isEqualTo("com.example.search.Search.find");
        assertThat(out.text("wait_site_caller", 18)).isNull();
    }

    @Test
    void givenWaitsNotRecordedAtTheLowestStep_thenTheBaselineIsUnknownNotZero() {
        Series[] t = traffic(0.5);
        double[] off = new double[POINTS];
        for (int i = 11; i < POINTS; i++) {
            off[i] = 1;
        }
        t[2] = series("chokepoint_wait_recording", Map.of(), off);
        SignalFrame out = signals(with(t, bornAtTen(POOL, 4)));

        assertThat(out.values("wait_site_baseline")[18]).isNaN();
        assertThat(out.values("wait_site_growth")[18]).isNaN();
    }

    @Test
    void givenVirtualThreadsWaitsSampled_thenTheyNameThePlaceAndTheirSleepsNameNone() {
        // Virtual threads: no JFR park; the agent's sampled counter, 4 thread-seconds a second at
        // the bulkhead from t=10 s, and 5 at a sleep throughout (more, but not a place).
        Map<String, String> bulkhead = Map.of("blocker", "java.util.concurrent.Semaphore",
                "frame", "com.example.search.Search.find", "site", "com.example.search.Search.find");
        Map<String, String> sleeping = Map.of("blocker", "sleep", "frame", "com.example.search.Remote.call",
                "site", "com.example.search.Search.find");
        SignalFrame out = signals(with(traffic(0.5), sampled(bulkhead, 0, 4), sampled(sleeping, 5, 5)));

        assertThat(out.text("wait_site_frame", 18)).isEqualTo("com.example.search.Search.find");
        assertThat(out.text("wait_site_blocker", 18)).isEqualTo("java.util.concurrent.Semaphore");
        assertThat(out.values("wait_site_waiting")[18]).isCloseTo(4, within(1e-9));
        assertThat(out.values("wait_site_growth")[18]).isCloseTo(0.4, within(1e-9));
    }

    private static Series sampled(Map<String, String> labels, double early, double late) {
        Series park = wait(labels, early, late);
        return new Series(SeriesKey.of("app", "chokepoint_wait_sampled_seconds_total", labels), park.timesMillis(), park.values());
    }
}
