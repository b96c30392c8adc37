package org.iosched.simulator.os;

import org.iosched.api.Bio;
import org.iosched.api.FileIo;
import org.iosched.api.Op;
import org.iosched.api.RequestFlags;

/**
 * O_DIRECT reads and writes ({@code generic_file_direct_write}, {@code generic_file_aio_read} with
 * {@code __blockdev_direct_IO}).
 *
 * <ul>
 *   <li>If the file has pages cached, {@code filemap_write_and_wait_range} over the I/O's byte range first,
 *       for reads ({@code generic_file_aio_read}) and writes ({@code generic_file_direct_write}) alike: the
 *       range's dirty pages are written (WRITE_SYNC), then the writeback in flight over pages of the range is
 *       waited for ({@code filemap_fdatawait_range}); writeback of the file's other pages is not. Pages of the
 *       range that were dirty but already under writeback are written once that writeback ended, as
 *       {@code write_cache_pages} in WB_SYNC_ALL mode waits for them and writes them. A write then drops the
 *       range's clean pages ({@code invalidate_inode_pages2_range}).</li>
 *   <li>A write updates the mtime and allocates blocks never written before (their metadata joins the running
 *       transaction, as for delayed allocation); a read of a file's never-touched blocks counts them as laid
 *       out.</li>
 *   <li>A READ becomes READ bios with {@code SYNC|UNPLUG} (READ_SYNC); a WRITE becomes WRITE bios with
 *       {@code SYNC} (WRITE_ODIRECT: sync, no NOIDLE, so CFQ idles for it). Bios are cut every
 *       {@code max_sectors} from the start of the I/O and at extent boundaries. Offsets and lengths must be
 *       multiples of 512 bytes, inside the file; otherwise the operation fails with an error text
 *       (EINVAL).</li>
 *   <li>The call returns once its bios are queued; it completes when they have. An {@code O_SYNC} direct
 *       write blocks until they have and then fsyncs its range ({@code generic_write_sync}), committing the
 *       allocation and mtime; this blocks an asynchronous submitter too (simplified).</li>
 * </ul>
 */
final class DirectIoPath {
    private static final int START = 0;
    private static final int FLUSH_CACHE = 1;
    private static final int WAIT_CACHE = 2;
    private static final int PREPARE = 3;
    private static final int BIOS = 4;
    private static final int WAIT_FOR_SYNC = 5;

    private final Kernel kernel;
    private final Fsync fsync;

    DirectIoPath(Kernel kernel, Fsync fsync) {
        this.kernel = kernel;
        this.fsync = fsync;
    }

    /** Whether the call blocks its task until done: an {@code O_SYNC} direct write. */
    static boolean synchronous(Syscall call) {
        return call.op == Op.WRITE && call.io.syncWrite();
    }

    /** EINVAL text for a direct I/O that cannot be done, or null. */
    static String checkAlignment(FileIo io) {
        if ((io.offset() & 511) != 0 || (io.length() & 511) != 0) {
            return "EINVAL: O_DIRECT needs offsets and lengths in multiples of 512 bytes (offset " + io.offset()
                    + ", length " + io.length() + ")";
        }
        return null;
    }

    /** Start a direct read, write or (raw device) discard of {@code [call.pos, call.end)}. */
    void start(Syscall call) {
        boolean read = call.io.kind() == FileIo.Kind.READ;
        if (call.io.kind() == FileIo.Kind.TRIM) {
            // blkdev_issue_discard (2.6.36+): REQ_WRITE | REQ_DISCARD, no SYNC; the caller waits for completion
            call.op = Op.DISCARD;
            call.flags = 0;
        } else {
            call.op = read ? Op.READ : Op.WRITE;
            call.flags = read ? RequestFlags.SYNC | RequestFlags.UNPLUG : RequestFlags.SYNC;
        }
        call.nextOffset = call.pos;
        call.endOffset = call.end;
        call.fromPage = (int) (call.pos >>> Inode.PAGE_SHIFT);
        call.toPage = (int) ((call.end + Inode.PAGE_SIZE - 1) >>> Inode.PAGE_SHIFT);
        call.phase = START;
    }

    /**
     * Continue the call.
     *
     * @return true once every bio is queued (the task moves on); false when the task blocked
     */
    boolean step(TaskContext ctx, Syscall call) {
        Inode inode = call.inode;
        while (true) {
            switch (call.phase) {
                case START -> {
                    if (inode.nrCached > 0) {
                        ctx.writeback.startInode(inode, call.fromPage, call.toPage, false);
                        call.phase = FLUSH_CACHE;
                    } else {
                        call.phase = PREPARE;
                    }
                }
                case FLUSH_CACHE -> {
                    if (!ctx.writeback.run()) {
                        return false;
                    }
                    call.waitSeq = inode.writebackSeq;
                    call.sawBusy = ctx.writeback.sawBusy();
                    call.phase = WAIT_CACHE;
                }
                case WAIT_CACHE -> {
                    // filemap_fdatawait_range: only writeback over the range's pages; simplified: the bios
                    // submitted before the wait began, not each page's writeback whenever it is visited
                    if (inode.writebackInFlight(call.fromPage, call.toPage, call.waitSeq)) {
                        ctx.unplug();
                        inode.writebackWaiters.add(ctx);
                        return false;
                    }
                    call.phase = call.sawBusy ? START : PREPARE;
                }
                case PREPARE -> {
                    prepare(call, inode);
                    call.phase = BIOS;
                }
                case BIOS -> {
                    if (!submitBios(ctx, call, inode)) {
                        return false;
                    }
                    if (!synchronous(call)) {
                        call.owe(true, false);
                        if (call.ownBiosDone()) {
                            ctx.completionReady(call);
                        }
                        return true;
                    }
                    call.phase = WAIT_FOR_SYNC;
                }
                case WAIT_FOR_SYNC -> {
                    // generic_write_sync after an O_SYNC direct write: wait for it, then fsync its range
                    if (!call.ownBiosDone()) {
                        ctx.unplug();
                        return false;
                    }
                    call.path = Syscall.Path.FSYNC;
                    call.datasync = false;
                    fsync.start(call);
                    return fsync.step(ctx, call);
                }
                default -> throw new IllegalStateException("direct I/O in phase " + call.phase);
            }
        }
    }

    private void prepare(Syscall call, Inode inode) {
        if (call.op == Op.WRITE || call.op == Op.DISCARD) {
            kernel.cache.invalidate(inode, call.fromPage, call.toPage);
        }
        if (inode.raw) {
            return;
        }
        PageMap map = inode.map;
        if (call.op == Op.READ) {
            for (int page = call.fromPage; page < call.toPage; page++) {
                map.setInitialised(page);
            }
            return;
        }
        long jiffy = kernel.hz.jiffies(kernel.now());
        if (inode.mtimeJiffy != jiffy) {
            inode.mtimeJiffy = jiffy;
            kernel.journal.inodeChanged(inode);
        }
        int page = call.fromPage;
        while (page < call.toPage) {
            if (map.initialised(page)) {
                page++;
                continue;
            }
            int max = Math.min(call.toPage - page, inode.contiguousPages(page));
            int run = 0;
            while (run < max && !map.initialised(page + run)) {
                map.setInitialised(page + run);
                run++;
            }
            long first = Ext4Layout.blockOfSector(inode.sectorOf((long) page << Inode.PAGE_SHIFT));
            kernel.journal.blocksAllocated(inode, first, first + run - 1);
            page += run;
        }
    }

    private boolean submitBios(TaskContext ctx, Syscall call, Inode inode) {
        int maxSectors = kernel.queue.maxSectors();
        while (call.nextOffset < call.endOffset) {
            long sectors = Math.min(Math.min(maxSectors, (call.endOffset - call.nextOffset) >> 9),
                    inode.contiguousSectors(call.nextOffset));
            Bio bio = new Bio(call.op, call.flags, inode.sectorOf(call.nextOffset), (int) sectors, ctx.task, call);
            // the iocb's priority (fio's cmdprio) goes on every bio of the call: bio->bi_ioprio = kiocb->ki_ioprio
            bio.setIoPriority(call.io.ioPriority());
            call.nextOffset += sectors << 9;
            call.biosIssued++;
            ctx.unplugOwed = true;
            if (!ctx.submit(bio)) {
                return false;
            }
        }
        call.allIssued = true;
        return true;
    }
}
