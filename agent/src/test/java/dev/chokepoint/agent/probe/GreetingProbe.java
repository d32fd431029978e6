package dev.chokepoint.agent.probe;

import dev.chokepoint.agent.probe.weave.MethodHooks;
import dev.chokepoint.agent.probe.weave.MethodMatch;
import dev.chokepoint.agent.probe.weave.ProbeAdvice;
import dev.chokepoint.agent.probe.weave.TypeMatch;

/** A probe for the weaving tests: appends "!" to what {@link Greeter#greet} returns. */
public final class GreetingProbe extends MeterProbe {

    public GreetingProbe() {
        super("greeting");
    }

    @Override
    public void bind(ProbeContext context) {
    }

    /** Its advice, on {@link Greeter}: {@code greeting = Exclaim.exclaim(greeting)} at {@code greet}'s exit. */
    public static ProbeAdvice greeterAdvice() {
        return ProbeAdvice.of(TypeMatch.named(Greeter.class.getName())).on(MethodMatch.named("greet"),
                MethodHooks.onExit(code -> code.returned().callStatic(Exclaim.class, "exclaim").setReturned()));
    }

    /** Advice reading a field {@link Greeter} does not have. */
    public static ProbeAdvice missingAdvice() {
        return ProbeAdvice.of(TypeMatch.named(Greeter.class.getName())).on(MethodMatch.named("greet"),
                MethodHooks.onExit(code -> code.field("noSuchField", "Ljava/lang/String;").pop()));
    }

    /** What the woven code calls. */
    public static final class Exclaim {

        private Exclaim() {
        }

        public static String exclaim(String greeting) {
            return greeting + "!";
        }
    }

    /** The class the tests weave. */
    public static final class Greeter {

        public String greet() {
            return "hello";
        }

        /** Its class file, as the JVM would hand it to a transformer. */
        public static byte[] classFile() throws java.io.IOException {
            try (var in = Greeter.class.getResourceAsStream("GreetingProbe$Greeter.class")) {
                return in.readAllBytes();
            }
        }

        /** {@code greet()} of the class defined from {@code classFile}, in a loader of its own. */
        public static String greetWith(byte[] classFile) throws ReflectiveOperationException {
            Class<?> greeter = OwnLoader.define(Greeter.class.getName(), classFile);
            return (String) greeter.getMethod("greet").invoke(greeter.getConstructor().newInstance());
        }
    }
}
