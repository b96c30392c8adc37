package org.iosched.simulator.os;

import org.iosched.api.RequestFlags;

/**
 * Where {@code mm/readahead.c} of Linux 6.6 ({@code page_cache_sync_ra}, {@code page_cache_async_ra}) reads
 * differently from 2.6.32-3.0's {@code ondemand_readahead}; {@link Readahead} asks these rules.
 */
public enum ReadaheadRules {
    /** 2.6.32-3.0. */
    LINUX_3_0(false, true, false, false, 0),
    /** Linux 6.6. */
    LINUX_6_6(true, false, true, true, RequestFlags.RAHEAD);

    /** A file without readahead still reads the request, up to {@code io_pages} ({@code force_page_cache_ra}). */
    final boolean forceReadWithoutWindow;
    /** The next window waits while the queue's sync requests are congested (5.18 removed the test). */
    final boolean asyncWaitsForCongestion;
    /** A request larger than the window may read up to {@code bdi->io_pages} at once. */
    final boolean largeRequestReadsIoPages;
    /** The window merged for a read at its own marker stays within the maximum, half of it asynchronous. */
    final boolean mergedWindowWithinMax;
    /** The flags of readahead bios: {@code REQ_RAHEAD} from {@code ext4_mpage_readpages} of 6.6, none in 3.0. */
    final int bioFlags;

    ReadaheadRules(boolean forceReadWithoutWindow, boolean asyncWaitsForCongestion,
                   boolean largeRequestReadsIoPages, boolean mergedWindowWithinMax, int bioFlags) {
        this.forceReadWithoutWindow = forceReadWithoutWindow;
        this.asyncWaitsForCongestion = asyncWaitsForCongestion;
        this.largeRequestReadsIoPages = largeRequestReadsIoPages;
        this.mergedWindowWithinMax = mergedWindowWithinMax;
        this.bioFlags = bioFlags;
    }
}
