package org.iosched.runner.cli;

import picocli.CommandLine.IVersionProvider;

/** The version from the jar manifest, or {@code development} when run from classes. */
public final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        String version = VersionProvider.class.getPackage().getImplementationVersion();
        return new String[] {"iosched " + (version == null ? "development" : version)};
    }
}
