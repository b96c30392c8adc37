package org.iosched.simulator.os;

/**
 * On-demand readahead of Linux 2.6.32-3.0 ({@code mm/readahead.c}): {@code ondemand_readahead} with its window
 * sizing, the async marker and context readahead, and {@code __do_page_cache_readahead} allocating the window's
 * missing pages.
 *
 * <ul>
 *   <li>Initial window ({@code get_init_ra_size}): the request rounded up to a power of two, times 4 when at
 *       most {@code max/32}, times 2 when at most {@code max/4}, else {@code max}.</li>
 *   <li>Next window ({@code get_next_ra_size}): times 4 below {@code max/16}, else times 2, at most
 *       {@code max}. For 4 KiB sequential reads and 128 KiB of {@code read_ahead_kb} the windows are 4, 8, 16,
 *       32, 32... pages.</li>
 *   <li>A new stream starts at offset 0, after a sequential miss, or for a request larger than {@code max};
 *       a read at the expected place moves the window on; a hit on a marked page of interleaved streams
 *       ramps up from the next hole; a miss with cached pages just before it (context readahead) sizes the
 *       window from them; anything else reads only what was asked.</li>
 *   <li>The page {@code async_size} pages before the window's end gets {@code PG_readahead}; a read that meets
 *       it starts the next window asynchronously, unless the queue's sync requests are congested.</li>
 *   <li>The window's pages missing from the cache are allocated locked; {@link #submit} then reads runs of
 *       them that are contiguous on disk, as {@code mpage_readpages} builds bios, up to {@code max_sectors}.
 *       The bios are plain READ (2.6.3x readahead sets neither {@code REQ_RAHEAD} nor {@code REQ_SYNC}; a read
 *       is sync for the schedulers all the same), and only the demanded page is waited for.</li>
 * </ul>
 *
 * <p>Linux 6.6 ({@code page_cache_sync_ra}, {@code page_cache_async_ra}): bios carry {@code REQ_RAHEAD}; a
 * request larger than the window may read up to {@code bdi->io_pages} ({@code max_sectors}); the window merged for
 * a read at its own marker stays within the maximum (half of it asynchronous); the next window is started even on a
 * congested queue (5.18 dropped the test); with readahead off the request is read in one window
 * ({@code force_page_cache_ra}); bios hold at most {@code BIO_MAX_VECS} pages. {@code page_cache_ra_order} reads
 * the same pages: ext4 has no large folios in 6.6.
 *
 * <p>Simplified: {@code max_sane_readahead} (half the free and inactive memory) does not limit the window.
 */
final class Readahead {
    private final Kernel kernel;

    Readahead(Kernel kernel) {
        this.kernel = kernel;
    }

    /** {@code get_init_ra_size}. */
    static int initialSize(int size, int max) {
        int newsize = Integer.highestOneBit(Math.max(1, size));
        if (newsize < size) {
            newsize <<= 1;
        }
        if (newsize <= max / 32) {
            return newsize * 4;
        }
        if (newsize <= max / 4) {
            return newsize * 2;
        }
        return max;
    }

    /** {@code get_next_ra_size}. */
    static int nextSize(int cur, int max) {
        int newsize = cur < max / 16 ? 4 * cur : 2 * cur;
        return Math.min(newsize, max);
    }

    /** {@code page_cache_sync_readahead}: a cache miss at {@code offset} reading {@code reqSize} pages. */
    void sync(OpenFile file, int offset, int reqSize, Syscall call) {
        if (file.raPages == 0) {
            if (kernel.readahead.forceReadWithoutWindow) {
                // 6.6 page_cache_sync_ra without readahead: force_page_cache_ra reads the request, up to io_pages
                allocate(file.inode, offset, Math.min(reqSize, Math.max(ioPages(), file.raPages)), 0, call);
            }
            return;
        }
        ondemand(file, false, offset, reqSize, call);
    }

    /** {@code page_cache_async_readahead}: a read met the marker at {@code offset}. */
    void async(OpenFile file, int offset, int reqSize, Syscall call) {
        // 5.18 removed the congestion test: 6.6 always starts the next window
        if (file.raPages == 0 || (kernel.readahead.asyncWaitsForCongestion && kernel.queue.congested(true))) {
            return;
        }
        ondemand(file, true, offset, reqSize, call);
    }

    /** {@code bdi->io_pages}: {@code max_sectors} in pages. */
    private int ioPages() {
        return Math.max(1, kernel.queue.maxSectors() / Inode.SECTORS_PER_PAGE);
    }

    private void ondemand(OpenFile ra, boolean hitMarker, int offset, int reqSize, Syscall call) {
        int max = ra.raPages;
        if (kernel.readahead.largeRequestReadsIoPages && reqSize > max && ioPages() > max) {
            // 6.6: a request larger than the window may read up to io_pages at once
            max = Math.min(reqSize, ioPages());
        }
        Inode inode = ra.inode;
        boolean initial = false;
        if (offset == 0) {
            initial = true;
        } else if (offset == ra.raStart + ra.raSize - ra.raAsyncSize || offset == ra.raStart + ra.raSize) {
            ra.raStart += ra.raSize;
            ra.raSize = nextSize(ra.raSize, max);
            ra.raAsyncSize = ra.raSize;
        } else if (hitMarker) {
            long start = nextHole(inode, offset + 1, max);
            if (start == 0 || start - offset > max) {
                return;
            }
            ra.raStart = (int) start;
            ra.raSize = (int) (start - offset) + reqSize;
            ra.raSize = nextSize(ra.raSize, max);
            ra.raAsyncSize = ra.raSize;
        } else if (reqSize > max) {
            initial = true;
        } else if (ra.raPrevPos >= 0 && offset - (ra.raPrevPos >>> Inode.PAGE_SHIFT) <= 1
                && offset >= (ra.raPrevPos >>> Inode.PAGE_SHIFT)) {
            initial = true;
        } else if (!contextReadahead(ra, offset, reqSize, max)) {
            // a standalone small random read: read what was asked, leave the state alone
            allocate(inode, offset, reqSize, 0, call);
            return;
        }
        if (initial) {
            ra.raStart = offset;
            ra.raSize = initialSize(reqSize, max);
            ra.raAsyncSize = ra.raSize > reqSize ? ra.raSize - reqSize : ra.raSize;
        }
        // a read that would hit its own marker at once merges the next window into this one
        if (offset == ra.raStart && ra.raSize == ra.raAsyncSize) {
            int add = nextSize(ra.raSize, max);
            if (!kernel.readahead.mergedWindowWithinMax) {
                ra.raAsyncSize = add;
                ra.raSize += add;
            } else if (ra.raSize + add <= max) {
                ra.raAsyncSize = add;
                ra.raSize += add;
            } else {
                // 6.6: the merged window stays within max_pages, half of it asynchronous
                ra.raSize = max;
                ra.raAsyncSize = max >> 1;
            }
        }
        allocate(inode, ra.raStart, ra.raSize, ra.raAsyncSize, call);
    }

    // try_context_readahead with count_history_pages
    private boolean contextReadahead(OpenFile ra, int offset, int reqSize, int max) {
        int size = 0;
        for (int p = offset - 1; p >= 0 && size < max && ra.inode.map.frame(p) >= 0; p--) {
            size++;
        }
        if (size == 0) {
            return false;
        }
        if (size >= offset) {
            size *= 2;
        }
        ra.raStart = offset;
        ra.raSize = initialSize(size + reqSize, max);
        ra.raAsyncSize = ra.raSize;
        return true;
    }

    // radix_tree_next_hole: the first uncached page at or after from, or from + maxScan
    private static long nextHole(Inode inode, int from, int maxScan) {
        for (int i = 0; i < maxScan; i++) {
            long p = (long) from + i;
            if (p >= inode.pages() || inode.map.frame((int) p) < 0) {
                return p;
            }
        }
        return (long) from + maxScan;
    }

    // __do_page_cache_readahead: allocate the window's missing pages, locked, marking the lookahead page
    private void allocate(Inode inode, int start, int count, int lookahead, Syscall call) {
        int endIndex = inode.pages() - 1;
        int allocated = 0;
        int last = start;
        for (int i = 0; i < count; i++) {
            int page = start + i;
            if (page > endIndex) {
                break;
            }
            if (inode.map.frame(page) >= 0) {
                continue;
            }
            int frame = kernel.cache.add(inode, page, PageCache.LOCKED | PageCache.NEW);
            if (frame < 0) {
                break;
            }
            if (i == count - lookahead) {
                kernel.cache.set(frame, PageCache.READAHEAD);
            }
            allocated++;
            last = page;
        }
        if (allocated > 0) {
            call.raNext = start;
            call.raEnd = last + 1;
        }
    }

    /**
     * {@code read_pages}: submit the allocated pages of {@code [call.raNext, call.raEnd)}.
     *
     * @return false when the task sleeps for a request (it continues from where it stopped)
     */
    boolean submit(TaskContext ctx, Syscall call) {
        Inode inode = call.inode;
        PageCache cache = kernel.cache;
        int maxPages = kernel.maxBioPages();
        while (call.raNext < call.raEnd) {
            int page = call.raNext;
            int frame = inode.map.frame(page);
            if (frame < 0 || !cache.has(frame, PageCache.NEW)) {
                call.raNext++;
                continue;
            }
            int max = Math.min(Math.min(maxPages, call.raEnd - page), inode.contiguousPages(page));
            int run = 0;
            while (run < max) {
                int f = inode.map.frame(page + run);
                if (f < 0 || !cache.has(f, PageCache.NEW)) {
                    break;
                }
                cache.clear(f, PageCache.NEW);
                inode.map.setInitialised(page + run);
                run++;
            }
            call.raNext = page + run;
            kernel.cpus.charge(kernel.cpus.readaheadPage * run);
            // 6.6 ext4_mpage_readpages marks bios of a readahead_control REQ_RAHEAD
            if (!ctx.submit(kernel.readBio(ctx.task, inode, page, run, kernel.readahead.bioFlags))) {
                return false;
            }
        }
        return true;
    }
}
