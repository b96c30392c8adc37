package org.iosched.simulator.os;

import java.util.Objects;

/**
 * The rules of one kernel's OS model where 2.6.32-3.0 and Linux 6.6 differ in the I/O they make: writeback and
 * dirty throttling, readahead, and the largest bio ext4 builds.
 *
 * @param kernelVersion the {@code kernel.version} workloads see ({@code 3.0}, {@code 6.6})
 * @param bioMaxPages   the most pages of a writeback or readahead bio besides {@code max_sectors}: 6.6's
 *                      {@code BIO_MAX_VECS} (256, 1 MiB), unbounded in 3.0
 * @param writeback     writeback and dirty throttling
 * @param readahead     readahead
 */
public record OsPolicies(String kernelVersion, int bioMaxPages, WritebackRules writeback, ReadaheadRules readahead) {
    /** {@code BIO_MAX_VECS} of 6.6. */
    static final int BIO_MAX_VECS = 256;

    /** Linux 2.6.32-3.0. */
    public static final OsPolicies LINUX_3_0 = new OsPolicies("3.0", Integer.MAX_VALUE, WritebackRules.LINUX_3_0,
            ReadaheadRules.LINUX_3_0);
    /** Linux 6.6: IO-less dirty throttling, the flusher as a {@code kworker}, 1 MiB ext4 bios, 6.6's readahead. */
    public static final OsPolicies LINUX_6_6 = new OsPolicies("6.6", BIO_MAX_VECS, WritebackRules.LINUX_6_6,
            ReadaheadRules.LINUX_6_6);

    /** Checks that every part is there and that bios hold a page. */
    public OsPolicies {
        Objects.requireNonNull(kernelVersion, "kernelVersion");
        Objects.requireNonNull(writeback, "writeback");
        Objects.requireNonNull(readahead, "readahead");
        if (bioMaxPages < 1) {
            throw new IllegalArgumentException("bioMaxPages " + bioMaxPages + " is below 1");
        }
    }
}
