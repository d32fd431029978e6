package dev.chokepoint.examples.market.maplayer;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;

/** The HTTP content codings the layer is served in, always at the maximum compression level. */
enum ContentCoding {
    GZIP("gzip"),
    DEFLATE("deflate"),
    IDENTITY(null);

    private final String header;

    ContentCoding(String header) {
        this.header = header;
    }

    String header() {
        return header;
    }

    static ContentCoding accepted(String acceptEncoding) {
        String accepted = acceptEncoding == null ? "" : acceptEncoding.toLowerCase(Locale.ROOT);
        if (accepted.contains("gzip")) {
            return GZIP;
        }
        if (accepted.contains("deflate")) {
            return DEFLATE;
        }
        return IDENTITY;
    }

    byte[] encode(byte[] content) {
        if (this == IDENTITY) {
            return content;
        }
        ByteArrayOutputStream buffer = new ByteArrayOutputStream(content.length / 4);
        // HTTP "deflate" is the zlib format (nowrap = false); its deflater is ours to end.
        Deflater zlib = this == DEFLATE ? new Deflater(Deflater.BEST_COMPRESSION, false) : null;
        try (OutputStream out = zlib == null ? new BestGzip(buffer) : new DeflaterOutputStream(buffer, zlib)) {
            out.write(content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            if (zlib != null) {
                zlib.end();
            }
        }
        return buffer.toByteArray();
    }

    /** GZIPOutputStream has no level parameter; its deflater takes one before the first byte. */
    private static final class BestGzip extends GZIPOutputStream {
        BestGzip(OutputStream out) throws IOException {
            super(out);
            def.setLevel(Deflater.BEST_COMPRESSION);
        }
    }
}
