package dev.chokepoint.collector.scrape;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.zip.GZIPInputStream;

/**
 * Fetches and parses one exposition. Never throws: every failure (refused, timeout, HTTP status,
 * unparsable body) becomes a failed {@link ScrapeOutcome} naming the cause.
 */
public final class TargetScraper {

    /** Far above any real exposition (10 000 series are ~1 MiB), far below what would hurt the collector. */
    static final int MAX_BODY_BYTES = 32 << 20;

    /** The agent's header: when it read the meters (epoch ms). */
    static final String READ_TIME_HEADER = "Chokepoint-Read-Time";

    private final HttpClient client;
    private final Duration timeout;

    public TargetScraper(Duration timeout) {
        this.timeout = timeout;
        this.client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(timeout)
                .followRedirects(HttpClient.Redirect.NORMAL)
                .build();
    }

    public CompletableFuture<ScrapeOutcome> scrape(URI target) {
        long start = System.nanoTime();
        // A #dependency= fragment is the collector's note on the target, never sent.
        HttpRequest request = HttpRequest.newBuilder(withoutFragment(target))
                .timeout(timeout)
                .header("Accept", ExpositionFormat.ACCEPT)
                // No Accept-Encoding: gzip: compressing costs the target CPU in the one thread that
                // must answer while its cores are saturated. A body that comes gzipped anyway
                // (a proxy that always compresses) is still read.
                .header("User-Agent", "chokepoint-collector")
                .GET()
                .build();
        // The client's own timeout ends at the response headers; a body that drips must not hold the round.
        return client.sendAsync(request, TargetScraper::boundedBody)
                .orTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS)
                .handle((response, error) -> {
                    long millis = (System.nanoTime() - start) / 1_000_000;
                    if (error != null) {
                        return ScrapeOutcome.failed(describe(error), millis);
                    }
                    return parse(response, millis);
                });
    }

    private static URI withoutFragment(URI target) {
        if (target.getRawFragment() == null) {
            return target;
        }
        String text = target.toString();
        return URI.create(text.substring(0, text.indexOf('#')));
    }

    /** Bounded memory whatever a target sends: a declared length over the limit is not read at all. */
    private static HttpResponse.BodySubscriber<byte[]> boundedBody(HttpResponse.ResponseInfo info) {
        long length = info.headers().firstValueAsLong("Content-Length").orElse(-1);
        return length > MAX_BODY_BYTES ? HttpResponse.BodySubscribers.replacing(null)
                : HttpResponse.BodySubscribers.ofByteArray();
    }

    private static ScrapeOutcome parse(HttpResponse<byte[]> response, long millis) {
        if (response.statusCode() != 200) {
            return ScrapeOutcome.failed("HTTP " + response.statusCode(), millis);
        }
        if (response.body() == null) {
            return ScrapeOutcome.failed("body larger than " + (MAX_BODY_BYTES >> 20) + " MiB", millis);
        }
        try {
            String body = decode(response);
            ExpositionFormat format = ExpositionFormat.fromContentType(
                    response.headers().firstValue("Content-Type").orElse(null));
            List<ParsedSample> samples = ExpositionParser.parse(body, format);
            return ScrapeOutcome.success(samples, millis, response.headers().firstValue(READ_TIME_HEADER)
                    .map(TargetScraper::epochMillis).orElse(0L));
        } catch (ExpositionException e) {
            return ScrapeOutcome.failed("unparsable body, " + e.getMessage(), millis);
        } catch (IOException e) {
            return ScrapeOutcome.failed("unreadable body: " + e.getMessage(), millis);
        }
    }

    /** 0 (not said) for anything but a plain number: a header is a hint, never a failed scrape. */
    private static long epochMillis(String header) {
        try {
            return Math.max(0, Long.parseLong(header.trim()));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static String decode(HttpResponse<byte[]> response) throws IOException {
        byte[] body = response.body();
        if (response.headers().firstValue("Content-Encoding").filter("gzip"::equalsIgnoreCase).isPresent()) {
            try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
                body = in.readNBytes(MAX_BODY_BYTES + 1);
            }
            if (body.length > MAX_BODY_BYTES) {
                throw new IOException("larger than " + (MAX_BODY_BYTES >> 20) + " MiB once unzipped");
            }
        }
        return new String(body, StandardCharsets.UTF_8);
    }

    private static String describe(Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (cause instanceof HttpTimeoutException || cause instanceof TimeoutException) {
                return "timed out";
            }
            if (cause instanceof ConnectException) {
                return "connection refused (ConnectException)";
            }
        }
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        String message = cause.getMessage();
        return cause.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }
}
