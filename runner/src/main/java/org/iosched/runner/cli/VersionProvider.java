package org.iosched.runner.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** The project version, filled into {@code version.properties} by Maven when the runner is built. */
public final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        return new String[] {"iosched " + version()};
    }

    /** The version the runner was built as, e.g. {@code 0.1.0-SNAPSHOT}. */
    static String version() {
        try (InputStream in = VersionProvider.class.getResourceAsStream("version.properties")) {
            if (in == null) {
                throw new IllegalStateException("missing resource version.properties (the runner's build writes it)");
            }
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
