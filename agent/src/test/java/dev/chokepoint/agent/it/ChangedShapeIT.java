package dev.chokepoint.agent.it;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A library class the probes instrument, but of another shape than the probes were written for
 * (an upgrade renamed a parameter type, removed a field): the probe reports it on one stderr line
 * and switches off; the application and the other probes run on.
 *
 * <p>The fakes are compiled here into their own directory placed first on the forked class path,
 * so they shadow the real Tomcat and HikariCP classes for that one JVM only.
 */
class ChangedShapeIT {

    @TempDir
    Path classes;

    @Test
    void tomcatHostValveWithOtherParameterTypesSwitchesTheRequestProbeOff() throws IOException {
        compile("org.apache.catalina.core.StandardHostValve", """
                package org.apache.catalina.core;
                public class StandardHostValve {
                    public void invoke(String request, String response) {
                    }
                }
                """);

        assertOneLineAndTheAppRunsOn("org.apache.catalina.core.StandardHostValve", "request");
    }

    @Test
    void hikariPoolWithAnotherTrackerFactoryTypeSwitchesTheHikariProbeOff() throws IOException {
        compile("com.zaxxer.hikari.pool.HikariPool", """
                package com.zaxxer.hikari.pool;
                public class HikariPool {
                    public void setMetricsTrackerFactory(String factoryName) {
                    }
                }
                """);

        assertOneLineAndTheAppRunsOn("com.zaxxer.hikari.pool.HikariPool", "hikari");
    }

    private void assertOneLineAndTheAppRunsOn(String fakeClass, String probeId) {
        try (ForkedApp app = ForkedApp.of(PlainMainApp.class).classPathFirst(classes).args(fakeClass).start()) {
            String port = app.awaitStdoutValue("ready");

            assertThat(app.stdout()).contains("loaded " + fakeClass);
            assertThat(app.get(URI.create("http://127.0.0.1:" + port + "/hello"))).isEqualTo("hello");
            assertThat(app.agentProblems()).as(app.describe()).singleElement().asString()
                    .startsWith("chokepoint: probe " + probeId + " could not instrument " + fakeClass + ": ")
                    .endsWith("; probe off, the application runs on");
            assertThat(app.scrape().has("jvm_memory_used_bytes")).as("other probes run on").isTrue();
        }
    }

    private void compile(String className, String source) throws IOException {
        Path file = classes.resolve("src").resolve(className.replace('.', '/') + ".java");
        Files.createDirectories(file.getParent());
        Files.writeString(file, source);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int status = javac.run(null, null, System.err, "--release", "17", "-d", classes.toString(), file.toString());
        assertThat(status).as("javac " + file).isZero();
    }
}
