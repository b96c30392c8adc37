package org.iosched.simulator.os;

import java.util.Arrays;
import org.iosched.api.Bio;
import org.iosched.api.Op;
import org.iosched.api.RequestFlags;
import org.iosched.simulator.engine.SimTimer;

/**
 * ext4's journal in ordered mode: jbd2 of Linux 2.6.37-3.0, run by the kernel thread {@code jbd2/sda1-8}
 * ({@code kjournald2}) in the root cgroup.
 *
 * <p>Features:
 * <ul>
 *   <li>A running transaction collects the metadata blocks file operations dirty: the inode's table block when
 *       its mtime changes (at most once per jiffy, as {@code file_update_time} compares tick-granular times),
 *       and the block bitmap, group descriptor and inode blocks when blocks get allocated. An allocation also
 *       puts the inode on the transaction's ordered-data list ({@code ext4_jbd2_file_inode}) and sets both
 *       {@code i_sync_tid} and {@code i_datasync_tid}; an mtime change sets only {@code i_sync_tid}.</li>
 *   <li>A transaction is committed when a task asks ({@code jbd2_log_start_commit}, from fsync) or
 *       {@code fs.commit_interval} seconds after it started (its {@code t_expires} timer).</li>
 *   <li>The commit ({@code jbd2_journal_commit_transaction}), one at a time, in the thread's own context:
 *       write the ordered data of the listed inodes (WRITE_SYNC, only pages with allocated blocks); write a
 *       descriptor block (one per {@value #TAGS_PER_DESCRIPTOR} tags) and a copy of each metadata block into the
 *       log, one 4 KiB bio each ({@code submit_bh}, WRITE_SYNC: {@code SYNC|NOIDLE}, as Corrado Zoccolo's
 *       2.6.37 change made them; with {@code fs.jbd2_log_write=async} plain async WRITEs, as 2.6.32-2.6.36 wrote
 *       them: {@code write_op} stayed WRITE unless {@code t_synchronous_commit}, which only a handle with
 *       {@code h_sync} sets and fsync never does); wait for the data and the log blocks; then write the commit
 *       block (WRITE_SYNC in every version), with
 *       {@code PREFLUSH|FUA} when {@code fs.barrier=1} ({@code WRITE_FLUSH_FUA}) and plain WRITE_SYNC otherwise,
 *       and wait for it. The thread unplugs the queue each time it waits.</li>
 *   <li>After the commit the metadata blocks are dirty in the block device's page cache
 *       ({@code __jbd2_journal_refile_buffer}), and the flusher writes them home later (the checkpoint).</li>
 * </ul>
 *
 * <p>Linux 6.6.0 issues the same commit: ordered data (only allocated blocks: ext4 cannot map delayed blocks in a
 * commit), then descriptor and log blocks with {@code REQ_SYNC} (no {@code REQ_IDLE}: our {@code SYNC|NOIDLE}), then
 * the commit block with {@code REQ_SYNC|REQ_PREFLUSH|REQ_FUA}; {@code JBD2_JOURNAL_REQ_FLAGS} (log blocks
 * {@code REQ_META|REQ_SYNC|REQ_IDLE}) came with 6.8 and 6.6.8 and is not modelled, nor is fast commit.
 *
 * <p>Limitations: the log is circular and never full (checkpointing is assumed to keep up, so no commit waits
 * for log space); no revoke records; no journal superblock updates; jbd2's log blocks carry no
 * {@code REQ_META} (the kernel set none on them); no handle is ever synchronous ({@code h_sync}: dirsync and
 * {@code chattr +S} operations), so under {@code fs.jbd2_log_write=async} no commit's log blocks are sync.
 */
final class Journal implements TaskContext.Program {
    /** Block tags per descriptor block: (4096 - 12 header - 16 UUID) / 8 bytes per tag. */
    static final int TAGS_PER_DESCRIPTOR = 508;
    private static final int WRITE_SYNC = RequestFlags.SYNC | RequestFlags.NOIDLE;

    private enum Phase { IDLE, DATA, LOG, WAIT_IO, COMMIT_BLOCK, WAIT_COMMIT }

    /** A transaction: its id, the metadata blocks it changed and the inodes whose data it orders. */
    private static final class Transaction {
        long tid;
        private long[] blocks = new long[16];
        int blockCount;
        Inode[] inodes = new Inode[4];
        int inodeCount;

        void reset(long id) {
            this.tid = id;
            Arrays.fill(blocks, -1);
            blockCount = 0;
            Arrays.fill(inodes, 0, inodeCount, null);
            inodeCount = 0;
        }

        void addBlock(long block) {
            if (blockCount * 2 >= blocks.length) {
                long[] old = blocks;
                blocks = new long[old.length * 2];
                Arrays.fill(blocks, -1);
                blockCount = 0;
                for (long b : old) {
                    if (b >= 0) {
                        addBlock(b);
                    }
                }
            }
            int mask = blocks.length - 1;
            int i = (int) (block * 0x9E3779B97F4A7C15L >>> 40) & mask;
            while (blocks[i] >= 0) {
                if (blocks[i] == block) {
                    return;
                }
                i = (i + 1) & mask;
            }
            blocks[i] = block;
            blockCount++;
        }

        void addInode(Inode inode) {
            if (inodeCount == inodes.length) {
                inodes = Arrays.copyOf(inodes, inodeCount * 2);
            }
            inodes[inodeCount++] = inode;
        }

        long[] blockTable() {
            return blocks;
        }
    }

    private final Kernel kernel;
    private final Ext4Layout layout;
    private final boolean barrier;
    private final int logWriteFlags;
    private final long commitIntervalJiffies;
    private final SimTimer commitTimer;
    private final WaitList commitWaiters = new WaitList();
    private TaskContext thread;
    private Transaction running;
    private Transaction committing;
    // at most one transaction runs and one commits: two are enough, reused
    private final Transaction first = new Transaction();
    private final Transaction second = new Transaction();
    private long lastTid;
    private long commitSequence;
    private long commitRequest;
    private long logHead = 1;
    private Phase phase = Phase.IDLE;
    private int dataIndex;
    private boolean dataPassStarted;
    private long[] dataWaitSeq = new long[4];
    private int logBlocks;
    private int logWritten;
    private long commits;

    Journal(Kernel kernel) {
        this.kernel = kernel;
        this.layout = kernel.layout;
        this.barrier = kernel.tunables.barrier();
        // 2.6.32-2.6.36: write_op = WRITE unless t_synchronous_commit (never set by fsync); 2.6.37+: WRITE_SYNC
        this.logWriteFlags = kernel.tunables.jbd2AsyncLog() ? 0 : WRITE_SYNC;
        this.commitIntervalJiffies = (long) kernel.tunables.effectiveCommitSeconds() * kernel.hz.hz();
        this.commitTimer = kernel.clock.newTimer(null, this::transactionExpired);
    }

    /** The thread that runs the commits. */
    void attach(TaskContext jbd2) {
        this.thread = jbd2;
    }

    // ---------------------------------------------------------------- what ext4 tells the journal

    private Transaction running() {
        if (running == null) {
            Transaction t = committing == first ? second : first;
            t.reset(++lastTid);
            running = t;
            // get_transaction: t_expires = jiffies + j_commit_interval, and the commit timer set to it
            commitTimer.arm(kernel.hz.expiry(kernel.now(), commitIntervalJiffies));
        }
        return running;
    }

    /** {@code ext4_mark_inode_dirty} for a change of the inode alone (mtime): only {@code i_sync_tid} moves. */
    void inodeChanged(Inode inode) {
        Transaction t = running();
        t.addBlock(inode.inodeBlock);
        inode.syncTid = t.tid;
    }

    /** Blocks {@code [first, last]} were allocated to {@code inode} (delayed allocation or direct I/O). */
    void blocksAllocated(Inode inode, long first, long last) {
        Transaction t = running();
        t.addBlock(layout.blockBitmapOf(first));
        t.addBlock(layout.blockBitmapOf(last));
        t.addBlock(Ext4Layout.descriptorBlockOf(first));
        t.addBlock(Ext4Layout.descriptorBlockOf(last));
        t.addBlock(inode.inodeBlock);
        inode.syncTid = t.tid;
        inode.datasyncTid = t.tid;
        if (inode.orderedTid != t.tid) {
            inode.orderedTid = t.tid;
            t.addInode(inode);
        }
    }

    /** Whether transaction {@code tid} is on disk ({@code j_commit_sequence >= tid}). */
    boolean committed(long tid) {
        return tid <= commitSequence;
    }

    /**
     * {@code jbd2_trans_will_send_data_barrier}: with barriers on, a transaction not yet committed will end with
     * a flushing commit block, unless that block is already on its way (its flush may precede the caller's
     * data).
     */
    boolean willSendBarrier(long tid) {
        if (!barrier || tid <= commitSequence) {
            return false;
        }
        return !(committing != null && committing.tid == tid && phase == Phase.WAIT_COMMIT);
    }

    /** {@code jbd2_log_start_commit}: ask the thread to commit up to {@code tid}. */
    void startCommit(long tid) {
        if (tid > commitSequence && tid > commitRequest && tid <= lastTid) {
            commitRequest = tid;
            thread.wake();
        }
    }

    /** {@code jbd2_log_wait_commit}: sleep until the next commit completes (the caller re-checks). */
    void waitCommit(TaskContext task) {
        commitWaiters.add(task);
    }

    private void transactionExpired() {
        if (running != null) {
            startCommit(running.tid);
        }
    }

    /** Whether no commit is running or asked for. */
    boolean idle() {
        return phase == Phase.IDLE && !(commitRequest > commitSequence && running != null);
    }

    /** Commits completed. */
    long commits() {
        return commits;
    }

    // ---------------------------------------------------------------- kjournald2

    @Override
    public void run(TaskContext task) {
        while (true) {
            switch (phase) {
                case IDLE -> {
                    if (commitRequest <= commitSequence || running == null) {
                        return;
                    }
                    begin();
                }
                case DATA -> {
                    if (!writeOrderedData()) {
                        return;
                    }
                    int count = committing.blockCount;
                    logBlocks = count == 0 ? 0 : count + (count + TAGS_PER_DESCRIPTOR - 1) / TAGS_PER_DESCRIPTOR;
                    logWritten = 0;
                    phase = Phase.LOG;
                }
                case LOG -> {
                    while (logWritten < logBlocks) {
                        logWritten++;
                        kernel.cpus.charge(kernel.cpus.commitBlock);
                        if (!thread.submitOwn(logBio(logWriteFlags))) {
                            return;
                        }
                    }
                    phase = Phase.WAIT_IO;
                }
                case WAIT_IO -> {
                    if (!dataAndLogDone()) {
                        thread.unplug();
                        return;
                    }
                    phase = Phase.COMMIT_BLOCK;
                }
                case COMMIT_BLOCK -> {
                    phase = Phase.WAIT_COMMIT;
                    int flags = WRITE_SYNC | RequestFlags.UNPLUG
                            | (barrier ? RequestFlags.PREFLUSH | RequestFlags.FUA : 0);
                    if (!thread.submitOwn(logBio(flags))) {
                        return;
                    }
                }
                case WAIT_COMMIT -> {
                    if (thread.ownInFlight > 0) {
                        thread.unplug();
                        return;
                    }
                    finish();
                }
                default -> throw new IllegalStateException("jbd2 in phase " + phase);
            }
        }
    }

    private void begin() {
        // jbd2_journal_commit_transaction's own work, on the journal thread's CPU
        kernel.cpus.charge(kernel.cpus.commit);
        committing = running;
        running = null;
        commitTimer.cancel();
        dataIndex = 0;
        dataPassStarted = false;
        if (dataWaitSeq.length < committing.inodeCount) {
            dataWaitSeq = new long[committing.inodeCount * 2];
        }
        phase = Phase.DATA;
    }

    // journal_submit_data_buffers: each ordered inode's dirty pages with allocated blocks, WB_SYNC_ALL
    private boolean writeOrderedData() {
        WritebackPass pass = thread.writeback;
        while (dataIndex < committing.inodeCount) {
            Inode inode = committing.inodes[dataIndex];
            if (!dataPassStarted) {
                pass.startInode(inode, 0, inode.pages(), true);
                dataPassStarted = true;
            }
            if (!pass.run()) {
                return false;
            }
            dataPassStarted = false;
            dataWaitSeq[dataIndex] = inode.writebackSeq;
            dataIndex++;
        }
        return true;
    }

    // journal_finish_inode_data_buffers and the wait on the log buffers
    private boolean dataAndLogDone() {
        boolean done = thread.ownInFlight == 0;
        for (int i = 0; i < committing.inodeCount; i++) {
            Inode inode = committing.inodes[i];
            if (inode.oldestWritebackInFlight() <= dataWaitSeq[i]) {
                inode.writebackWaiters.add(thread);
                done = false;
            }
        }
        return done;
    }

    private Bio logBio(int flags) {
        long block = layout.journalStart() + logHead;
        logHead++;
        if (logHead >= layout.journalBlocks()) {
            logHead = 1;
        }
        return new Bio(Op.WRITE, flags, Ext4Layout.sectorOfBlock(block), Ext4Layout.SECTORS_PER_BLOCK, thread.task,
                thread);
    }

    private void finish() {
        Transaction t = committing;
        commitSequence = t.tid;
        commits++;
        checkpoint(t);
        committing = null;
        phase = Phase.IDLE;
        commitWaiters.wakeAll();
    }

    // the committed metadata is dirty in the block device's cache; the flusher writes it home
    private void checkpoint(Transaction t) {
        Inode bdev = kernel.blockDevice;
        PageCache cache = kernel.cache;
        long now = kernel.now();
        for (long block : t.blockTable()) {
            if (block < 0) {
                continue;
            }
            int page = (int) (Ext4Layout.sectorOfBlock(block) / Inode.SECTORS_PER_PAGE);
            int frame = bdev.map.frame(page);
            if (frame < 0) {
                frame = cache.add(bdev, page, PageCache.UPTODATE);
            }
            // with every frame pinned the home write is skipped: the block stays safe in the log
            if (frame >= 0 && cache.markDirty(bdev, page, frame, now) && kernel.throttle != null) {
                kernel.throttle.dirtied++;
            }
        }
    }
}
