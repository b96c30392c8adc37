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
 *   <li>Linux 6.6 instead ({@code balance_dirty_pages_ratelimited} and the IO-less {@code balance_dirty_pages}
 *       of 3.2+, {@link DirtyThrottle}): after {@code nr_dirtied_pause} newly dirtied pages (8 while
 *       {@code dirty_exceeded}; or {@code ratelimit_pages} counted per task), the task wakes the flusher above
 *       the background threshold and, above the freerun ceiling, sleeps the pause its {@code task_ratelimit}
 *       asks for (at most {@code max_pause}), carrying a pause too short to sleep over to the next one. It never
 *       writes back itself.</li>
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
    /** wb_min_pause's nr_dirtied_pause (scratch, no allocation per call). */
    private final long[] nextPause = new long[1];

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
                if (!(kernel.throttle != null ? balanceDirtyPages66(ctx, call) : balanceDirtyPages(ctx, call))) {
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
            boolean newlyDirty = cache.markDirty(inode, page, frame, kernel.now());
            inode.dirtiedBy = ctx.task.cgroup();
            cache.touch(frame);
            call.page++;
            if (kernel.throttle != null) {
                if (newlyDirty) {
                    // folio_account_dirtied: WB_DIRTIED, the task's nr_dirtied and the CPU's bdp_ratelimits
                    kernel.throttle.dirtied++;
                    ctx.nrDirtied++;
                    ctx.ratelimitCount++;
                }
                if (ratelimited66(ctx)) {
                    call.writeChunk = ctx.nrDirtied;
                    call.throttleState = CHECK;
                    call.phase = THROTTLE;
                }
                continue;
            }
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

    // balance_dirty_pages_ratelimited of 6.6: whether the task has dirtied its nr_dirtied_pause
    private boolean ratelimited66(TaskContext ctx) {
        DirtyThrottle t = kernel.throttle;
        long ratelimit = ctx.nrDirtiedPause;
        if (t.dirtyExceeded) {
            // 32 >> (PAGE_SHIFT - 10): 8 pages
            ratelimit = Math.min(ratelimit, 8);
        }
        if (ctx.nrDirtied >= ratelimit) {
            ctx.ratelimitCount = 0;
        } else if (ctx.ratelimitCount >= t.ratelimitPages) {
            ctx.ratelimitCount = 0;
            ratelimit = 0;
        }
        return ctx.nrDirtied >= ratelimit;
    }

    /**
     * balance_dirty_pages of 6.6 for {@code call.writeChunk} pages dirtied: the task never writes back; above the
     * freerun ceiling it sleeps the pause its dirty rate limit asks for, at most {@code MAX_PAUSE}.
     */
    private boolean balanceDirtyPages66(TaskContext ctx, Syscall call) {
        DirtyThrottle t = kernel.throttle;
        PageCache cache = kernel.cache;
        int hz = t.hz;
        while (true) {
            if (call.throttleState == PAUSED) {
                if (kernel.now() < call.wakeAt) {
                    ctx.sleepUntil(call.wakeAt);
                    return false;
                }
                ctx.dirtyPausedWhen = call.bdpNow + call.pauseJiffies;
                ctx.nrDirtied = 0;
                ctx.nrDirtiedPause = call.bdpNextPause;
                if (call.bdpTaskRatelimit != 0 || call.bdpWbDirty <= t.statError) {
                    call.throttleState = CHECK;
                    return true;
                }
                call.throttleState = CHECK;
            }
            long now = kernel.hz.jiffies(kernel.now());
            long nrReclaimable = cache.nrDirty();
            long dirty = nrReclaimable + cache.nrWriteback();
            long thresh = t.thresh;
            long bgThresh = t.bgThresh;
            if (nrReclaimable > bgThresh && !kernel.flusher.busy()) {
                kernel.flusher.startBackground();
            }
            if (dirty <= DirtyThrottle.freerun(thresh, bgThresh)) {
                ctx.dirtyPausedWhen = now;
                ctx.nrDirtied = 0;
                ctx.nrDirtiedPause = DirtyThrottle.pollInterval(dirty, thresh);
                return true;
            }
            if (!kernel.flusher.busy()) {
                kernel.flusher.startBackground();
            }
            // wb_dirty_limits: the one disk holds every dirty and writeback page
            long wbThresh = t.wbShare(thresh);
            long wbDirty = dirty;
            boolean exceeded = wbDirty > wbThresh && dirty > thresh;
            long posRatio = DirtyThrottle.positionRatio(thresh, bgThresh, t.limit(), dirty, wbThresh, wbDirty,
                    t.avgWriteBandwidth);
            t.dirtyExceeded = exceeded;
            if (now > t.bwTimeStamp + t.bandwidthInterval) {
                t.updateBandwidth(now, true, dirty, posRatio);
            }
            long dirtyRatelimit = t.dirtyRatelimit;
            long taskRatelimit = dirtyRatelimit * posRatio >> DirtyThrottle.RATELIMIT_CALC_SHIFT;
            long maxPause = DirtyThrottle.maxPause(wbDirty, t.avgWriteBandwidth, hz);
            long minPause = DirtyThrottle.minPause(t.avgWriteBandwidth, dirtyRatelimit, maxPause, taskRatelimit, hz,
                    nextPause);
            long pagesDirtied = call.writeChunk;
            long pause;
            if (taskRatelimit == 0) {
                pause = maxPause;
            } else {
                long period = hz * pagesDirtied / taskRatelimit;
                pause = period;
                if (ctx.dirtyPausedWhen != 0) {
                    pause -= now - ctx.dirtyPausedWhen;
                }
                if (pause < minPause) {
                    // too short to sleep: owed to a later pause (think time under a second is made up for)
                    if (pause < -hz) {
                        ctx.dirtyPausedWhen = now;
                        ctx.nrDirtied = 0;
                    } else if (period != 0) {
                        ctx.dirtyPausedWhen += period;
                        ctx.nrDirtied = 0;
                    } else if (ctx.nrDirtiedPause <= pagesDirtied) {
                        ctx.nrDirtiedPause += pagesDirtied;
                    }
                    return true;
                }
                if (pause > maxPause) {
                    now += Math.min(pause - maxPause, maxPause);
                    pause = maxPause;
                }
            }
            t.dirtySleep = now;
            // wb->dirty_sleep, which blk-wbt's wb_recent_wait reads
            kernel.queue.dirtySleep(kernel.now());
            t.pauses++;
            t.pausedJiffies += pause;
            t.pauseDirtySum += dirty;
            call.bdpNow = now;
            call.pauseJiffies = pause;
            call.bdpNextPause = nextPause[0];
            call.bdpTaskRatelimit = taskRatelimit;
            call.bdpWbDirty = wbDirty;
            // io_schedule_timeout: the plug is flushed, the task sleeps pause jiffies
            call.wakeAt = kernel.hz.expiry(kernel.now(), pause);
            call.throttleState = PAUSED;
            ctx.unplug();
            ctx.sleepUntil(call.wakeAt);
            return false;
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
