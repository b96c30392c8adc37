package org.iosched.simulator.os;

/**
 * A buffered write ({@code generic_file_buffered_write} of 2.6.32-3.0) with the dirty throttling of that era.
 *
 * <p>Features:
 * <ul>
 *   <li>{@code file_update_time} first: a new mtime (once per jiffy) dirties the inode in the running
 *       transaction.</li>
 *   <li>Page by page ({@code generic_perform_write}): a missing page is added to the cache; one only partly
 *       overwritten whose block holds data is read first ({@code block_write_begin}: a plain READ, waited for);
 *       the page is marked dirty (the inode joins the dirty list with its {@code dirtied_when}).</li>
 *   <li>{@code balance_dirty_pages_ratelimited}: after {@code ratelimit_pages} pages dirtied by the task (8 once
 *       the limit was exceeded), {@code balance_dirty_pages} runs with {@code write_chunk} = 1.5 times the pages
 *       dirtied ({@code sync_writeback_pages}). While dirty plus writeback pages exceed the dirty threshold and
 *       the midpoint of the background and dirty thresholds, the writer writes back {@code write_chunk} pages of
 *       the device's dirty inodes itself, in its own context, as async WRITEs (only when the dirty pages alone
 *       exceed the threshold), then sleeps 1 jiffy, doubling up to 100 ms, until it has written its chunk or
 *       the pages are below the threshold. Then it starts background writeback if dirty memory is above the
 *       background threshold and the flusher is idle.</li>
 *   <li>An {@code O_SYNC} write ends with an fsync of the written range ({@code generic_write_sync}).</li>
 * </ul>
 *
 * <p>Simplified: each task counts its own dirtied pages, as if every writer ran on its own CPU
 * ({@code bdp_ratelimits} is per CPU), and {@code ratelimit_pages} is computed for one CPU; the per-task
 * reduction of the limit for heavy dirtiers ({@code task_dirty_limit}) and real-time boosts are not modelled.
 */
final class BufferedWrite {
    private static final int BEGIN = 0;
    private static final int PAGES = 1;
    private static final int THROTTLE = 2;

    private static final int CHECK = 0;
    private static final int WRITING = 1;
    private static final int AFTER_WRITE = 2;
    private static final int PAUSED = 3;

    private final Kernel kernel;
    private final Fsync fsync;

    BufferedWrite(Kernel kernel, Fsync fsync) {
        this.kernel = kernel;
        this.fsync = fsync;
    }

    /** Start a write of {@code [call.pos, call.end)}. */
    void start(Syscall call) {
        call.phase = BEGIN;
    }

    /**
     * Continue the write.
     *
     * @return true when it is done; false when the task blocked
     */
    boolean step(TaskContext ctx, Syscall call) {
        Inode inode = call.inode;
        PageCache cache = kernel.cache;
        if (call.phase == BEGIN) {
            if (!inode.raw) {
                long jiffy = kernel.hz.jiffies(kernel.now());
                if (inode.mtimeJiffy != jiffy) {
                    inode.mtimeJiffy = jiffy;
                    kernel.journal.inodeChanged(inode);
                }
            }
            call.page = (int) (call.pos >>> Inode.PAGE_SHIFT);
            call.phase = PAGES;
        }
        int last = (int) ((call.end - 1) >>> Inode.PAGE_SHIFT);
        while (true) {
            if (call.phase == THROTTLE) {
                if (!balanceDirtyPages(ctx, call)) {
                    return false;
                }
                call.phase = PAGES;
            }
            if (call.page > last) {
                break;
            }
            int page = call.page;
            int frame = inode.map.frame(page);
            if (frame < 0) {
                boolean readFirst = partial(call, inode, page) && inode.map.initialised(page);
                frame = cache.add(inode, page, readFirst ? PageCache.LOCKED : PageCache.UPTODATE);
                if (frame < 0) {
                    cache.memoryWaiters.add(ctx);
                    ctx.unplug();
                    return false;
                }
                if (readFirst && !ctx.submit(kernel.readBio(ctx.task, inode, page, 1, 0))) {
                    return false;
                }
            }
            if (!cache.has(frame, PageCache.UPTODATE)) {
                ctx.unplug();
                kernel.readWaiters.add(ctx);
                return false;
            }
            cache.markDirty(inode, page, frame, kernel.now());
            inode.dirtiedBy = ctx.task.cgroup();
            cache.touch(frame);
            call.page++;
            int limit = kernel.dirtyExceeded ? 8 : kernel.ratelimitPages;
            if (++ctx.ratelimitCount >= limit) {
                long dirtied = Math.max(ctx.ratelimitCount, kernel.ratelimitPages);
                ctx.ratelimitCount = 0;
                call.writeChunk = dirtied + dirtied / 2;
                call.pagesWritten = 0;
                call.pauseJiffies = 1;
                call.throttleState = CHECK;
                call.phase = THROTTLE;
            }
        }
        if (call.io.syncWrite()) {
            // generic_write_sync: O_SYNC makes the write an fsync of its range
            call.fromPage = (int) (call.pos >>> Inode.PAGE_SHIFT);
            call.toPage = last + 1;
            call.datasync = false;
            call.path = Syscall.Path.FSYNC;
            fsync.start(call);
            return fsync.step(ctx, call);
        }
        return true;
    }

    // whether the write covers only part of the page (bytes beyond the end of the file need no reading)
    private static boolean partial(Syscall call, Inode inode, int page) {
        long start = (long) page << Inode.PAGE_SHIFT;
        long stop = Math.min(start + Inode.PAGE_SIZE, inode.size);
        return call.pos > start || call.end < stop;
    }

    // balance_dirty_pages
    private boolean balanceDirtyPages(TaskContext ctx, Syscall call) {
        PageCache cache = kernel.cache;
        while (true) {
            switch (call.throttleState) {
                case CHECK -> {
                    long total = cache.nrDirty() + cache.nrWriteback();
                    if (total <= kernel.dirtyThresh
                            || total < (kernel.backgroundThresh + kernel.dirtyThresh) / 2) {
                        return done(call);
                    }
                    kernel.dirtyExceeded = true;
                    if (cache.nrDirty() > kernel.dirtyThresh) {
                        ctx.writeback.startDevice(call.writeChunk, Long.MAX_VALUE);
                        call.throttleState = WRITING;
                    } else {
                        call.throttleState = AFTER_WRITE;
                    }
                }
                case WRITING -> {
                    if (!ctx.writeback.run()) {
                        return false;
                    }
                    call.pagesWritten += ctx.writeback.written();
                    call.throttleState = AFTER_WRITE;
                }
                case AFTER_WRITE -> {
                    if (kernel.belowDirtyLimit() || call.pagesWritten >= call.writeChunk) {
                        return done(call);
                    }
                    // io_schedule_timeout(pause), the pause doubling up to HZ/10
                    call.wakeAt = kernel.hz.expiry(kernel.now(), call.pauseJiffies);
                    call.pauseJiffies = Math.min(call.pauseJiffies * 2, Math.max(1, kernel.hz.hz() / 10));
                    call.throttleState = PAUSED;
                    // wb->dirty_sleep (blk-wbt's wb_recent_wait on 6.6; nothing on 3.0)
                    kernel.queue.dirtySleep(kernel.now());
                    ctx.sleepUntil(call.wakeAt);
                    return false;
                }
                case PAUSED -> {
                    if (kernel.now() < call.wakeAt) {
                        ctx.sleepUntil(call.wakeAt);
                        return false;
                    }
                    call.throttleState = CHECK;
                }
                default -> throw new IllegalStateException("balance_dirty_pages in state " + call.throttleState);
            }
        }
    }

    private boolean done(Syscall call) {
        PageCache cache = kernel.cache;
        if (kernel.dirtyExceeded && cache.nrDirty() + cache.nrWriteback() < kernel.dirtyThresh) {
            kernel.dirtyExceeded = false;
        }
        if (!kernel.flusher.busy() && kernel.overBackgroundThresh()) {
            kernel.flusher.startBackground();
        }
        call.throttleState = CHECK;
        return true;
    }
}
