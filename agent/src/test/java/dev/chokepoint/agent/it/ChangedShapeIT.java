package dev.chokepoint.agent.it;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
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
        FakeClasses.compile(classes, FakeClasses.HOST_VALVE, FakeClasses.HOST_VALVE_OF_OTHER_SHAPE);

        assertOneLineAndTheAppRunsOn(FakeClasses.HOST_VALVE, "request");
    }

    @Test
    void hikariPoolWithAnotherTrackerFactoryTypeSwitchesTheHikariProbeOff() throws IOException {
        FakeClasses.compile(classes, "com.zaxxer.hikari.pool.HikariPool", """
                package com.zaxxer.hikari.pool;
                public class HikariPool {
                    public void setMetricsTrackerFactory(String factoryName) {
                    }
                }
                """);

        assertOneLineAndTheAppRunsOn("com.zaxxer.hikari.pool.HikariPool", "hikari");
    }

    @Test
    void commonsPoolWithoutTheGettersTheMetersReadSwitchesItsProbeOffWhenAPoolIsMade() throws IOException {
        String pool = "org.apache.commons.pool2.impl.GenericObjectPool";
        FakeClasses.compile(classes, pool, """
                package org.apache.commons.pool2.impl;
                public class GenericObjectPool {
                    public GenericObjectPool() {
                    }
                }
                """);

        try (ForkedApp app = ForkedApp.of(PlainMainApp.class).classPathFirst(classes).args(pool, pool).start()) {
            String port = app.awaitStdoutValue("ready");

            assertThat(app.get(URI.create("http://127.0.0.1:" + port + "/hello"))).isEqualTo("hello");
            assertThat(app.agentProblems()).as(app.describe()).singleElement().asString()
                    .startsWith("chokepoint: probe commons-pool2 off: " + pool + " has not the shape its meters read (")
                    .endsWith("; no meters for its pools, the application runs on");
            assertThat(app.scrape().has("commons_pool2_num_active_objects")).isFalse();
        }
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
}
