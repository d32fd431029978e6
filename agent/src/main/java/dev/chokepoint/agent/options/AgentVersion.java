package dev.chokepoint.agent.options;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * The version Maven built: a filtered resource under the agent's own package path (the agent jar
 * sits on the application's class path, so a common name like {@code version.properties} could be
 * the application's), else the jar manifest's Implementation-Version.
 */
public final class AgentVersion {

    static final String RESOURCE = "/dev/chokepoint/agent/version.properties";

    private AgentVersion() {
    }

    public static String version() {
        try (InputStream in = AgentVersion.class.getResourceAsStream(RESOURCE)) {
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
        String manifest = AgentVersion.class.getPackage().getImplementationVersion();
        return manifest != null ? manifest : "(unknown version: not built by Maven)";
    }
}
