package dev.chokepoint.collector.cli;

import picocli.CommandLine;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * {@code chokepoint --version}: the version Maven built (a filtered resource, so it is also right
 * when the classes run from target/classes, where the jar manifest is absent), and the Java it runs on.
 */
public final class BuildVersion implements CommandLine.IVersionProvider {

    static final String RESOURCE = "/dev/chokepoint/collector/version.properties";

    @Override
    public String[] getVersion() {
        return new String[] {"chokepoint " + version(),
            "Java " + Runtime.version() + " (" + System.getProperty("java.vendor") + ")"};
    }

    /** e.g. {@code 0.1.0}; says so when the classes were not built by Maven. */
    public static String version() {
        try (InputStream in = BuildVersion.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                Properties p = new Properties();
                p.load(in);
                String v = p.getProperty("version", "");
                if (!v.isBlank() && !v.contains("${")) {
                    return v;
                }
            }
        } catch (IOException unreadable) {
            // the manifest below, else unknown
        }
        String manifest = BuildVersion.class.getPackage().getImplementationVersion();
        return manifest != null ? manifest : "(unknown version: not built by Maven)";
    }
}
