package dev.chokepoint.agent.it;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;

/**
 * A service that runs out of heap and recovers, the two ways a real one does. Serves
 * {@code /hello} and {@code /huge} (one allocation larger than the heap on its request thread: the
 * {@link OutOfMemoryError} fails that request, answered as a 500 the way a servlet container
 * does) with the JDK's HTTP server on a pool of request threads, and prints {@code ready <port>}.
 * Then reads one-letter commands on stdin:
 * <ul>
 *   <li>{@code f}: fills the heap to the last few bytes with objects it keeps (every other
 *       thread's allocation, the agent's included, now fails) and prints {@code full};</li>
 *   <li>{@code r}: lets them go, collects, prints {@code released};</li>
 *   <li>{@code g}: a full collection, prints {@code collected}.</li>
 * </ul>
 * While the heap is full nothing may allocate on this thread: {@code full} is written as bytes
 * made up front, and the command is read from {@code System.in}, whose buffer already exists.
 */
public final class HeapExhaustionApp {

    private static final byte[] FULL = "full\n".getBytes(StandardCharsets.US_ASCII);
    /** What fills the heap; static so that the JIT cannot find it dead. */
    private static Object[] hog;

    private HeapExhaustionApp() {
    }

    public static void main(String[] args) throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newFixedThreadPool(2));
        server.createContext("/hello", exchange -> respond(exchange, 200, "hello"));
        server.createContext("/huge", exchange -> {
            String answer;
            try {
                byte[] huge = new byte[Integer.MAX_VALUE - 16];
                answer = "allocated " + huge.length;
            } catch (OutOfMemoryError e) {
                answer = "huge allocation failed: " + e;
            }
            respond(exchange, answer.startsWith("allocated") ? 200 : 500, answer);
        });
        server.start();
        System.out.println("ready " + server.getAddress().getPort());

        FileOutputStream out = new FileOutputStream(FileDescriptor.out);
        int command;
        while ((command = System.in.read()) >= 0) {
            if (command == 'f') {
                fill();
                out.write(FULL);
            } else if (command == 'r') {
                hog = null;
                System.gc();
                System.out.println("released");
            } else if (command == 'g') {
                System.gc();
                System.out.println("collected");
            }
        }
    }

    /** Chains arrays of shrinking size until not even 16 bytes more fit. */
    private static void fill() {
        Object[] head = null;
        for (int size = 1 << 20; size >= 16; size >>= 2) {
            try {
                while (true) {
                    Object[] node = new Object[2];
                    node[0] = new byte[size];
                    node[1] = head;
                    head = node;
                }
            } catch (OutOfMemoryError e) {
                // this size no longer fits: go on with a smaller one
            }
        }
        hog = head;
    }

    private static void respond(HttpExchange exchange, int status, String text) throws IOException {
        byte[] body = text.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }
}
