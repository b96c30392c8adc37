package org.iosched.testkit;

import java.util.Objects;
import java.util.function.LongSupplier;
import org.iosched.api.Bio;
import org.iosched.api.BioEndIo;
import org.iosched.api.Cgroup;
import org.iosched.api.IoPrioClass;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.api.Task;

/**
 * Makes tasks, bios and requests for scheduler tests, the way the OS model and the request queue would:
 * pids count up from {@value #FIRST_PID}, request ids from 1 in creation order, and a request's start time is
 * the clock's time when it is made.
 *
 * <p>Most tests need one task: the methods without a task use {@link #defaultTask()}, a best-effort
 * {@code fio} task at level {@link IoPrioClass#NORM} in the root cgroup, created the first time it is used
 * (so it is {@code fio[100]} when it is the first task made). Requests are made from one bio each, as
 * {@code init_request_from_bio} makes them; no scheduler hook is called.
 *
 * <pre>{@code
 * Requests requests = Requests.on(context);
 * Task writer = requests.task("dd", IoPrioClass.BE, 4, new Cgroup("/slow", 100));
 * scheduler.add(requests.read(1000));               // 4 KiB read of fio[100] at sector 1000
 * scheduler.add(requests.write(writer, 5000));      // 4 KiB buffered (async) write of dd
 * }</pre>
 */
public final class Requests {
    /** Sectors of a request unless a test says otherwise: 4 KiB, one page. */
    public static final int SECTORS = 8;
    /** The pid of the first task made. */
    public static final int FIRST_PID = 100;
    private static final BioEndIo NOTHING = (bio, completedAt) -> { };

    private final LongSupplier clock;
    private int nextPid = FIRST_PID;
    private long nextId = 1;
    private Task defaultTask;

    private Requests(LongSupplier clock) {
        this.clock = clock;
    }

    /** A factory whose requests all start at time 0 (for tests that never move a clock). */
    public static Requests atTimeZero() {
        return new Requests(() -> 0L);
    }

    /** A factory whose requests start at {@code context}'s current time. */
    public static Requests on(FakeSchedulerContext context) {
        Objects.requireNonNull(context, "context");
        return new Requests(context::now);
    }

    /** A factory whose requests start at {@code context}'s current time (blk-mq). */
    public static Requests on(FakeMqSchedulerContext context) {
        Objects.requireNonNull(context, "context");
        return new Requests(context::now);
    }

    static Requests on(LongSupplier clock) {
        return new Requests(clock);
    }

    // ---- tasks

    /** The task of the methods that take none: {@code fio}, BE level 4, root cgroup; made on first use. */
    public Task defaultTask() {
        if (defaultTask == null) {
            defaultTask = task("fio");
        }
        return defaultTask;
    }

    /** A user task: best effort, level {@link IoPrioClass#NORM}, root cgroup. */
    public Task task(String name) {
        return task(name, IoPrioClass.BE, IoPrioClass.NORM, Cgroup.ROOT);
    }

    /** A best-effort user task at level {@link IoPrioClass#NORM} in {@code cgroup}. */
    public Task task(String name, Cgroup cgroup) {
        return task(name, IoPrioClass.BE, IoPrioClass.NORM, cgroup);
    }

    /** A user task with an io priority and a cgroup. */
    public Task task(String name, IoPrioClass ioprioClass, int level, Cgroup cgroup) {
        return new Task(nextPid++, name, false, ioprioClass, level, cgroup);
    }

    /** A kernel thread ({@code flush-8:0}, {@code jbd2/sda1-8}): best effort, level 4, root cgroup. */
    public Task kernelThread(String name) {
        return new Task(nextPid++, name, true, IoPrioClass.BE, IoPrioClass.NORM, Cgroup.ROOT);
    }

    // ---- requests of the default task

    /** A 4 KiB read at {@code sector}. */
    public Request read(long sector) {
        return read(defaultTask(), sector);
    }

    /** A 4 KiB buffered (async) write at {@code sector}. */
    public Request write(long sector) {
        return write(defaultTask(), sector);
    }

    /** A 4 KiB sync write ({@link RequestFlags#SYNC}, as O_DIRECT or fsync writes are) at {@code sector}. */
    public Request syncWrite(long sector) {
        return syncWrite(defaultTask(), sector);
    }

    /** A request of the default task made from one bio. */
    public Request request(Op op, int flags, long sector, int sectors) {
        return request(defaultTask(), op, flags, sector, sectors);
    }

    /** A bio of the default task that ignores its completion. */
    public Bio bio(Op op, int flags, long sector, int sectors) {
        return bio(defaultTask(), op, flags, sector, sectors);
    }

    // ---- requests of a given task

    /** A 4 KiB read of {@code task}. */
    public Request read(Task task, long sector) {
        return request(task, Op.READ, 0, sector, SECTORS);
    }

    /** A 4 KiB buffered (async) write of {@code task}. */
    public Request write(Task task, long sector) {
        return request(task, Op.WRITE, 0, sector, SECTORS);
    }

    /** A 4 KiB sync write of {@code task}. */
    public Request syncWrite(Task task, long sector) {
        return request(task, Op.WRITE, RequestFlags.SYNC, sector, SECTORS);
    }

    /** A request made from one bio of {@code task}, started now. */
    public Request request(Task task, Op op, int flags, long sector, int sectors) {
        return fromBio(bio(task, op, flags, sector, sectors));
    }

    /** A request made from {@code bio} ({@code init_request_from_bio}), with the next id, started now. */
    public Request fromBio(Bio bio) {
        return new Request(nextId++, bio, clock.getAsLong());
    }

    /** A bio of {@code task} that ignores its completion. */
    public Bio bio(Task task, Op op, int flags, long sector, int sectors) {
        return new Bio(op, flags, sector, sectors, task, NOTHING);
    }

    /** A bio of {@code task} whose completion calls {@code endIo}. */
    public Bio bio(Task task, Op op, int flags, long sector, int sectors, BioEndIo endIo) {
        return new Bio(op, flags, sector, sectors, task, endIo);
    }

    /** The id the next request will get. */
    public long nextId() {
        return nextId;
    }
}
