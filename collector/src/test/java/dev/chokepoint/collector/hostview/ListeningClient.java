package dev.chokepoint.collector.hostview;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * A stand-in for a service in its own process, for {@link HostViewTest}: it listens on a loopback
 * port (its "metrics endpoint"), keeps a connection open to the address given (a dependency:
 * PostgreSQL), prints its port and lives until its input closes.
 */
public final class ListeningClient {

    private ListeningClient() {
    }

    public static void main(String[] args) throws IOException {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
             Socket dependency = new Socket(args[0], Integer.parseInt(args[1]))) {
            System.out.println(server.getLocalPort());
            System.out.flush();
            while (System.in.read() >= 0) {
                // Until the test closes our input.
            }
        }
    }
}
