package dev.chokepoint.agent.it;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Compiles stand-ins for library classes (a Tomcat or HikariCP class of another shape) into a
 * directory that a forked app puts first on its class path, shadowing the real class in that JVM
 * only. Compiled at test time so the real classes stay on every other test's class path.
 */
final class FakeClasses {

    static final String HOST_VALVE = "org.apache.catalina.core.StandardHostValve";

    /** A StandardHostValve whose invoke takes other parameter types than Tomcat's. */
    static final String HOST_VALVE_OF_OTHER_SHAPE = """
            package org.apache.catalina.core;
            public class StandardHostValve {
                public void invoke(String request, String response) {
                }
            }
            """;

    private FakeClasses() {
    }

    static void compile(Path into, String className, String source) throws IOException {
        Path file = into.resolve("src").resolve(className.replace('.', '/') + ".java");
        Files.createDirectories(file.getParent());
        Files.writeString(file, source);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int status = javac.run(null, null, System.err, "--release", "17", "-d", into.toString(), file.toString());
        assertThat(status).as("javac " + file).isZero();
    }
}
