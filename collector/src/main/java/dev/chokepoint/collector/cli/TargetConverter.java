package dev.chokepoint.collector.cli;

import dev.chokepoint.collector.signals.DependencyExporter;
import picocli.CommandLine;

import java.net.URI;
import java.net.URISyntaxException;

/**
 * A scrape target: an absolute http(s) URL such as {@code http://127.0.0.1:19464/metrics}; an
 * exporter's may end in {@code #dependency=host:port}, the dependency it speaks for.
 */
public final class TargetConverter implements CommandLine.ITypeConverter<URI> {

    @Override
    public URI convert(String value) {
        return httpUrl(value, "the metrics endpoint, e.g. " + TargetOptions.AGENT_DEFAULT);
    }

    /** {@code value} as an absolute http(s) URL, or an error that says to give {@code what}. */
    static URI httpUrl(String value, String what) {
        try {
            URI uri = new URI(value);
            if (("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null) {
                DependencyExporter.declaredDependency(value);
                return uri;
            }
        } catch (URISyntaxException e) {
            // reported below with the fix
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException("'" + value + "': " + e.getMessage());
        }
        throw new CommandLine.TypeConversionException("'" + value + "' is not an http(s) URL; give " + what);
    }
}
