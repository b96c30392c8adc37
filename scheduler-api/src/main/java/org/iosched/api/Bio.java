package org.iosched.api;

import java.util.Objects;

/**
 * A block I/O: what the OS model submits to the block layer ({@code struct bio}).
 *
 * <p>A bio names one contiguous range of 512-byte sectors, an operation, {@link RequestFlags} and the task
 * whose io context it is charged to. The cgroup is the task's unless a bio controller set another.
 * The block layer merges bios into {@link Request}s and calls {@link BioEndIo} once per bio on completion.
 */
public final class Bio {
    private final Op op;
    private final int flags;
    private final long sector;
    private final int sectors;
    private Task task;
    private final BioEndIo endIo;
    private Cgroup cgroup;
    private long submitTime = -1;
    private Object privateData;
    private int ioPriority = IoPriority.NONE;
    private int qosFlags;
    private long qosTime = -1;
    private long qosCost;
    /** Link to the next bio of the same request; owned by the block layer. */
    private Bio next;

    /**
     * @param op      operation
     * @param flags   {@link RequestFlags} bits
     * @param sector  start sector (512-byte units); 0 for an empty FLUSH
     * @param sectors length in sectors; 0 for an empty FLUSH
     * @param task    the task whose io context this bio belongs to
     * @param endIo   completion callback
     */
    public Bio(Op op, int flags, long sector, int sectors, Task task, BioEndIo endIo) {
        this.op = Objects.requireNonNull(op, "op");
        if (sector < 0 || sectors < 0 || (op.hasData() && sectors == 0)) {
            throw new IllegalArgumentException("bad bio range: sector " + sector + " + " + sectors + " for " + op);
        }
        this.flags = flags;
        this.sector = sector;
        this.sectors = sectors;
        this.task = Objects.requireNonNull(task, "task");
        this.cgroup = task.cgroup();
        this.endIo = Objects.requireNonNull(endIo, "endIo");
    }

    /** Operation. */
    public Op op() {
        return op;
    }

    /** {@link RequestFlags} bits. */
    public int flags() {
        return flags;
    }

    /** Start sector. */
    public long sector() {
        return sector;
    }

    /** Length in sectors. */
    public int sectors() {
        return sectors;
    }

    /** One past the last sector. */
    public long endSector() {
        return sector + sectors;
    }

    /** Length in bytes. */
    public long bytes() {
        return (long) sectors << 9;
    }

    /** Whether this bio is sync ({@code rw_is_sync}). */
    public boolean isSync() {
        return RequestFlags.isSync(op, flags);
    }

    /**
     * The task whose io context the bio is charged to: the task that called {@code generic_make_request}
     * for it ({@code current}), which the request queue binds a new request to.
     */
    public Task task() {
        return task;
    }

    /**
     * A bio controller re-issues this bio from its own kernel thread ({@code kioband}, {@code kthrotld}):
     * from now on the request queue sees that thread's io context, as the kernel does for a bio that
     * {@code generic_make_request} is called on from a worker. The cgroup stays as it is.
     */
    public void reissueFrom(Task submitter) {
        this.task = Objects.requireNonNull(submitter, "submitter");
    }

    /** The blkio cgroup the bio is charged to (the task's at creation). */
    public Cgroup cgroup() {
        return cgroup;
    }

    /** Re-charge the bio to another cgroup (a bio controller's business). */
    public void setCgroup(Cgroup cgroup) {
        this.cgroup = Objects.requireNonNull(cgroup, "cgroup");
    }

    /** Completion callback. */
    public BioEndIo endIo() {
        return endIo;
    }

    /** Virtual time the bio entered the block layer ({@code generic_make_request}), or -1. */
    public long submitTime() {
        return submitTime;
    }

    /** Set by the block layer when the bio is queued. */
    public void setSubmitTime(long submitTime) {
        this.submitTime = submitTime;
    }

    /** The submitter's private data ({@code bi_private}). */
    public Object privateData() {
        return privateData;
    }

    /** Set the submitter's private data. */
    public void setPrivateData(Object privateData) {
        this.privateData = privateData;
    }

    /** The next bio of the same request (block layer use). */
    public Bio next() {
        return next;
    }

    /** Link the next bio of the same request (block layer use). */
    public void setNext(Bio next) {
        this.next = next;
    }

    /**
     * {@code bi_ioprio} ({@link IoPriority}): {@link IoPriority#NONE} unless the submitter set one (fio's
     * {@code cmdprio}); blk-mq's {@code bio_set_ioprio} gives a bio without one its task's priority. The legacy
     * 2.6.3x stack does not read it (its schedulers use the task's io context).
     */
    public int ioPriority() {
        return ioPriority;
    }

    /** Set {@code bi_ioprio}. */
    public void setIoPriority(int ioPriority) {
        this.ioPriority = ioPriority;
    }

    /**
     * Flags the request-QoS policies keep on this bio ({@code rq->wbt_flags}, {@code BIO_QOS_THROTTLED} and
     * {@code BIO_QOS_MERGED}, {@code BIO_TRACKED}); 0 until a policy sets them. Bits are the policies' own.
     */
    public int qosFlags() {
        return qosFlags;
    }

    /** Set the request-QoS flags. */
    public void setQosFlags(int qosFlags) {
        this.qosFlags = qosFlags;
    }

    /**
     * A time a request-QoS policy stamps on this bio ({@code bio->bi_issue}, iocost's start time), -1 until set.
     */
    public long qosTime() {
        return qosTime;
    }

    /** Set the request-QoS time stamp. */
    public void setQosTime(long qosTime) {
        this.qosTime = qosTime;
    }

    /**
     * The cost a request-QoS policy charged this bio in its own units ({@code bio->bi_iocost_cost}: io.cost's
     * vtime, committed when the bio went), 0 until set; the policy reads it back when the bio ends.
     */
    public long qosCost() {
        return qosCost;
    }

    /** Set the request-QoS cost. */
    public void setQosCost(long qosCost) {
        this.qosCost = qosCost;
    }

    @Override
    public String toString() {
        return RequestFlags.rwbs(op, flags) + " " + sector + " + " + sectors + " [" + task + "]";
    }
}
