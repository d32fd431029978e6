package dev.chokepoint.agent.bootstrap;

import java.io.PrintStream;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where the agent's shaded Micrometer logs: never through the application's logging. Left alone,
 * Micrometer's {@code InternalLoggerFactory} finds the application's SLF4J on the class path and
 * writes into its log ("Using SLF4J as the default logging framework", seen in a Logback service's
 * log), or falls back to java.util.logging, which Spring Boot bridges to the same log. Its
 * warnings and errors become one stderr line each, like the agent's own, at most once per message;
 * the rest is dropped.
 *
 * <p>Why a dynamic proxy: Micrometer's {@code InternalLogger} has thirty methods, of which only
 * the warn and error ones say anything here. Why not java.util.logging's own handlers: touching
 * java.util.logging in {@code premain} fixes its {@code LogManager} before an application that
 * sets {@code java.util.logging.manager} (JBoss LogManager) can, which breaks that application.
 */
final class LibraryLogging implements InvocationHandler {

    /** Messages printed once each; bounded, so a library that varies its text cannot grow it. */
    private static final int MAX_REMEMBERED = 256;

    private final String name;
    private final PrintStream err;
    private final Set<String> printed;

    private LibraryLogging(String name, PrintStream err, Set<String> printed) {
        this.name = name;
        this.err = err;
        this.printed = printed;
    }

    /** Sets the default logger factory of both Micrometer copies the agent ships (commons and core). */
    static void install(PrintStream err) {
        Set<String> printed = ConcurrentHashMap.newKeySet();
        io.micrometer.common.util.internal.logging.InternalLoggerFactory.setDefaultFactory(
                new io.micrometer.common.util.internal.logging.InternalLoggerFactory() {
                    @Override
                    protected io.micrometer.common.util.internal.logging.InternalLogger newInstance(String name) {
                        return logger(io.micrometer.common.util.internal.logging.InternalLogger.class, name, err, printed);
                    }
                });
        io.micrometer.core.util.internal.logging.InternalLoggerFactory.setDefaultFactory(
                new io.micrometer.core.util.internal.logging.InternalLoggerFactory() {
                    @Override
                    protected io.micrometer.core.util.internal.logging.InternalLogger newInstance(String name) {
                        return logger(io.micrometer.core.util.internal.logging.InternalLogger.class, name, err, printed);
                    }
                });
    }

    static <T> T logger(Class<T> type, String name, PrintStream err, Set<String> printed) {
        return type.cast(Proxy.newProxyInstance(LibraryLogging.class.getClassLoader(), new Class<?>[] {type},
                new LibraryLogging(name, err, printed)));
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) {
        String m = method.getName();
        switch (m) {
            case "name":
                return name;
            case "isWarnEnabled":
            case "isErrorEnabled":
                return true;
            case "warn":
            case "error":
                print(m, args);
                return null;
            case "toString":
                return "chokepoint library logger " + name;
            case "hashCode":
                return System.identityHashCode(proxy);
            case "equals":
                return proxy == args[0];
            default:
                // trace, debug, info (and the generic log(level, …), which Micrometer's own code
                // does not call): dropped, as are their is…Enabled checks.
                return method.getReturnType() == boolean.class ? Boolean.FALSE : null;
        }
    }

    private void print(String level, Object[] args) {
        String line = "chokepoint: " + level + " from " + name.substring(name.lastIndexOf('.') + 1) + ": " + message(args);
        if (printed.size() < MAX_REMEMBERED && printed.add(line)) {
            err.println(line);
        }
    }

    /** The message with its {} placeholders filled, and a trailing throwable's own message. */
    static String message(Object[] args) {
        if (args == null || args.length == 0) {
            return "";
        }
        if (args[0] instanceof Throwable t) {
            return String.valueOf(t);
        }
        Object[] values = args.length == 2 && args[1] instanceof Object[] array ? array
                : java.util.Arrays.copyOfRange(args, 1, args.length);
        StringBuilder out = new StringBuilder();
        String text = String.valueOf(args[0]);
        int from = 0;
        int next = 0;
        for (int at = text.indexOf("{}"); at >= 0 && next < values.length; at = text.indexOf("{}", from)) {
            out.append(text, from, at).append(values[next++]);
            from = at + 2;
        }
        out.append(text.substring(from));
        for (; next < values.length; next++) {
            if (values[next] instanceof Throwable t) {
                out.append(" (").append(t).append(')');
            }
        }
        return out.toString();
    }
}
