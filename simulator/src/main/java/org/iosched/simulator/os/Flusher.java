package org.iosched.simulator.os;

/**
 * The per-device flusher thread {@code flush-8:0} of Linux 2.6.32-3.0 ({@code bdi_writeback_task},
 * {@code wb_do_writeback}, {@code wb_writeback}), a kernel thread in the root cgroup writing back as plain async
 * WRITE bios in its own context.
 *
 * <p>Features:
 * <ul>
 *   <li>Background writeback, queued by a throttled writer when dirty memory is above the background threshold
 *       ({@code bdi_start_writeback}): slices of {@code MAX_WRITEBACK_PAGES} = 1024 pages (4 MiB) from the dirty
 *       inodes in turn, until dirty memory is below the threshold or nothing more can be written.</li>
 *   <li>Periodic (kupdate) writeback every {@code dirty_writeback_centisecs} ({@code wb_check_old_data_flush}):
 *       inodes dirtied more than {@code dirty_expire_centisecs} ago, as many pages as were dirty when it
 *       started, in the same slices.</li>
 *   <li>The thread sleeps {@code dirty_writeback_centisecs} after each round while anything is dirty; with
 *       nothing dirty it sleeps until the first page is dirtied, then that long
 *       ({@code bdi_wakeup_thread_delayed}, 2.6.36+).</li>
 *   <li>When the workload is done everything left is written back at once ({@code sync}'s
 *       {@code wakeup_flusher_threads}), so that the run ends with the cache clean.</li>
 * </ul>
 *
 * <p>Linux 6.6 ({@code wb_workfn} of the bdi in a {@code kworker}; the caller names the thread): the work order is
 * sync, then kupdate ({@code wb_check_old_data_flush}), then background ({@code wb_check_background_flush}, while
 * {@code wb_over_bg_thresh}, inodes dirtied up to now); background and kupdate work stop when sync work is queued;
 * slices are {@code writeback_chunk_size} ({@link DirtyThrottle#chunkSize}) instead of
 * {@code MAX_WRITEBACK_PAGES}. Simplified: a slice's budget spans inodes (6.6 gives each inode the chunk) and the
 * 100 ms batch limit of {@code writeback_sb_inodes} is not modelled.
 *
 * <p>Limitations: when a round can write nothing (every dirty page already under writeback) the thread waits
 * for the next writeback to complete rather than for one inode ({@code inode_wait_for_writeback}).
 */
final class Flusher implements TaskContext.Program {
    /** {@code MAX_WRITEBACK_PAGES}. */
    static final int MAX_WRITEBACK_PAGES = 1024;

    private enum Work { NONE, BACKGROUND, KUPDATE, SYNC }

    private final Kernel kernel;
    private final long intervalJiffies;
    private final long expireNanos;
    private TaskContext thread;
    private boolean backgroundQueued;
    private boolean syncAll;
    private Work work = Work.NONE;
    private boolean inPass;
    private long pagesLeft;
    private long olderThan;
    private long lastOldFlush;

    Flusher(Kernel kernel) {
        this.kernel = kernel;
        this.intervalJiffies = kernel.hz.msecsToJiffies(kernel.tunables.dirtyWritebackCentisecs() * 10L);
        this.expireNanos = kernel.tunables.dirtyExpireCentisecs() * 10_000_000L;
        kernel.cache.onFirstDirty(this::firstDirty);
    }

    void attach(TaskContext flusher) {
        this.thread = flusher;
    }

    /** {@code bdi_start_writeback} for background writeback. */
    void startBackground() {
        if (!backgroundQueued) {
            backgroundQueued = true;
            thread.wake();
        }
    }

    /** Write everything back from now on (the workload is done). */
    void syncAll() {
        syncAll = true;
        thread.wake();
    }

    /** {@code writeback_in_progress}: work is queued or running. */
    boolean busy() {
        return backgroundQueued || work != Work.NONE;
    }

    private void firstDirty() {
        if (syncAll) {
            thread.wake();
        } else if (work == Work.NONE && intervalJiffies > 0) {
            thread.sleepUntil(kernel.hz.expiry(kernel.now(), intervalJiffies));
        }
    }

    @Override
    public void run(TaskContext task) {
        while (true) {
            if (inPass) {
                if (!thread.writeback.run()) {
                    return;
                }
                inPass = false;
                if (!roundDone(thread.writeback.written())) {
                    return;
                }
            }
            if (work == Work.NONE && !pickWork()) {
                sleep();
                return;
            }
            thread.writeback.startDevice(sliceSize(), olderThan);
            inPass = true;
        }
    }

    // MAX_WRITEBACK_PAGES, or 6.6's writeback_chunk_size
    private long sliceSize() {
        if (kernel.throttle == null) {
            return MAX_WRITEBACK_PAGES;
        }
        return kernel.throttle.chunkSize(work == Work.KUPDATE ? Math.max(pagesLeft, 0) : Long.MAX_VALUE);
    }

    // wb_do_writeback of 6.6: queued work (sync), then wb_check_old_data_flush, then wb_check_background_flush
    private boolean pickWork66() {
        long now = kernel.now();
        if (syncAll && kernel.cache.nrDirty() > 0) {
            work = Work.SYNC;
            olderThan = Long.MAX_VALUE;
            return true;
        }
        if (intervalJiffies > 0 && kernel.cache.nrDirty() > 0
                && kernel.hz.jiffies(now) >= kernel.hz.jiffies(lastOldFlush) + intervalJiffies) {
            lastOldFlush = now;
            work = Work.KUPDATE;
            pagesLeft = kernel.cache.nrDirty();
            olderThan = now - expireNanos;
            return true;
        }
        backgroundQueued = false;
        if (kernel.overBackgroundThresh()) {
            // dirtied_before = jiffies: inodes dirtied up to now
            work = Work.BACKGROUND;
            olderThan = now;
            return true;
        }
        return false;
    }

    private boolean pickWork() {
        if (kernel.writeback.ioLess) {
            return pickWork66();
        }
        long now = kernel.now();
        if (syncAll && kernel.cache.nrDirty() > 0) {
            work = Work.SYNC;
            olderThan = Long.MAX_VALUE;
            return true;
        }
        if (backgroundQueued) {
            if (kernel.overBackgroundThresh()) {
                work = Work.BACKGROUND;
                olderThan = Long.MAX_VALUE;
                return true;
            }
            backgroundQueued = false;
        }
        if (intervalJiffies > 0 && kernel.cache.nrDirty() > 0
                && kernel.hz.jiffies(now) >= kernel.hz.jiffies(lastOldFlush) + intervalJiffies) {
            lastOldFlush = now;
            work = Work.KUPDATE;
            pagesLeft = kernel.cache.nrDirty();
            olderThan = now - expireNanos;
            return true;
        }
        return false;
    }

    /** After a slice: whether to go on (true) or wait for writeback to make progress (false). */
    private boolean roundDone(long written) {
        pagesLeft -= written;
        boolean more = switch (work) {
            case BACKGROUND -> kernel.overBackgroundThresh();
            case KUPDATE -> pagesLeft > 0;
            case SYNC -> kernel.cache.nrDirty() > 0;
            case NONE -> false;
        };
        if (kernel.writeback.ioLess && syncAll && work != Work.SYNC) {
            // 6.6 wb_writeback: background and kupdate work yield to queued work
            more = false;
        } else if (kernel.writeback.ioLess && work == Work.KUPDATE) {
            // dirtied_before moves on with jiffies: for kupdate the expiry age before now, for background now
            olderThan = kernel.now() - expireNanos;
        } else if (kernel.writeback.ioLess && work == Work.BACKGROUND) {
            olderThan = kernel.now();
        }
        if (more && written > 0) {
            return true;
        }
        if (more && work == Work.SYNC) {
            // every dirty page is under writeback: wait for some to complete, then go on
            kernel.cache.memoryWaiters.add(thread);
            return false;
        }
        if (work == Work.BACKGROUND) {
            backgroundQueued = false;
        }
        work = Work.NONE;
        return true;
    }

    private void sleep() {
        if (intervalJiffies > 0 && kernel.cache.nrDirty() > 0) {
            thread.sleepUntil(kernel.hz.expiry(kernel.now(), intervalJiffies));
        }
    }
}
