package dev.chokepoint.agent.outbound;

import dev.chokepoint.agent.probe.FixedProbeContext;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What the constructors' hooks call ({@link PoolConstructorProbe#created}), on a probe whose
 * "library" is {@link Pool} below: admission once per pool, names, the bound, weak holding, and a
 * class of another shape switching the probe off.
 */
class PoolConstructorProbeTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final FixedProbeContext context = new FixedProbeContext(registry, Map.of());
    private final TestProbe probe = new TestProbe();

    /** A pool as a library would have it: one public getter. */
    public static final class Pool {
        public int getSize() {
            return 3;
        }
    }

    /** A class without the getter the view reads: a library that changed shape. */
    public static final class OtherShape {
    }

    @Test
    void givenAPoolWhoseConstructorsCallEachOther_thenItIsRegisteredOnceUnderItsCreationSite() {
        probe.bind(context);
        Pool pool = new Pool();

        created(pool);
        created(pool);

        assertThat(registry.find("test.pool.size").gauges()).singleElement()
                .satisfies(gauge -> assertThat(gauge.value()).isEqualTo(3));
        assertThat(names()).singleElement().asString().isNotBlank();
        assertThat(probe.tracked()).isEqualTo(1);
    }

    @Test
    void givenMorePoolsThanTheBound_thenOnlyTheFirstAreRegisteredEachUnderItsOwnName() {
        probe.bind(context);
        List<Pool> pools = new ArrayList<>();
        for (int i = 0; i < PoolConstructorProbe.MAX_POOLS + 5; i++) {
            Pool pool = new Pool();
            pools.add(pool);
            created(pool);
        }

        List<String> names = names();
        assertThat(names).hasSize(PoolConstructorProbe.MAX_POOLS).doesNotHaveDuplicates();
        String site = names.stream().filter(name -> !name.contains("#")).findFirst().orElseThrow();
        assertThat(names).contains(site + "#2", site + "#" + PoolConstructorProbe.MAX_POOLS);
        assertThat(pools).hasSize(PoolConstructorProbe.MAX_POOLS + 5);
    }

    @Test
    void givenAPoolTheApplicationDropped_thenItIsNotKeptAliveAndItsPlaceAndNameGoToTheNextPool() {
        probe.bind(context);
        createAndDrop();
        String name = names().get(0);

        // Polled: a collection clears the weak reference when the JVM decides, not at a given call.
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(50)).until(() -> {
            System.gc();
            return probe.tracked() == 0;
        });
        assertThat(registry.find("test.pool.size").gauges()).as("the collected pool's meters are removed").isEmpty();

        Pool next = new Pool();
        created(next);
        assertThat(names()).containsExactly(name);
        assertThat(registry.get("test.pool.size").gauge().value()).isEqualTo(3);
    }

    @Test
    void givenALibraryClassOfAnotherShape_thenTheProbeGoesOffWithOneLineAndRegistersNothing() {
        probe.bind(context);

        PoolConstructorProbe.created(new OtherShape(), OtherShape.class, TestProbe.ID);
        PoolConstructorProbe.created(new OtherShape(), OtherShape.class, TestProbe.ID);
        created(new Pool());

        assertThat(context.failures).singleElement().asString()
                .startsWith("test-pools: " + OtherShape.class.getName() + " has not the shape its meters read (")
                .contains("getSize")
                .endsWith("; no meters for its pools, the application runs on");
        assertThat(context.isOn(TestProbe.ID)).isFalse();
        assertThat(registry.getMeters()).isEmpty();
    }

    @Test
    void givenTheProbeNotBound_thenTheHookDoesNothing() {
        PoolConstructorProbe.created(new Pool(), Pool.class, "never-bound");

        assertThat(registry.getMeters()).isEmpty();
    }

    private void createAndDrop() {
        created(new Pool());
    }

    private static void created(Pool pool) {
        PoolConstructorProbe.created(pool, Pool.class, TestProbe.ID);
    }

    private List<String> names() {
        return registry.find("test.pool.size").gauges().stream().map(gauge -> gauge.getId().getTag("name")).toList();
    }

    /** A probe of {@link Pool}s: one gauge per pool reading {@code getSize()} through a weak view. */
    static final class TestProbe extends PoolConstructorProbe<TestProbe.View> {

        static final String ID = "test-pools";

        record View(java.lang.ref.WeakReference<Object> pool, Getter size) {
            double read() {
                return size.number(pool.get());
            }
        }

        TestProbe() {
            super(ID, List.of(Pool.class.getName()), List.of());
        }

        @Override
        protected View view(Object pool, Class<?> library) throws ReflectiveOperationException {
            return new View(new java.lang.ref.WeakReference<>(pool), Getter.of(library, "getSize"));
        }

        @Override
        protected Runnable register(View view, String name, MeterRegistry registry) {
            Gauge gauge = Gauge.builder("test.pool.size", view, View::read).tag("name", name)
                    .strongReference(true).register(registry);
            return () -> registry.remove(gauge);
        }
    }
}
