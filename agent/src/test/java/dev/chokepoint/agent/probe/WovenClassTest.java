package dev.chokepoint.agent.probe;

import dev.chokepoint.agent.probe.GreetingProbe.Greeter;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WovenClassTest {

    private static final ClassLoader LOADER = WovenClassTest.class.getClassLoader();

    @Test
    void adviceIsInlinedIntoTheMatchedMethodOfTheClassFileGiven() throws Exception {
        WovenClass woven = new WovenClass(LOADER, Greeter.class.getName(), Greeter.classFile());
        assertThat(GreetingProbe.greeterAdvice().matches(woven.type())).isTrue();

        woven.apply(GreetingProbe.greeterAdvice());

        assertThat(woven.changed()).isTrue();
        assertThat(Greeter.greetWith(woven.bytes())).isEqualTo("hello!");
        assertThat(Greeter.greetWith(Greeter.classFile())).isEqualTo("hello");
    }

    @Test
    void theTypeIsDescribedFromItsClassFileWithItsHierarchyReadable() throws Exception {
        WovenClass woven = new WovenClass(LOADER, Greeter.class.getName(), Greeter.classFile());

        assertThat(woven.type().getSuperClass().asErasure().getName()).isEqualTo(Object.class.getName());
        assertThat(woven.type().getDeclaredMethods().filter(m -> m.getName().equals("greet"))).hasSize(1);
        assertThat(woven.changed()).isFalse();
    }

    @Test
    void aMissingAdviceClassThrowsWhenAppliedAndLeavesTheClassUnchanged() throws Exception {
        WovenClass woven = new WovenClass(LOADER, Greeter.class.getName(), Greeter.classFile());

        assertThatThrownBy(() -> woven.apply(GreetingProbe.missingAdvice())).hasMessageContaining("NoSuchAdvice");
        assertThat(woven.changed()).isFalse();
    }
}
