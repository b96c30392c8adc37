package org.iosched.api;

import java.util.Objects;

/**
 * A request in the request queue ({@code struct request}): one or more merged {@link Bio}s covering a
 * contiguous sector range, with one operation and one owner.
 *
 * <p>The block layer creates requests and grows them by merging; schedulers order and dispatch them.
 * A scheduler may keep its own per-request state in {@link #schedulerData()} (the kernel's
 * {@code elevator_private}) and a FIFO deadline in {@link #fifoTime()} ({@code rq_fifo_time}).
 * Methods documented "block layer" must only be called by the request queue.
 */
public final class Request {
    private final long id;
    private final Op op;
    private int flags;
    private long sector;
    private int sectors;
    private final Task task;
    private final Cgroup cgroup;
    private Bio bioHead;
    private Bio bioTail;
    private int bioCount;
    private final long startTime;
    private long insertTime = -1;
    private long dispatchTime = -1;
    private long fifoTime;
    private Object schedulerData;
    private Object blockLayerData;
    private int ioPriority;
    private int qosFlags;
    private long qosTime = -1;
    private HardwareQueue hardwareQueue;
    private int cpu = -1;
    private int softwareQueue = -1;
    private int tag = -1;
    private int internalTag = -1;
    private long ioStartTime = -1;

    /**
     * Creates a request from its first bio (block layer; {@code init_request_from_bio}).
     *
     * @param id        sequence number, unique within a run
     * @param bio       the first bio
     * @param startTime virtual time the request was allocated
     */
    public Request(long id, Bio bio, long startTime) {
        this.id = id;
        this.op = bio.op();
        this.flags = bio.flags();
        this.sector = bio.sector();
        this.sectors = bio.sectors();
        this.task = bio.task();
        this.cgroup = bio.cgroup();
        this.bioHead = bio;
        this.bioTail = bio;
        this.bioCount = 1;
        this.startTime = startTime;
        this.ioPriority = bio.ioPriority();
        bio.setNext(null);
    }

    /**
     * Creates a request that carries no bio of its own, such as a PREFLUSH step of a flush sequence
     * (block layer).
     */
    public Request(long id, Op op, int flags, long sector, int sectors, Task task, Cgroup cgroup, long startTime) {
        this.id = id;
        this.op = Objects.requireNonNull(op, "op");
        this.flags = flags;
        this.sector = sector;
        this.sectors = sectors;
        this.task = Objects.requireNonNull(task, "task");
        this.cgroup = Objects.requireNonNull(cgroup, "cgroup");
        this.startTime = startTime;
    }

    /** Sequence number, unique within a run. */
    public long id() {
        return id;
    }

    /** Operation. */
    public Op op() {
        return op;
    }

    /** {@link RequestFlags} bits (those of the first bio). */
    public int flags() {
        return flags;
    }

    /** Whether the request carries {@code flag}. */
    public boolean hasFlag(int flag) {
        return (flags & flag) == flag;
    }

    /** {@code rq_is_sync}. */
    public boolean isSync() {
        return RequestFlags.isSync(op, flags);
    }

    /** {@code rq_data_dir}: whether this is a write (WRITE, DISCARD, FLUSH). */
    public boolean isWrite() {
        return op != Op.READ;
    }

    /** Start sector ({@code blk_rq_pos}). */
    public long sector() {
        return sector;
    }

    /** Length in sectors ({@code blk_rq_sectors}). */
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

    /** The task that allocated the request; its io context is the one schedulers use. */
    public Task task() {
        return task;
    }

    /** The blkio cgroup the request is charged to. */
    public Cgroup cgroup() {
        return cgroup;
    }

    /** Virtual time the request was allocated. */
    public long startTime() {
        return startTime;
    }

    /** Virtual time the request was handed to the scheduler, or -1. */
    public long insertTime() {
        return insertTime;
    }

    /** Virtual time the driver took the request, or -1. */
    public long dispatchTime() {
        return dispatchTime;
    }

    /** Scheduler FIFO deadline in nanoseconds ({@code rq_fifo_time}); meaning is the scheduler's. */
    public long fifoTime() {
        return fifoTime;
    }

    /** Set the scheduler FIFO deadline. */
    public void setFifoTime(long fifoTime) {
        this.fifoTime = fifoTime;
    }

    /** The scheduler's private state for this request ({@code elevator_private}), or null. */
    public Object schedulerData() {
        return schedulerData;
    }

    /** Attach the scheduler's private state. */
    public void setSchedulerData(Object schedulerData) {
        this.schedulerData = schedulerData;
    }

    /** First bio, or null for a request without bios. */
    public Bio firstBio() {
        return bioHead;
    }

    /** Number of bios merged into this request. */
    public int bioCount() {
        return bioCount;
    }

    /** Block layer: record when the request was inserted into the scheduler. */
    public void markInserted(long now) {
        this.insertTime = now;
    }

    /** Block layer: record when the driver took the request. */
    public void markDispatched(long now) {
        this.dispatchTime = now;
    }

    /** Block layer: a bio merged at the back ({@code ll_back_merge_fn}). */
    public void appendBio(Bio bio) {
        requireContiguous(bio.sector() == endSector(), bio);
        if (bioTail == null) {
            bioHead = bio;
        } else {
            bioTail.setNext(bio);
        }
        bioTail = bio;
        bio.setNext(null);
        sectors += bio.sectors();
        bioCount++;
    }

    /** Block layer: a bio merged at the front ({@code ll_front_merge_fn}). */
    public void prependBio(Bio bio) {
        requireContiguous(bio.endSector() == sector, bio);
        bio.setNext(bioHead);
        bioHead = bio;
        if (bioTail == null) {
            bioTail = bio;
        }
        sector = bio.sector();
        sectors += bio.sectors();
        bioCount++;
    }

    /** Block layer: {@code next} (which starts at this request's end) is absorbed into this request. */
    public void absorb(Request next) {
        if (next.sector != endSector()) {
            throw new IllegalStateException("request " + next.id + " does not follow request " + id);
        }
        if (next.bioHead != null) {
            if (bioTail == null) {
                bioHead = next.bioHead;
            } else {
                bioTail.setNext(next.bioHead);
            }
            bioTail = next.bioTail;
        }
        sectors += next.sectors;
        bioCount += next.bioCount;
        next.bioHead = null;
        next.bioTail = null;
        next.bioCount = 0;
    }

    /** Block layer: add flag bits (such as {@link RequestFlags#NOMERGE}). */
    public void addFlags(int extra) {
        this.flags |= extra;
    }

    /** Block layer: remove flag bits. */
    public void clearFlags(int bits) {
        this.flags &= ~bits;
    }

    /** The block layer's private state (not for schedulers). */
    public Object blockLayerData() {
        return blockLayerData;
    }

    /** Block layer: attach private state. */
    public void setBlockLayerData(Object blockLayerData) {
        this.blockLayerData = blockLayerData;
    }

    /**
     * {@code rq->ioprio} ({@link IoPriority}), from its first bio; blk-mq merges only requests and bios of equal
     * priority. {@link IoPriority#NONE} on the legacy stack.
     */
    public int ioPriority() {
        return ioPriority;
    }

    /** Block layer: set {@code rq->ioprio}. */
    public void setIoPriority(int ioPriority) {
        this.ioPriority = ioPriority;
    }

    /** blk-mq: the hardware queue ({@code rq->mq_hctx}), or null on the legacy stack. */
    public HardwareQueue hardwareQueue() {
        return hardwareQueue;
    }

    /** blk-mq: the CPU of the software queue the request was allocated from ({@code rq->mq_ctx->cpu}), or -1. */
    public int cpu() {
        return cpu;
    }

    /**
     * blk-mq: the index of that software queue within its hardware queue ({@code ctx->index_hw[hctx->type]},
     * 0 .. {@link HardwareQueue#softwareQueueCount()} - 1), or -1.
     */
    public int softwareQueue() {
        return softwareQueue;
    }

    /** blk-mq: the driver tag ({@code rq->tag}), -1 ({@code BLK_MQ_NO_TAG}) until the driver tag is taken. */
    public int tag() {
        return tag;
    }

    /** blk-mq: the scheduler tag ({@code rq->internal_tag}), -1 without a scheduler. */
    public int internalTag() {
        return internalTag;
    }

    /** blk-mq: when the driver started the request ({@code io_start_time_ns}), or -1. */
    public long ioStartTime() {
        return ioStartTime;
    }

    /** Block layer (blk-mq): bind the request to its queues and scheduler tag at allocation. */
    public void bindQueues(HardwareQueue hardwareQueue, int cpu, int softwareQueue, int internalTag) {
        this.hardwareQueue = hardwareQueue;
        this.cpu = cpu;
        this.softwareQueue = softwareQueue;
        this.internalTag = internalTag;
    }

    /** Block layer (blk-mq): the driver tag was taken (or released with -1). */
    public void setTag(int tag) {
        this.tag = tag;
    }

    /** Block layer (blk-mq): {@code blk_mq_start_request}. */
    public void markIoStarted(long now) {
        this.ioStartTime = now;
    }

    private void requireContiguous(boolean contiguous, Bio bio) {
        if (!contiguous || bio.op() != op) {
            throw new IllegalStateException("bio " + bio + " cannot merge into request " + this);
        }
    }

    /**
     * Flags the request-QoS policies keep on this request ({@code rq->wbt_flags}, {@code BIO_QOS_THROTTLED} and
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
     * A time a request-QoS policy stamps on this request ({@code bio->bi_issue}, iocost's start time), -1 until set.
     */
    public long qosTime() {
        return qosTime;
    }

    /** Set the request-QoS time stamp. */
    public void setQosTime(long qosTime) {
        this.qosTime = qosTime;
    }

    @Override
    public String toString() {
        return "rq" + id + " " + RequestFlags.rwbs(op, flags) + " " + sector + " + " + sectors + " [" + task + "]";
    }
}
