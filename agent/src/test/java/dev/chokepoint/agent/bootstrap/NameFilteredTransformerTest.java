package dev.chokepoint.agent.bootstrap;

import dev.chokepoint.agent.probe.ClassNames;
import org.junit.jupiter.api.Test;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

class NameFilteredTransformerTest {

    private static final byte[] CHANGED = {1, 2, 3};
    private static final ClassLoader APPLICATION = NameFilteredTransformerTest.class.getClassLoader();

    private final AtomicInteger made = new AtomicInteger();
    private final List<String> seen = new ArrayList<>();
    private final ClassFileTransformer byteBuddy = new ClassFileTransformer() {
        @Override
        public byte[] transform(Module module, ClassLoader loader, String name, Class<?> redefined,
                                ProtectionDomain domain, byte[] classFile) {
            seen.add(name);
            return CHANGED;
        }
    };
    private final NameFilteredTransformer filter = new NameFilteredTransformer(
            ClassNames.of("a.b.Named").orEndingWith("Driver"), () -> {
                made.incrementAndGet();
                return byteBuddy;
            });

    @Test
    void classesNoProbeNamesNeverMakeByteBuddysTransformer() throws Exception {
        assertThat(transform("a/b/Other", APPLICATION)).isNull();
        assertThat(transform(null, APPLICATION)).isNull();

        assertThat(made).hasValue(0);
        assertThat(seen).isEmpty();
    }

    @Test
    void theFirstNamedClassMakesItOnceAndEveryNamedClassGoesThroughIt() throws Exception {
        assertThat(transform("a/b/Named", APPLICATION)).isEqualTo(CHANGED);
        assertThat(transform("org/h2/Driver", APPLICATION)).isEqualTo(CHANGED);
        assertThat(transform("a/b/Other", APPLICATION)).isNull();

        assertThat(made).hasValue(1);
        assertThat(seen).containsExactly("a/b/Named", "org/h2/Driver");
    }

    @Test
    void bootstrapAndPlatformClassesPassUntouched() throws Exception {
        assertThat(transform("java/sql/Driver", null)).isNull();
        assertThat(transform("java/sql/Driver", ClassLoader.getPlatformClassLoader())).isNull();

        assertThat(made).hasValue(0);
    }

    @Test
    void theAgentsOwnClassesPassUntouchedWhateverTheirName() throws Exception {
        assertThat(transform("dev/chokepoint/agent/shaded/org/example/SomeDriver", APPLICATION)).isNull();

        assertThat(made).hasValue(0);
    }

    @Test
    void aNamedClassLoadedWhileTheTransformerIsMadeIsLeftAsItIs() throws Exception {
        List<byte[]> duringMaking = new ArrayList<>();
        NameFilteredTransformer[] reentrant = new NameFilteredTransformer[1];
        reentrant[0] = new NameFilteredTransformer(ClassNames.of("a.b.Named"), () -> {
            try {
                duringMaking.add(reentrant[0].transform(null, APPLICATION, "a/b/Named", null, null, new byte[0]));
            } catch (Exception e) {
                throw new AssertionError(e);
            }
            return byteBuddy;
        });

        assertThat(reentrant[0].transform(null, APPLICATION, "a/b/Named", null, null, new byte[0])).isEqualTo(CHANGED);
        assertThat(duringMaking).containsExactly((byte[]) null);
    }

    private byte[] transform(String name, ClassLoader loader) throws Exception {
        return filter.transform(null, loader, name, null, null, new byte[0]);
    }
}
