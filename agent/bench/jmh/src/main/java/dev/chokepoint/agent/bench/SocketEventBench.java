package dev.chokepoint.agent.bench;

import jdk.jfr.consumer.RecordingStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * What the wait probe's JFR events cost a socket operation the application makes, outside the
 * agent's own code: with {@code jdk.SocketRead}/{@code jdk.SocketWrite} enabled, the JDK times
 * every read and write (two clock reads and a threshold check, whatever the threshold), and a
 * request makes several (Tomcat reads the request and writes the answer, the JDBC driver writes
 * the statement and reads the rows). One 64-byte write and its read over loopback, with no
 * recording ({@code off}), a recording of the lock events only ({@code locks}: JFR running, the
 * socket events off) and the wait probe's events ({@code waits}: locks and parks with stacks,
 * sockets, at 1 ms as the probe's defaults).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(3)
public class SocketEventBench {

    @Param({"off", "locks", "waits"})
    public String jfr;

    private final ByteBuffer out = ByteBuffer.allocateDirect(64);
    private final ByteBuffer in = ByteBuffer.allocateDirect(64);
    private RecordingStream stream;
    private SocketChannel client;
    private SocketChannel server;

    @Setup
    public void open() throws IOException {
        if (!jfr.equals("off")) {
            Duration threshold = Duration.ofMillis(1);
            stream = new RecordingStream();
            stream.enable("jdk.JavaMonitorEnter").withThreshold(threshold).withStackTrace();
            stream.enable("jdk.ThreadPark").withThreshold(threshold).withStackTrace();
            if (jfr.equals("waits")) {
                stream.enable("jdk.SocketRead").withThreshold(threshold).withoutStackTrace();
                stream.enable("jdk.SocketWrite").withThreshold(threshold).withoutStackTrace();
            }
            stream.startAsync();
        }
        try (ServerSocketChannel listener = ServerSocketChannel.open()) {
            listener.bind(new InetSocketAddress("127.0.0.1", 0));
            client = SocketChannel.open(listener.getLocalAddress());
            server = listener.accept();
        }
    }

    @TearDown
    public void close() throws IOException {
        client.close();
        server.close();
        if (stream != null) {
            stream.close();
        }
    }

    @Benchmark
    public int writeThenRead() throws IOException {
        out.clear();
        client.write(out);
        in.clear();
        int read = 0;
        while (read < in.capacity()) {
            read += server.read(in);
        }
        return read;
    }
}
