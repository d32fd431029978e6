package dev.chokepoint.examples.fast;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * {@code GET /digest}: a fixed amount of CPU and nothing else, SHA-256 chained {@code rounds}
 * times over a 4 KiB block (the shape of an endpoint a user reported: 1.7 ms of SHA-256 a
 * request). Each round feeds the last digest back into the block, so the JIT cannot drop the work.
 */
final class DigestServlet extends HttpServlet {

    private static final int BLOCK_BYTES = 4096;

    private final int rounds;

    DigestServlet(int rounds) {
        this.rounds = rounds;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        byte[] answer = (HexFormat.of().formatHex(digest()) + "\n").getBytes(StandardCharsets.US_ASCII);
        response.setContentType("text/plain");
        response.setContentLength(answer.length);
        response.getOutputStream().write(answer);
    }

    private byte[] digest() {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
        byte[] block = new byte[BLOCK_BYTES];
        byte[] last = new byte[0];
        for (int i = 0; i < rounds; i++) {
            System.arraycopy(last, 0, block, 0, last.length);
            last = sha.digest(block);
        }
        return last;
    }
}
