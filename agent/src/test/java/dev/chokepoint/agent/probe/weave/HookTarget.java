package dev.chokepoint.agent.probe.weave;

import dev.chokepoint.agent.probe.OwnLoader;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/** The class {@link WovenClassTest} weaves: methods of the shapes the probes' targets have. */
public class HookTarget {

    private final String name;

    public HookTarget(String name) {
        this.name = name;
    }

    public HookTarget(int number) {
        this(number < 0 ? "negative" : "n" + number);
    }

    public String greet(String whom) {
        return name + " greets " + whom;
    }

    public long twice(long value, double ignored) {
        return value * 2;
    }

    public static int sum(int count) {
        int total = 0;
        for (int i = 0; i < count; i++) {
            if (i % 2 == 0) {
                total += i;
            } else {
                total -= 1;
            }
        }
        return total;
    }

    public int fail(int code) {
        try {
            if (code > 0) {
                throw new IllegalStateException("failed " + code);
            }
        } catch (IllegalArgumentException notThisOne) {
            return -1;
        }
        return code;
    }

    public String caught(String text) {
        try {
            return text.substring(10);
        } catch (StringIndexOutOfBoundsException tooShort) {
            return "short";
        }
    }

    @SuppressWarnings("ParameterCanBeLocal")
    public String reassigned(String text) {
        text = text + "?";
        return text;
    }

    public void nothing() {
    }

    /** What the woven code calls: a record of the calls, per test. */
    public static final class Calls {

        public static final List<String> SEEN = new ArrayList<>();

        private Calls() {
        }

        public static void saw(String what) {
            SEEN.add(what);
        }

        public static void sawObject(Object what) {
            SEEN.add(String.valueOf(what));
        }

        public static void sawNumber(int what) {
            SEEN.add(Integer.toString(what));
        }

        public static long tripled(long value) {
            return value * 3;
        }

        public static String exclaimed(String value) {
            return value + "!";
        }

        public static void boom(Object ignored) {
            throw new IllegalStateException("the hook broke");
        }
    }

    /** This class's file, as the JVM would hand it to a transformer. */
    public static byte[] classFile() throws IOException {
        try (InputStream in = HookTarget.class.getResourceAsStream("HookTarget.class")) {
            return in.readAllBytes();
        }
    }

    /** The class defined from {@code classFile} in a loader of its own (which delegates the rest). */
    public static Class<?> define(byte[] classFile) throws ClassNotFoundException {
        return OwnLoader.define(HookTarget.class.getName(), classFile);
    }
}
