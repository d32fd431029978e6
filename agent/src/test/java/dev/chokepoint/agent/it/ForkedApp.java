package dev.chokepoint.agent.it;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.awaitility.Awaitility.await;

/**
 * Runs a test application in its own JVM with {@code -javaagent:} the built, shaded agent jar, the
 * way a user does, and gives tests its output and its scrape.
 *
 * <pre>{@code
 * try (ForkedApp app = ForkedApp.of(PlainMainApp.class).agentArgs("port=0").start()) {
 *     app.awaitStdout("ready");
 *     Scrape scrape = app.scrape();
 * }
 * }</pre>
 *
 * <p>The forked class path is the test class path without the unshaded agent classes (failsafe
 * already drops the agent's dependencies, see agent/pom.xml), so the jar's relocated copies are
 * the only ones: a missing relocation shows up as a failure here. The process is always killed on
 * {@link #close()}, with its children.
 */
public final class ForkedApp implements AutoCloseable {

    /** Generous: two cores shared with other builds; waits poll and return as soon as they can. */
    public static final Duration DEFAULT_WAIT = Duration.ofSeconds(90);

    private static final Pattern METRICS_URL = Pattern.compile("chokepoint: metrics at (http://\\S+/metrics)");

    private final Process process;
    private final List<String> command;
    private final StringBuffer stdout = new StringBuffer();
    private final StringBuffer stderr = new StringBuffer();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final List<Thread> pumps;
    private final long launchedAtMillis;

    private ForkedApp(Process process, List<String> command, long launchedAtMillis) {
        this.process = process;
        this.command = command;
        this.launchedAtMillis = launchedAtMillis;
        this.pumps = List.of(pump(process.getInputStream(), stdout, "stdout"),
                pump(process.getErrorStream(), stderr, "stderr"));
    }

    public static Builder of(Class<?> mainClass) {
        return new Builder(mainClass.getName());
    }

    /** The built agent jar; fails with the fix when the ITs run without {@code mvn verify}. */
    public static Path agentJar() {
        String configured = System.getProperty("chokepoint.agent.jar");
        Path jar = configured != null ? Path.of(configured) : Path.of("target", "chokepoint-agent.jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("no agent jar at " + jar.toAbsolutePath()
                    + "; forked tests run in the integration-test phase: mvn -pl agent verify");
        }
        return jar;
    }

    /** The JDK running the tests; forked apps use it unless told otherwise. */
    public static Path currentJava() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    static List<String> applicationClassPath() {
        String agentClasses = System.getProperty("chokepoint.agent.classes", "");
        Path agentJar = agentJar().toAbsolutePath();
        List<String> entries = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path path = Path.of(entry).toAbsolutePath();
            boolean agentItself = path.toString().equals(Path.of(agentClasses).toAbsolutePath().toString())
                    || path.equals(agentJar)
                    || (path.getParent() != null && path.getParent().equals(agentJar.getParent())
                        && path.getFileName().toString().startsWith("chokepoint-agent"));
            if (!entry.isEmpty() && !agentItself) {
                entries.add(entry);
            }
        }
        return entries;
    }

    public String stdout() {
        return stdout.toString();
    }

    public String stderr() {
        return stderr.toString();
    }

    /** The agent's own stderr lines ({@code chokepoint: …}), in order. */
    public List<String> agentLines() {
        return stderr().lines().filter(line -> line.startsWith("chokepoint:")).collect(Collectors.toList());
    }

    /** The agent's stderr lines except the endpoint announcement: its warnings and errors. */
    public List<String> agentProblems() {
        return agentLines().stream().filter(line -> !METRICS_URL.matcher(line).find()).collect(Collectors.toList());
    }

    public ForkedApp awaitStdout(String fragment) {
        return awaitStdout(fragment, DEFAULT_WAIT);
    }

    public ForkedApp awaitStdout(String fragment, Duration wait) {
        awaitText(stdout, fragment, wait);
        return this;
    }

    public ForkedApp awaitStderr(String fragment) {
        awaitText(stderr, fragment, DEFAULT_WAIT);
        return this;
    }

    /** The first stdout line starting with {@code prefix}, without the prefix, once it appears. */
    public String awaitStdoutValue(String prefix) {
        awaitStdout(prefix);
        return stdout().lines().filter(line -> line.startsWith(prefix)).findFirst().orElseThrow()
                .substring(prefix.length()).trim();
    }

    /** The URL the agent announced on stderr, once it did. */
    public URI metricsUri() {
        awaitText(stderr, "chokepoint: metrics at ", DEFAULT_WAIT);
        Matcher matcher = METRICS_URL.matcher(stderr());
        if (!matcher.find()) {
            throw new AssertionError("agent announced no metrics URL; stderr:\n" + stderr());
        }
        return URI.create(matcher.group(1));
    }

    public String scrapeText() {
        return get(metricsUri());
    }

    public Scrape scrape() {
        return Scrape.parse(scrapeText());
    }

    /** GET {@code uri}; the body when the status is 200, else an assertion error with the output. */
    public String get(URI uri) {
        try {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30)).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new AssertionError("GET " + uri + " → " + response.statusCode() + "\n" + describe());
            }
            return response.body();
        } catch (IOException e) {
            throw new AssertionError("GET " + uri + " failed: " + e + "\n" + describe(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Writes {@code text} to the app's standard input (a command for apps that read one). */
    public void send(String text) {
        try {
            process.getOutputStream().write(text.getBytes(StandardCharsets.UTF_8));
            process.getOutputStream().flush();
        } catch (IOException e) {
            throw new AssertionError("cannot write to the app's stdin: " + e + "\n" + describe(), e);
        }
    }

    /**
     * A full collection in the app ({@code jcmd PID GC.run}): meters that read objects only
     * Micrometer's weak references hold turn NaN after it.
     */
    public void collectGarbage() {
        jcmd("GC.run");
    }

    /** The names of the app's platform threads now ({@code jcmd PID Thread.print}). */
    public List<String> threadNames() {
        Matcher name = Pattern.compile("(?m)^\"([^\"]*)\"").matcher(jcmd("Thread.print"));
        List<String> names = new ArrayList<>();
        while (name.find()) {
            names.add(name.group(1));
        }
        return names;
    }

    /** Runs {@code jcmd PID command} (the tests' JDK's jcmd); its output. */
    private String jcmd(String command) {
        Path jcmd = currentJava().resolveSibling("jcmd");
        try {
            Process run = new ProcessBuilder(jcmd.toString(), Long.toString(pid()), command).redirectErrorStream(true).start();
            String output = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!run.waitFor(60, TimeUnit.SECONDS) || run.exitValue() != 0) {
                throw new AssertionError(jcmd + " " + pid() + " " + command + " failed: " + output + "\n" + describe());
            }
            return output;
        } catch (IOException e) {
            throw new AssertionError("cannot run " + jcmd + ": " + e + "\n" + describe(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while running " + jcmd + " " + command + " in the app", e);
        }
    }

    /** The wall clock (epoch ms) just before the process was launched: whatever it says it started at is later. */
    public long launchedAtMillis() {
        return launchedAtMillis;
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Waits for the app to end by itself; its exit code. */
    public int awaitExit(Duration wait) {
        try {
            if (!process.waitFor(wait.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new AssertionError("app still running after " + wait + "\n" + describe());
            }
            drainBriefly();
            return process.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Command, exit state and both streams: what a failing assertion needs to show. */
    public String describe() {
        return "command: " + String.join(" ", command)
                + "\nalive: " + process.isAlive()
                + "\n--- stdout ---\n" + stdout() + "\n--- stderr ---\n" + stderr();
    }

    @Override
    public void close() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void awaitText(StringBuffer buffer, String fragment, Duration wait) {
        // Polls rather than sleeps: the forked JVM's start time varies a lot on a shared machine.
        try {
            await().atMost(wait).pollInterval(Duration.ofMillis(50))
                    .until(() -> buffer.indexOf(fragment) >= 0 || !process.isAlive());
        } catch (org.awaitility.core.ConditionTimeoutException e) {
            throw new AssertionError("no '" + fragment + "' within " + wait + "\n" + describe(), e);
        }
        if (buffer.indexOf(fragment) < 0) {
            drainBriefly();
            if (buffer.indexOf(fragment) < 0) {
                throw new AssertionError("app ended without '" + fragment + "'\n" + describe());
            }
        }
    }

    /** After the process ended, lets the pump threads copy what is still in the pipes. */
    private void drainBriefly() {
        try {
            process.waitFor(5, TimeUnit.SECONDS);
            for (Thread pump : pumps) {
                pump.join(2000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static Thread pump(InputStream stream, StringBuffer into, String name) {
        Thread thread = new Thread(() -> {
            byte[] buffer = new byte[8192];
            try (stream) {
                int read;
                while ((read = stream.read(buffer)) >= 0) {
                    into.append(new String(buffer, 0, read, StandardCharsets.UTF_8));
                }
            } catch (IOException e) {
                into.append("\n[").append(name).append(" closed: ").append(e).append("]\n");
            }
        }, "forked-" + name);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    /** How to start the application; {@link #start()} launches it. */
    public static final class Builder {

        private final String mainClass;
        private final List<String> args = new ArrayList<>();
        private final List<String> jvmArgs = new ArrayList<>();
        private final List<String> classPathFirst = new ArrayList<>();
        private final List<String> launcher = new ArrayList<>();
        private final Map<String, String> env = new LinkedHashMap<>();
        private String agentArgs = "port=0";
        private boolean withAgent = true;
        private Path java = currentJava();

        private Builder(String mainClass) {
            this.mainClass = mainClass;
        }

        public Builder args(String... values) {
            args.addAll(List.of(values));
            return this;
        }

        /** The agent's arguments (after {@code =}); default {@code port=0}, an ephemeral port. */
        public Builder agentArgs(String value) {
            agentArgs = value;
            return this;
        }

        public Builder withoutAgent() {
            withAgent = false;
            return this;
        }

        public Builder env(String name, String value) {
            env.put(name, value);
            return this;
        }

        public Builder jvmArg(String value) {
            jvmArgs.add(value);
            return this;
        }

        /** A directory or jar placed before the test class path, e.g. a fake library class. */
        public Builder classPathFirst(Path entry) {
            classPathFirst.add(entry.toString());
            return this;
        }

        /** A command that execs the JVM, e.g. a shell that first enters a cgroup: {@code sh -c '...; exec "$@"' sh}. */
        public Builder launcher(String... prefix) {
            launcher.addAll(List.of(prefix));
            return this;
        }

        public Builder java(Path executable) {
            java = executable;
            return this;
        }

        public ForkedApp start() {
            List<String> command = new ArrayList<>(launcher);
            command.add(java.toString());
            command.addAll(jvmArgs);
            if (withAgent) {
                command.add("-javaagent:" + agentJar().toAbsolutePath() + (agentArgs.isEmpty() ? "" : "=" + agentArgs));
            }
            List<String> classPath = new ArrayList<>(classPathFirst);
            classPath.addAll(applicationClassPath());
            command.add("-cp");
            command.add(String.join(File.pathSeparator, classPath));
            command.add(mainClass);
            command.addAll(args);
            ProcessBuilder builder = new ProcessBuilder(command);
            // The tests' own CHOKEPOINT_* settings must not leak into the forked agent.
            builder.environment().keySet().removeIf(name -> name.startsWith("CHOKEPOINT_"));
            builder.environment().putAll(env);
            try {
                long launchedAt = System.currentTimeMillis();
                return new ForkedApp(builder.start(), command, launchedAt);
            } catch (IOException e) {
                throw new IllegalStateException("cannot start " + command, e);
            }
        }
    }
}
