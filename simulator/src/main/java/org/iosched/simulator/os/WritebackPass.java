package org.iosched.simulator.os;

import org.iosched.api.RequestFlags;

/**
 * One task's writeback of dirty pages ({@code struct writeback_control} with {@code write_cache_pages}), in one
 * of two forms:
 * <ul>
 *   <li><b>an inode range</b> ({@code filemap_fdatawrite_range}, WB_SYNC_ALL): fsync, O_SYNC, O_DIRECT's flush
 *       of cached pages and jbd2's ordered data. Dirty pages under writeback are passed over and reported, so
 *       that the caller waits for them and runs the pass again, as {@code write_cache_pages} waits on them.
 *       Bios are WRITE_SYNC ({@code SYNC|NOIDLE}). jbd2's pass writes only pages whose blocks are allocated:
 *       ext4 cannot allocate delayed blocks inside a commit.</li>
 *   <li><b>the device's dirty inodes</b> ({@code writeback_inodes_wb}, WB_SYNC_NONE): the flusher and
 *       throttled writers. Inodes are taken from the dirty list in order, skipping those not yet expired (for
 *       kupdate writeback) and those another task is writing ({@code I_SYNC}); each is written cyclically from
 *       its {@code writeback_index} until the budget ({@code nr_to_write}) is spent, then requeued behind the
 *       others if still dirty. Pages already under writeback are skipped. Bios are plain async WRITEs.</li>
 * </ul>
 * Runs of dirty pages that are contiguous on disk become one bio of up to {@code max_sectors} (2.6.37+
 * {@code ext4_bio_write_page}); with {@code fs.writeback_bio=buffer} every page is a bio of its own, as 2.6.36 and
 * earlier submitted each buffer ({@code block_write_full_page}), and the elevator merges them. A page whose
 * block was never written gets it allocated now (ext4's delayed allocation, {@code mpage_da_map_blocks}), which
 * dirties metadata in the running transaction and orders the inode's data against it. The pass builds one bio at
 * a time, so a task that sleeps for a request continues where it stopped.
 *
 * <p>Simplified: writes are not batched per inode beyond {@code nr_to_write} (ext4's
 * {@code max_writeback_mb_bump} is not modelled); the dirty list keeps each inode's first dirtying time until it
 * is clean ({@code redirty_tail} is not modelled).
 */
final class WritebackPass {
    private static final int SYNC_FLAGS = RequestFlags.SYNC | RequestFlags.NOIDLE;

    private final TaskContext ctx;
    private final Kernel kernel;
    private boolean devicePass;
    private boolean syncAll;
    private boolean allocatedOnly;
    private long olderThan;
    private long budget;
    private long written;
    private boolean sawBusy;
    private long generation;

    private Inode inode;
    private int cursor;
    private int limit;
    /** For a cyclic pass: where it started, and whether it wrapped to page 0. */
    private int cycleStart;
    private boolean wrapped;

    WritebackPass(TaskContext ctx) {
        this.ctx = ctx;
        this.kernel = ctx.kernel;
    }

    /** Write back {@code [from, to)} of {@code target} with WB_SYNC_ALL. */
    void startInode(Inode target, int from, int to, boolean onlyAllocated) {
        if (inode != null) {
            throw new IllegalStateException(ctx + " starts a pass while writing " + inode);
        }
        this.devicePass = false;
        this.syncAll = true;
        this.allocatedOnly = onlyAllocated;
        this.budget = Long.MAX_VALUE;
        this.written = 0;
        this.sawBusy = false;
        this.inode = target;
        this.cursor = from;
        this.limit = Math.min(to, target.pages());
        this.wrapped = true;
        estimateStart();
    }

    // 6.6 do_writepages: wb_bandwidth_estimate_start before the inode's writepages
    private void estimateStart() {
        if (kernel.throttle != null) {
            kernel.throttle.estimateStart(kernel.hz.jiffies(kernel.now()), kernel.cache.nrWriteback() == 0);
        }
    }

    // 6.6 do_writepages: wb_update_bandwidth after it, once 200 ms passed
    private void writepagesDone() {
        if (kernel.throttle != null) {
            kernel.throttle.afterWritepages(kernel.hz.jiffies(kernel.now()));
        }
    }

    /**
     * Write back up to {@code pages} pages from the device's dirty inodes with WB_SYNC_NONE.
     *
     * @param dirtiedBefore only inodes dirtied at or before this time (kupdate), or {@code Long.MAX_VALUE}
     */
    void startDevice(long pages, long dirtiedBefore) {
        if (inode != null) {
            throw new IllegalStateException(ctx + " starts a pass while writing " + inode);
        }
        this.devicePass = true;
        this.syncAll = false;
        this.allocatedOnly = false;
        this.budget = pages;
        this.olderThan = dirtiedBefore;
        this.written = 0;
        this.sawBusy = false;
        this.inode = null;
        this.generation++;
    }

    /** Pages written by the last pass. */
    long written() {
        return written;
    }

    /** Whether the last inode pass met dirty pages already under writeback. */
    boolean sawBusy() {
        return sawBusy;
    }

    /**
     * Continue the pass.
     *
     * @return true when it is over; false when the task sleeps for a request
     */
    boolean run() {
        return devicePass ? runDevice() : runInode();
    }

    private boolean runInode() {
        if (inode == null) {
            return true;
        }
        if (!writePages()) {
            return false;
        }
        inode = null;
        writepagesDone();
        return true;
    }

    private boolean runDevice() {
        while (true) {
            if (inode != null) {
                // a submit that slept may have spent the budget: the inode is released all the same
                if (!writePages()) {
                    return false;
                }
                inode.writebackIndex = cursor;
                inode.writebackOwner = null;
                if (inode.nrDirty > 0) {
                    kernel.cache.requeue(inode);
                }
                inode = null;
                writepagesDone();
            }
            if (budget <= 0) {
                return true;
            }
            inode = pickInode();
            if (inode == null) {
                return true;
            }
            inode.writebackOwner = ctx.task;
            inode.visitedGeneration = generation;
            inode.visitedBy = this;
            cursor = Math.min(inode.writebackIndex, inode.pages());
            cycleStart = cursor;
            limit = inode.pages();
            wrapped = cursor == 0;
            estimateStart();
        }
    }

    private Inode pickInode() {
        for (Inode i = kernel.cache.firstDirty(); i != null; i = i.dirtyNext) {
            if (i.dirtiedWhen > olderThan || i.writebackOwner != null) {
                continue;
            }
            if (i.visitedBy == this && i.visitedGeneration == generation) {
                continue;
            }
            return i;
        }
        return null;
    }

    // write_cache_pages over [cursor, limit), then (cyclic) over [0, cycleStart)
    private boolean writePages() {
        PageMap map = inode.map;
        PageCache cache = kernel.cache;
        // fs.writeback_bio=buffer: 2.6.36's block_write_full_page sent each 4 KiB buffer as its own bio
        int maxPages = kernel.tunables.writebackPerBuffer() ? 1 : kernel.maxBioPages();
        while (budget > 0) {
            int page = map.nextDirty(cursor, limit);
            if (page < 0) {
                if (wrapped) {
                    return true;
                }
                wrapped = true;
                cursor = 0;
                limit = cycleStart;
                continue;
            }
            int frame = map.frame(page);
            if (cache.has(frame, PageCache.WRITEBACK) || (allocatedOnly && !map.initialised(page))) {
                if (cache.has(frame, PageCache.WRITEBACK)) {
                    sawBusy = true;
                }
                cursor = page + 1;
                continue;
            }
            int run = runLength(page, maxPages);
            submitRun(page, run);
            cursor = page + run;
            if (ctx.sleepingForRequest) {
                return false;
            }
        }
        return true;
    }

    private int runLength(int page, int maxPages) {
        PageMap map = inode.map;
        PageCache cache = kernel.cache;
        int max = (int) Math.min(Math.min(maxPages, budget), Math.min(inode.contiguousPages(page), limit - page));
        int run = 1;
        while (run < max) {
            int next = page + run;
            if (!map.dirty(next)) {
                break;
            }
            int frame = map.frame(next);
            if (cache.has(frame, PageCache.WRITEBACK) || (allocatedOnly && !map.initialised(next))) {
                break;
            }
            run++;
        }
        return run;
    }

    private void submitRun(int page, int run) {
        PageMap map = inode.map;
        int unallocated = 0;
        for (int i = 0; i < run; i++) {
            int p = page + i;
            kernel.cache.startWriteback(inode, p, map.frame(p));
            if (!map.initialised(p)) {
                unallocated++;
                map.setInitialised(p);
            }
        }
        if (unallocated > 0) {
            long first = Ext4Layout.blockOfSector(inode.sectorOf((long) page << Inode.PAGE_SHIFT));
            kernel.journal.blocksAllocated(inode, first, first + run - 1);
        }
        written += run;
        budget -= run;
        kernel.cpus.charge(kernel.cpus.writebackPage * run);
        ctx.submit(kernel.writebackBio(ctx.task, inode, page, run, syncAll ? SYNC_FLAGS : 0));
    }
}
