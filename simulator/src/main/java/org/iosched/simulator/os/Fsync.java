package org.iosched.simulator.os;

import org.iosched.api.Bio;
import org.iosched.api.Op;
import org.iosched.api.RequestFlags;

/**
 * fsync and fdatasync ({@code vfs_fsync_range} with ext4's {@code ext4_sync_file}, as in 3.0), also the end of
 * an {@code O_SYNC} write.
 *
 * <ol>
 *   <li>{@code filemap_write_and_wait_range}: the range's dirty pages are written from the caller's context as
 *       WRITE_SYNC ({@code SYNC|NOIDLE}; WRITE_SYNC_PLUG in 2.6.32-38, the caller unplugs when it waits), then
 *       every writeback of the file in flight is waited for; pages that were dirty but already under
 *       writeback are written once that writeback ended.</li>
 *   <li>The transaction to wait for is {@code i_sync_tid} (fsync) or {@code i_datasync_tid} (fdatasync). If it
 *       is not committed yet, the caller asks jbd2 to commit it and sleeps until the commit block completed.
 *       fdatasync therefore skips the commit when only the mtime changed since the last one.</li>
 *   <li>With {@code fs.barrier=1}, when the transaction was committed already (so no commit will flush the
 *       cache for this data), the caller sends an empty flush itself ({@code blkdev_issue_flush}, WRITE_FLUSH)
 *       and waits for it.</li>
 *   <li>On the raw device ({@code blkdev_fsync}) there is no journal: the dirty pages, then a flush.</li>
 * </ol>
 *
 * <p>Simplified: the wait covers all of the file's writeback in flight, not only the range's.
 */
final class Fsync {
    private static final int START = 0;
    private static final int WRITE = 1;
    private static final int WAIT_DATA = 2;
    private static final int WAIT_COMMIT = 3;
    private static final int FLUSH = 4;
    private static final int WAIT_FLUSH = 5;
    private static final int FLUSH_FLAGS = RequestFlags.SYNC | RequestFlags.NOIDLE | RequestFlags.UNPLUG;

    private final Kernel kernel;

    Fsync(Kernel kernel) {
        this.kernel = kernel;
    }

    /** Start an fsync of {@code [call.fromPage, call.toPage)}, {@code call.datasync} for fdatasync. */
    void start(Syscall call) {
        call.phase = START;
        call.needsBarrier = false;
    }

    /**
     * Continue the fsync.
     *
     * @return true when it is done; false when the task blocked
     */
    boolean step(TaskContext ctx, Syscall call) {
        Inode inode = call.inode;
        Journal journal = kernel.journal;
        while (true) {
            switch (call.phase) {
                case START -> {
                    ctx.writeback.startInode(inode, call.fromPage, call.toPage, false);
                    call.phase = WRITE;
                }
                case WRITE -> {
                    if (!ctx.writeback.run()) {
                        return false;
                    }
                    call.waitSeq = inode.writebackSeq;
                    call.sawBusy = ctx.writeback.sawBusy();
                    call.phase = WAIT_DATA;
                }
                case WAIT_DATA -> {
                    if (inode.oldestWritebackInFlight() <= call.waitSeq) {
                        ctx.unplug();
                        inode.writebackWaiters.add(ctx);
                        return false;
                    }
                    if (call.sawBusy) {
                        call.phase = START;
                    } else if (inode.raw) {
                        call.phase = FLUSH;
                    } else {
                        call.tid = call.datasync ? inode.datasyncTid : inode.syncTid;
                        call.needsBarrier = kernel.tunables.barrier() && !journal.willSendBarrier(call.tid);
                        journal.startCommit(call.tid);
                        call.phase = WAIT_COMMIT;
                    }
                }
                case WAIT_COMMIT -> {
                    if (!journal.committed(call.tid)) {
                        journal.waitCommit(ctx);
                        return false;
                    }
                    if (!call.needsBarrier) {
                        return true;
                    }
                    call.phase = FLUSH;
                }
                case FLUSH -> {
                    call.phase = WAIT_FLUSH;
                    call.biosIssued++;
                    if (!ctx.submit(new Bio(Op.FLUSH, FLUSH_FLAGS, 0, 0, ctx.task, call))) {
                        return false;
                    }
                }
                case WAIT_FLUSH -> {
                    return call.ownBiosDone();
                }
                default -> throw new IllegalStateException("fsync in phase " + call.phase);
            }
        }
    }
}
