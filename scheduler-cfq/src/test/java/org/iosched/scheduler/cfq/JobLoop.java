package org.iosched.scheduler.cfq;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.ToLongFunction;
import org.iosched.api.Bio;
import org.iosched.api.Cgroup;
import org.iosched.api.DeviceInfo;
import org.iosched.api.IoPrioClass;
import org.iosched.api.IoScheduler;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.Settings;
import org.iosched.api.Task;
import org.iosched.testkit.DeviceLoop;
import org.iosched.testkit.FakeSchedulerContext;

/**
 * Jobs for property and scenario tests, on the test kit's {@link DeviceLoop}: tasks that keep a number of
 * requests outstanding, with a think time between a completion and the next request, on a device that serves
 * the requests it holds one at a time with a seek cost proportional to distance (rotational) or a flat cost
 * (SSD). No merging, no plugging. Records what was inserted, dispatched and completed, and the device time
 * each cgroup used.
 */
final class JobLoop {
    static final long US = 1_000L;
    static final long MS = 1_000_000L;

    final FakeSchedulerContext ctx;
    final IoScheduler scheduler;
    private final DeviceLoop device;
    private long head;
    private int nextPid = 1000;
    /** Every request inserted, by id. */
    final Map<Long, Request> inserted = new HashMap<>();
    /** Requests inserted and not yet moved to the dispatch queue, by id. */
    final Map<Long, Request> pending = new HashMap<>();
    /** Every request completed, by id. */
    final Map<Long, Request> completed = new HashMap<>();
    /** Device busy time by cgroup path. */
    final Map<String, Long> deviceTime = new HashMap<>();
    /** Told about each request as CFQ moves it to the dispatch queue (after it left {@link #pending}). */
    DispatchObserver observer;
    /** Replaces the built-in service time model when set. */
    ToLongFunction<Request> serviceModel;
    /** Think time between a completion and the task's next request. */
    long thinkTime = 20 * US;

    interface DispatchObserver {
        void dispatched(Request rq);
    }

    /** A task that keeps {@code iodepth} requests outstanding until it has issued {@code count}. */
    final class Job {
        final Task task;
        final Op op;
        final int flags;
        final int sectors;
        final boolean random;
        final int iodepth;
        final long count;
        final long regionStart;
        final long regionSectors;
        final SplittableRandom rnd;
        long issued;
        long done;
        long nextSector;
        /** Whether the task exits ({@code exit_io_context}) once its last request completed. */
        boolean exitWhenDone;

        Job(Task task, Op op, int flags, int sectors, boolean random, int iodepth, long count, long regionStart,
            long regionSectors, long seed) {
            this.task = task;
            this.op = op;
            this.flags = flags;
            this.sectors = sectors;
            this.random = random;
            this.iodepth = iodepth;
            this.count = count;
            this.regionStart = regionStart;
            this.regionSectors = regionSectors;
            this.rnd = new SplittableRandom(seed);
            this.nextSector = regionStart;
        }

        void issue() {
            if (issued >= count) {
                return;
            }
            long sector;
            if (random) {
                sector = regionStart + rnd.nextLong(regionSectors / sectors) * sectors;
            } else {
                sector = nextSector;
                nextSector += sectors;
                if (nextSector + sectors > regionStart + regionSectors) {
                    nextSector = regionStart;
                }
            }
            issued++;
            submit(this, sector);
        }

        void start() {
            for (int i = 0; i < iodepth; i++) {
                issue();
            }
        }

        void completedOne() {
            done++;
            if (issued < count) {
                ctx.schedule(ctx.now() + thinkTime, this::issue);
            } else if (done == count && exitWhenDone) {
                scheduler.taskExit(task);
            }
        }
    }

    JobLoop(int hz, DeviceInfo device, Map<String, String> tunables) {
        this.ctx = FakeSchedulerContext.builder().hz(hz).device(device).traceEnabled(false).build();
        ctx.advanceTo(1_000 * MS);
        this.device = DeviceLoop.on(ctx).serviceTime(this::serviceTime)
                .build(c -> new CfqScheduler(c, Settings.resolve("cfq", CfqTunables.DESCRIPTORS, tunables)));
        this.scheduler = this.device.scheduler();
        this.device.onMoved(rq -> {
            if (pending.remove(rq.id()) == null) {
                throw new IllegalStateException(rq + " dispatched but not pending");
            }
            if (observer != null) {
                observer.dispatched(rq);
            }
        });
    }

    Task task(String name, IoPrioClass cls, int level, Cgroup cgroup) {
        return new Task(nextPid++, name, false, cls, level, cgroup);
    }

    Job job(Task task, Op op, int flags, int sectors, boolean random, int iodepth, long count, long regionStart,
            long regionSectors) {
        return new Job(task, op, flags, sectors, random, iodepth, count, regionStart, regionSectors,
                task.pid() * 7919L);
    }

    /** A greedy sequential reader: one 64 KiB read outstanding, no think time to speak of. */
    Job sequentialReader(Task task, long regionStart, long count) {
        return job(task, Op.READ, 0, 128, false, 1, count, regionStart, 1L << 24);
    }

    private void submit(Job job, long sector) {
        submit(job.task, job.op, job.flags, sector, job.sectors, job::completedOne);
    }

    /** Submit one request now; {@code onComplete} runs when the device completes it. */
    Request submit(Task task, Op op, int flags, long sector, int sectors, Runnable onComplete) {
        Request rq = device.requests().fromBio(new Bio(op, flags, sector, sectors, task, (b, t) -> { }));
        inserted.put(rq.id(), rq);
        pending.put(rq.id(), rq);
        device.submit(rq, () -> {
            if (completed.put(rq.id(), rq) != null) {
                throw new IllegalStateException(rq + " completed twice");
            }
            onComplete.run();
        });
        return rq;
    }

    private long serviceTime(Request rq) {
        long service;
        if (serviceModel != null) {
            service = serviceModel.applyAsLong(rq);
        } else {
            long transfer = rq.sectors() * 512L * 1_000_000_000L / (100L << 20);
            if (!ctx.device().rotational()) {
                service = 50 * US + transfer / 4;
            } else {
                long distance = Math.abs(rq.sector() - head);
                long seek = distance == 0 ? 0 : 2 * MS + Math.min(distance / 200_000, 8) * MS;
                service = seek + transfer;
            }
        }
        head = rq.endSector();
        deviceTime.merge(rq.cgroup().path(), service, Long::sum);
        return service;
    }

    /** At {@code time}, drain the scheduler ({@code elv_drain_elevator}, as a barrier or a switch does). */
    void forceDrainAt(long time) {
        device.forceDispatchAt(time);
    }

    /** Run until {@code time}. */
    void runUntil(long time) {
        device.runUntil(Math.max(time, ctx.now()));
    }

    /** Run until no event is left (every job finished), at most until {@code limit}. */
    void runToCompletion(long limit) {
        while (ctx.now() <= limit && ctx.runNext()) {
            // events drive everything
        }
    }
}
