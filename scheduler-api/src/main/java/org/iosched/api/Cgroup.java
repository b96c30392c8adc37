package org.iosched.api;

import java.util.Objects;

/**
 * A blkio cgroup: its path and its {@code blkio.weight}.
 *
 * @param path   the cgroup path, {@code "/"} for the root
 * @param weight {@code blkio.weight}, {@value #MIN_WEIGHT}..{@value #MAX_WEIGHT}, default {@value #DEFAULT_WEIGHT}
 *               (Documentation/cgroups/blkio-controller.txt, 2.6.33-3.0)
 */
public record Cgroup(String path, int weight) {
    /** {@code BLKIO_WEIGHT_MIN} in 2.6.33-3.0. */
    public static final int MIN_WEIGHT = 100;
    /** {@code BLKIO_WEIGHT_MAX}. */
    public static final int MAX_WEIGHT = 1000;
    /** {@code BLKIO_WEIGHT_DEFAULT}. */
    public static final int DEFAULT_WEIGHT = 500;
    /** The root cgroup, with the default weight written in its {@code blkio.weight} file. */
    public static final Cgroup ROOT = new Cgroup("/", DEFAULT_WEIGHT);

    /** Validates the path and the weight range. */
    public Cgroup {
        Objects.requireNonNull(path, "path");
        if (!path.startsWith("/")) {
            throw new IllegalArgumentException("cgroup path must start with '/': " + path);
        }
        if (weight < MIN_WEIGHT || weight > MAX_WEIGHT) {
            throw new IllegalArgumentException(
                    "blkio.weight must be " + MIN_WEIGHT + ".." + MAX_WEIGHT + ", not " + weight);
        }
    }

    /** Whether this is the root cgroup. */
    public boolean isRoot() {
        return path.equals("/");
    }
}
