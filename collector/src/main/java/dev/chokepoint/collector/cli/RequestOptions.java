package dev.chokepoint.collector.cli;

import dev.chokepoint.collector.drive.RequestSpec;
import dev.chokepoint.collector.drive.RequestsFile;
import dev.chokepoint.collector.drive.RequestsFileException;
import picocli.CommandLine.Option;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** What the built-in engine sends ({@code run --stairs}, {@code search}): GET URLs, or a requests file. */
public final class RequestOptions {

    @Option(names = "--url", paramLabel = "URL", converter = RequestOptions.UrlConverter.class,
            description = "Built-in engine: send GET requests to this URL (repeat: the rate is shared evenly).")
    List<URI> urls;

    @Option(names = "--requests", paramLabel = "FILE",
            description = "Built-in engine: the requests as YAML (url, method, body or body-file, headers, weight); "
                    + "for POST paths. See docs/load.md.")
    Path requestsFile;

    /** A URL to load: absolute http(s). */
    public static final class UrlConverter implements picocli.CommandLine.ITypeConverter<URI> {
        @Override
        public URI convert(String value) {
            return TargetConverter.httpUrl(value, "the service's URL, e.g. http://127.0.0.1:8080/orders");
        }
    }

    @Option(names = "--warm-up", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Built-in engine: before the first step, send the first step's rate (at most 10 RPS) for "
                    + "this long, recorded but in no step (JIT, pools, caches), e.g. 10s. Default: none.")
    java.time.Duration warmUp;

    /** The warm-up's rate: gentle, the first step's at most 10 RPS. */
    static double warmUpRate(double firstRate) {
        return Math.min(firstRate, 10);
    }

    boolean given() {
        return urls != null || requestsFile != null;
    }

    /** The requests to send; a bad file is an error naming the file, the line and the fix. */
    List<RequestSpec> requests() throws RequestsFileException {
        List<RequestSpec> out = new ArrayList<>();
        if (requestsFile != null) {
            out.addAll(RequestsFile.read(requestsFile));
        }
        if (urls != null) {
            urls.forEach(u -> out.add(RequestSpec.get(u)));
        }
        return out;
    }
}
