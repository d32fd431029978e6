package dev.chokepoint.agent.it;

import com.sun.net.httpserver.HttpServer;

import java.io.OutputStream;
import java.lang.reflect.Method;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * An application that logs through SLF4J (Logback in front of its class path, its default
 * configuration: DEBUG to stdout): logs one line at start and one per {@code /hello}, and prints
 * {@code ready <port>}. SLF4J is reached by reflection: the ITs' own class path has no SLF4J, the
 * forked app's has it first ({@link LibraryLoggingIT}).
 */
public final class LoggingApp {

    private LoggingApp() {
    }

    public static void main(String[] args) throws Exception {
        Object log = Class.forName("org.slf4j.LoggerFactory").getMethod("getLogger", String.class)
                .invoke(null, "com.example.Shop");
        Method info = log.getClass().getMethod("info", String.class);
        info.invoke(log, "shop starting");
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/hello", exchange -> {
            try {
                info.invoke(log, "hello served");
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
            byte[] body = "hello".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        System.out.println("ready " + server.getAddress().getPort());
    }
}
