package dev.chokepoint.agent.exposition;

import dev.chokepoint.agent.meterfeed.MeterFeed;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.prometheus.metrics.expositionformats.ExpositionFormatWriter;
import io.prometheus.metrics.expositionformats.ExpositionFormats;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.zip.GZIPOutputStream;

/**
 * The endpoint's answers, whole (head and body) in one buffer that every scrape reuses: the
 * registry in the format the scraper asks for (Prometheus text or OpenMetrics, gzip when
 * accepted), or a fixed error answer made once up front. The buffer keeps the size of the
 * largest scrape so far, so a steady scrape allocates no buffer of its own; the endpoint copies an
 * answer only when the socket does not take it at once.
 */
final class Responses {

    /**
     * When the meters were read (epoch ms, the middle of the read). On a saturated host this
     * endpoint's thread waits for a core before and after it reads, so the scraper cannot tell
     * from its own clock when the values are from (docs/metrics.md).
     */
    static final String READ_TIME_HEADER = "Chokepoint-Read-Time";

    /** Room before the body for the head, which is written once the body's length is known. */
    private static final int HEAD_ROOM = 512;
    private static final int INITIAL_BODY_BYTES = 64 * 1024;

    private final PrometheusMeterRegistry registry;
    private final ExpositionFormats formats = ExpositionFormats.init();
    private final Buffer buffer = new Buffer(HEAD_ROOM + INITIAL_BODY_BYTES);
    private final ByteBuffer badRequest = fixed("400 Bad Request", "this is the chokepoint metrics endpoint: GET /metrics\n");
    private final ByteBuffer notAllowed = fixed("405 Method Not Allowed", "GET /metrics\n");
    private final ByteBuffer notFound = fixed("404 Not Found", "the metrics are at /metrics\n");

    Responses(PrometheusMeterRegistry registry) {
        this.registry = registry;
    }

    /**
     * The answer to {@code request} (empty: not HTTP, or a head too long), valid until the next
     * call: it is a view of the shared buffer or of a fixed answer.
     */
    ByteBuffer answer(Optional<ScrapeRequest> request) throws IOException {
        if (request.isEmpty()) {
            return badRequest.duplicate();
        }
        ScrapeRequest scrape = request.get();
        if (!scrape.method.equals("GET") && !scrape.method.equals("HEAD")) {
            return notAllowed.duplicate();
        }
        if (!scrape.path.equals("/metrics") && !scrape.path.equals("/")) {
            return notFound.duplicate();
        }
        return scrape(scrape);
    }

    private ByteBuffer scrape(ScrapeRequest request) throws IOException {
        ExpositionFormatWriter writer = formats.findWriter(request.accept);
        buffer.restartAt(HEAD_ROOM);
        OutputStream encoded = request.gzip ? new GZIPOutputStream(buffer) : buffer;
        long readAt;
        try {
            MeterFeed.feedAll(); // every timer record made before this scrape is in it
            long before = System.currentTimeMillis();
            MetricSnapshots snapshots = registry.getPrometheusRegistry().scrape();
            readAt = before + (System.currentTimeMillis() - before) / 2;
            writer.write(encoded, snapshots);
        } finally {
            if (encoded != buffer) {
                encoded.close(); // ends the Deflater, whose memory is native
            }
        }
        int bodyLength = buffer.count - HEAD_ROOM;
        byte[] head = ("HTTP/1.1 200 OK\r\n"
                + "Content-Type: " + writer.getContentType() + "\r\n"
                + (request.gzip ? "Content-Encoding: gzip\r\n" : "")
                + "Content-Length: " + bodyLength + "\r\n"
                + READ_TIME_HEADER + ": " + readAt + "\r\n"
                + "Connection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1);
        int start = HEAD_ROOM - head.length;
        System.arraycopy(head, 0, buffer.bytes, start, head.length);
        int end = request.method.equals("HEAD") ? HEAD_ROOM : buffer.count;
        return ByteBuffer.wrap(buffer.bytes, start, end - start);
    }

    private static ByteBuffer fixed(String status, String text) {
        byte[] body = text.getBytes(StandardCharsets.UTF_8);
        byte[] head = ("HTTP/1.1 " + status + "\r\n"
                + "Content-Type: text/plain; charset=utf-8\r\n"
                + "Content-Length: " + body.length + "\r\n"
                + "Connection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1);
        ByteBuffer answer = ByteBuffer.allocate(head.length + body.length).put(head).put(body);
        return answer.flip();
    }

    /** A byte array output that can start over at an offset and keeps its capacity. */
    private static final class Buffer extends OutputStream {
        byte[] bytes;
        int count;

        Buffer(int capacity) {
            bytes = new byte[capacity];
        }

        void restartAt(int offset) {
            count = offset;
        }

        @Override
        public void write(int b) {
            ensure(1);
            bytes[count++] = (byte) b;
        }

        @Override
        public void write(byte[] from, int offset, int length) {
            ensure(length);
            System.arraycopy(from, offset, bytes, count, length);
            count += length;
        }

        private void ensure(int more) {
            if (count + more > bytes.length) {
                byte[] larger = new byte[Math.max(bytes.length * 2, count + more)];
                System.arraycopy(bytes, 0, larger, 0, count);
                bytes = larger;
            }
        }
    }
}
