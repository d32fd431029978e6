package dev.chokepoint.agent.outbound;

import dev.chokepoint.agent.outbound.commonspool2.CommonsPool2Probe;
import dev.chokepoint.agent.outbound.httpcomponents.HttpComponentsProbe;
import dev.chokepoint.agent.probe.FixedProbeContext;
import dev.chokepoint.agent.probe.weave.ProbeAdvice;
import dev.chokepoint.agent.probe.weave.WovenClass;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Proxy;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The probes' constructor hooks woven into the real pool classes, which are then defined (so the
 * JVM's verifier checks them) and constructed: each pool registers its meters once. The library
 * jars are loaded again, child first, in a loader of their own that weaves the pool classes as it
 * defines them, as the agent's transformer would; the agent's classes come from the test's loader.
 */
class PoolConstructorWeavingTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final FixedProbeContext context = new FixedProbeContext(registry, Map.of());

    @ParameterizedTest
    @CsvSource({
        "org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager, 25",
        "org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManager, 25",
        "org.apache.http.impl.conn.PoolingHttpClientConnectionManager, 20",
    })
    void anHttpClientConnectionManagerRegistersItsMetersOnceWhenConstructed(String managerClass, int defaultMaxTotal)
            throws Exception {
        HttpComponentsProbe probe = new HttpComponentsProbe();
        probe.bind(context);
        try (WeavingLoader loader = new WeavingLoader(probe.advice(), probe.classNames()::contains,
                "org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager",
                "org.apache.hc.core5.pool.ConnPoolControl", "org.apache.hc.core5.http2.HttpVersionPolicy",
                "org.apache.http.impl.conn.PoolingHttpClientConnectionManager", "org.apache.http.pool.ConnPoolControl")) {
            Class<?> manager = loader.loadClass(managerClass);

            Object pool = manager.getConstructor().newInstance();

            assertThat(manager.getClassLoader()).isSameAs(loader);
            assertThat(context.failures).isEmpty();
            assertThat(registry.find("httpcomponents.httpclient.pool.total.max").gauges()).singleElement()
                    .satisfies(gauge -> assertThat(gauge.value()).isEqualTo(defaultMaxTotal));
            assertThat(pool).isNotNull();
        }
    }

    @Test
    void aGenericObjectPoolRegistersItsMetersOnceWhenConstructed() throws Exception {
        CommonsPool2Probe probe = new CommonsPool2Probe();
        probe.bind(context);
        try (WeavingLoader loader = new WeavingLoader(probe.advice(), probe.classNames()::contains,
                "org.apache.commons.pool2.impl.GenericObjectPool")) {
            Class<?> poolClass = loader.loadClass("org.apache.commons.pool2.impl.GenericObjectPool");
            Class<?> factoryType = loader.loadClass("org.apache.commons.pool2.PooledObjectFactory");
            Object factory = Proxy.newProxyInstance(loader, new Class<?>[] {factoryType}, (proxy, method, args) -> null);

            Object pool = poolClass.getConstructor(factoryType).newInstance(factory);

            assertThat(context.failures).isEmpty();
            assertThat(registry.find("commons.pool2.num.active").gauges()).singleElement()
                    .satisfies(gauge -> assertThat(gauge.value()).isZero());
            assertThat(registry.get("chokepoint.commons.pool2.max").gauge().value()).isEqualTo(8);
            assertThat(pool).isNotNull();
        }
    }

    /**
     * Loads the jars holding the given classes again, child first for {@code org.apache.}, and
     * weaves the classes {@code woven} names with {@code advice} as they are defined.
     */
    private static final class WeavingLoader extends URLClassLoader {

        private final List<ProbeAdvice> advice;
        private final java.util.function.Predicate<String> woven;

        WeavingLoader(List<ProbeAdvice> advice, java.util.function.Predicate<String> woven, String... jarsOf)
                throws ClassNotFoundException {
            super(jars(jarsOf), PoolConstructorWeavingTest.class.getClassLoader());
            this.advice = advice;
            this.woven = woven;
        }

        private static URL[] jars(String... classes) throws ClassNotFoundException {
            URL[] urls = new URL[classes.length];
            for (int i = 0; i < classes.length; i++) {
                urls[i] = Class.forName(classes[i]).getProtectionDomain().getCodeSource().getLocation();
            }
            return urls;
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith("org.apache.")) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> loaded = findLoadedClass(name);
                if (loaded == null) {
                    try {
                        loaded = findClass(name);
                    } catch (ClassNotFoundException notInTheseJars) {
                        loaded = getParent().loadClass(name);
                    }
                }
                return loaded;
            }
        }

        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            String internal = name.replace('.', '/');
            if (!woven.test(internal)) {
                return super.findClass(name);
            }
            try (InputStream in = getResourceAsStream(internal + ".class")) {
                if (in == null) {
                    throw new ClassNotFoundException(name);
                }
                WovenClass type = new WovenClass(this, name, in.readAllBytes());
                for (ProbeAdvice each : advice) {
                    if (each.matches(type.type())) {
                        type.apply(each);
                    }
                }
                byte[] bytes = type.bytes();
                return defineClass(name, bytes, 0, bytes.length);
            } catch (IOException e) {
                throw new ClassNotFoundException(name, e);
            }
        }
    }
}
