package dev.chokepoint.agent.it;

import com.sun.net.httpserver.HttpServer;

import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * A plain main application that uses no Tomcat, Hikari or JDBC: it serves {@code /hello} with the
 * JDK's HTTP server and prints {@code ready <port>}. Tests check that it serves normally whatever
 * the agent met. Each argument names a class it loads and instantiates first (printing
 * {@code loaded <name>}), as an application using a library would: the way a test puts a class
 * of another shape in front of the agent's probes.
 */
public final class PlainMainApp {

    private PlainMainApp() {
    }

    public static void main(String[] args) throws Exception {
        for (String className : args) {
            Class.forName(className).getDeclaredConstructor().newInstance();
            System.out.println("loaded " + className);
        }
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/hello", exchange -> {
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
