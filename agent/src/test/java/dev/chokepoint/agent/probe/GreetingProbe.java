package dev.chokepoint.agent.probe;

import net.bytebuddy.asm.Advice;

import java.util.List;

import static net.bytebuddy.matcher.ElementMatchers.named;

/** A probe for the weaving tests: appends "!" to what {@link Greeter#greet} returns. */
public final class GreetingProbe extends MeterProbe {

    public GreetingProbe() {
        super("greeting");
    }

    @Override
    public void bind(ProbeContext context) {
    }

    /** Its advice, on {@link Greeter} (a probe's own {@code advice()} is empty: it is a meter probe). */
    public static ProbeAdvice greeterAdvice() {
        return ProbeAdvice.of(GreetingProbe.class, named(Greeter.class.getName())).on(named("greet"), "ExclaimAdvice");
    }

    /** Advice naming a nested class that does not exist. */
    public static ProbeAdvice missingAdvice() {
        return ProbeAdvice.of(GreetingProbe.class, named(Greeter.class.getName())).on(named("greet"), "NoSuchAdvice");
    }

    static final class ExclaimAdvice {

        private ExclaimAdvice() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Return(readOnly = false) String greeting) {
            greeting = greeting + "!";
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
            ClassLoader own = new ClassLoader(Greeter.class.getClassLoader()) {
                @Override
                protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
                    if (name.equals(Greeter.class.getName())) {
                        synchronized (getClassLoadingLock(name)) {
                            Class<?> defined = findLoadedClass(name);
                            return defined != null ? defined : defineClass(name, classFile, 0, classFile.length);
                        }
                    }
                    return super.loadClass(name, resolve);
                }
            };
            Class<?> greeter = own.loadClass(Greeter.class.getName());
            return (String) greeter.getMethod("greet").invoke(greeter.getConstructor().newInstance());
        }
    }
}
