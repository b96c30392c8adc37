package org.iosched.api;

import java.util.Objects;

/**
 * One file-level operation a workload asks the OS model for: a read, write, fsync or fdatasync on a
 * {@link FileHandle}, on behalf of a {@link Task}. Instances are mutable and meant to be reused (one per
 * fio I/O unit), so that a running workload allocates nothing per I/O.
 *
 * <p>The OS model turns it into bios: {@code direct} reads and writes go straight to the block layer
 * (READ_SYNC / WRITE_ODIRECT), buffered ones through the page cache; {@code syncWrite} is {@code O_SYNC}.
 * Timestamps are filled in by the OS model.
 */
public final class FileIo {
    /** What the operation does. */
    public enum Kind {
        /** {@code read}/{@code pread}/async read. */
        READ,
        /** {@code write}/{@code pwrite}/async write. */
        WRITE,
        /** {@code fsync}: data and metadata durable. */
        FSYNC,
        /** {@code fdatasync}: data durable, metadata only if needed to read it back. */
        FDATASYNC,
        /** {@code fallocate(PUNCH_HOLE)} / {@code BLKDISCARD}: trim the range. */
        TRIM
    }

    private Kind kind = Kind.READ;
    private FileHandle file;
    private long offset;
    private long length;
    private Task task;
    private boolean direct;
    private boolean syncWrite;
    private FileIoListener listener;
    private Object attachment;
    private long userNanos;
    private boolean async;
    private int ioPriority = IoPriority.NONE;
    private long issueTime = -1;
    private long enterTime = -1;
    private long submitTime = -1;
    private long completeTime = -1;
    private String error;

    /**
     * Prepare this unit for a new operation (clears the timestamps).
     *
     * @param kind     operation
     * @param task     the issuing task
     * @param file     target
     * @param offset   byte offset in the file (ignored by FSYNC/FDATASYNC)
     * @param length   bytes (0 for FSYNC/FDATASYNC)
     * @param direct   {@code O_DIRECT}
     * @param listener callbacks
     * @return this
     */
    public FileIo prepare(Kind kind, Task task, FileHandle file, long offset, long length, boolean direct,
                          FileIoListener listener) {
        this.kind = Objects.requireNonNull(kind, "kind");
        this.task = Objects.requireNonNull(task, "task");
        this.file = Objects.requireNonNull(file, "file");
        this.offset = offset;
        this.length = length;
        this.direct = direct;
        this.syncWrite = false;
        this.userNanos = 0;
        this.async = false;
        this.ioPriority = IoPriority.NONE;
        this.listener = Objects.requireNonNull(listener, "listener");
        this.issueTime = -1;
        this.enterTime = -1;
        this.submitTime = -1;
        this.completeTime = -1;
        this.error = null;
        return this;
    }

    /**
     * The I/O priority this operation carries ({@code iocb->aio_reqprio} with {@code IOCB_FLAG_IOPRIO}, an io_uring
     * SQE's {@code ioprio}: fio's {@code cmdprio}); {@link IoPriority#NONE} (the default) leaves the task's. The 6.6
     * OS model puts it on the bios of a direct I/O ({@code bio->bi_ioprio} from {@code kiocb->ki_ioprio}).
     */
    public int ioPriority() {
        return ioPriority;
    }

    /** Set the per-operation I/O priority ({@link IoPriority} value); {@link #prepare} clears it. */
    public FileIo setIoPriority(int ioPriority) {
        this.ioPriority = ioPriority;
        return this;
    }

    /** Operation. */
    public Kind kind() {
        return kind;
    }

    /** Target file. */
    public FileHandle file() {
        return file;
    }

    /** Byte offset within the file. */
    public long offset() {
        return offset;
    }

    /** Length in bytes. */
    public long length() {
        return length;
    }

    /** The issuing task. */
    public Task task() {
        return task;
    }

    /** Whether the I/O bypasses the page cache ({@code O_DIRECT}). */
    public boolean direct() {
        return direct;
    }

    /** Whether a buffered write is {@code O_SYNC} (written through before the call returns). */
    public boolean syncWrite() {
        return syncWrite;
    }

    /** Mark a write {@code O_SYNC}. */
    public FileIo setSyncWrite(boolean syncWrite) {
        this.syncWrite = syncWrite;
        return this;
    }

    /**
     * CPU time the issuing task spends in user space before the call enters the kernel (fio's own work for the I/O:
     * preparing the unit, picking the offset, accounting the previous completion), in nanoseconds. The OS model runs
     * it on the task's CPU as user time before the system call's entry; 0 (the default after {@link #prepare}) for
     * none.
     */
    public long userNanos() {
        return userNanos;
    }

    /** Set the user-space CPU time before the call (see {@link #userNanos()}); negative values count as 0. */
    public FileIo setUserNanos(long nanos) {
        this.userNanos = Math.max(0, nanos);
        return this;
    }

    /**
     * Whether the call is submitted asynchronously ({@code io_submit}, {@code io_uring_enter}, {@code aio_read}): the
     * submitting call returns once the I/O is queued, and the completion is reaped by a later call
     * ({@code io_getevents}) that the OS model charges on the task's CPU. False (the default after {@link #prepare})
     * for a blocking call ({@code pread}, {@code write}, {@code fsync}), where the task sleeps until the I/O is done
     * and the same call returns.
     */
    public boolean async() {
        return async;
    }

    /** Mark the call asynchronous or blocking (see {@link #async()}). */
    public FileIo setAsync(boolean async) {
        this.async = async;
        return this;
    }

    /** Callbacks. */
    public FileIoListener listener() {
        return listener;
    }

    /** The workload's own data for this unit. */
    public Object attachment() {
        return attachment;
    }

    /** Attach the workload's own data. */
    public FileIo setAttachment(Object attachment) {
        this.attachment = attachment;
        return this;
    }

    /** When the workload issued the call, or -1. */
    public long issueTime() {
        return issueTime;
    }

    /**
     * When the call entered the kernel, after the task's user time for it ({@link #userNanos()}) and any wait for a
     * CPU: fio's {@code issue_time}, where a synchronous engine's clat starts. -1 when the OS model does not say.
     */
    public long enterTime() {
        return enterTime;
    }

    /** When the submitting call returned, or -1. */
    public long submitTime() {
        return submitTime;
    }

    /** When the operation completed, or -1. */
    public long completeTime() {
        return completeTime;
    }

    /** An error text (for instance an offset past the end of the file), or null. */
    public String error() {
        return error;
    }

    /** OS model: the call was issued. */
    public void markIssued(long now) {
        this.issueTime = now;
    }

    /** OS model: the call entered the kernel (see {@link #enterTime()}). */
    public void markEntered(long at) {
        this.enterTime = at;
    }

    /** OS model: the submitting call returned. */
    public void markSubmitted(long now) {
        this.submitTime = now;
    }

    /** OS model: the operation completed. */
    public void markCompleted(long now) {
        this.completeTime = now;
    }

    /** OS model: the operation failed. */
    public void markError(String error) {
        this.error = error;
    }

    @Override
    public String toString() {
        return kind + " " + (file == null ? "?" : file.path()) + " @" + offset + " +" + length + (direct ? " direct" : "");
    }
}
