package org.iosched.testkit;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.ToLongFunction;
import org.iosched.api.Bio;
import org.iosched.api.Cgroup;
import org.iosched.api.DeviceInfo;
import org.iosched.api.IoPrioClass;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.api.Task;

/**
 * A random but seeded workload for {@link SchedulerContract}: two to six tasks of random io priority in three
 * cgroups, each a closed loop of bios (reads, buffered writes, sync writes with and without NOIDLE, metadata
 * reads; sequential or random; one to four in flight; a think time), started at random times; some tasks change
 * io priority or cgroup, some exit when done, and sometimes the queue is drained by force. Everything is derived
 * from the seed, so a failure names a seed that repeats it.
 */
final class RandomMix {
    private static final long MS = 1_000_000L;
    private static final List<DeviceInfo> DEVICES =
            List.of(FakeSchedulerContext.HDD, FakeSchedulerContext.HDD_NCQ, FakeSchedulerContext.SSD);
    private static final int[] HZ = {100, 250, 300, 1000};

    private final long seed;
    private final DeviceInfo device;
    private final int hz;
    private final List<TaskLoop> taskLoops = new ArrayList<>();
    private final Set<Bio> ended = Collections.newSetFromMap(new IdentityHashMap<>());
    private long sectorsIssued;

    RandomMix(long seed) {
        this.seed = seed;
        SplittableRandom r = new SplittableRandom(seed);
        this.device = DEVICES.get(r.nextInt(DEVICES.size()));
        this.hz = HZ[r.nextInt(HZ.length)];
    }

    /** The context this mix runs on: its device and HZ, the trace read. */
    FakeSchedulerContext newContext() {
        return FakeSchedulerContext.builder().device(device).hz(hz).seed(seed).build();
    }

    /** A device model: seeks cost on a rotational device, transfer at 100 MB/s (SSD: flat and faster). */
    ToLongFunction<Request> serviceModel() {
        long[] head = {0};
        boolean rotational = device.rotational();
        return rq -> {
            long transfer = rq.bytes() * 10L;
            if (!rotational) {
                return 50_000L + transfer / 4;
            }
            long distance = Math.abs(rq.sector() - head[0]);
            head[0] = rq.endSector();
            return (distance == 0 ? 0 : MS + Math.min(distance / 1_000_000L, 8) * MS) + transfer;
        };
    }

    /** Schedules the mix's tasks on {@code loop}, whose clock is at its start. */
    void install(DeviceLoop loop) {
        SplittableRandom r = new SplittableRandom(seed ^ 0x5DEECE66DL);
        FakeSchedulerContext context = loop.context();
        Requests requests = loop.requests();
        List<Cgroup> cgroups = List.of(Cgroup.ROOT, new Cgroup("/a", 100 + r.nextInt(901)),
                new Cgroup("/b", 100 + r.nextInt(901)));
        long start = context.now();
        int tasks = 2 + r.nextInt(5);
        for (int i = 0; i < tasks; i++) {
            Task task = requests.task("t" + i, ioprioClass(r), r.nextInt(IoPrioClass.LEVELS), cgroups.get(r.nextInt(3)));
            TaskLoop taskLoop = new TaskLoop(loop, task, r, i);
            taskLoops.add(taskLoop);
            context.schedule(start + r.nextInt(100) * MS, taskLoop::start);
            if (r.nextInt(4) == 0) {
                IoPrioClass cls = ioprioClass(r);
                int level = r.nextInt(IoPrioClass.LEVELS);
                context.schedule(start + r.nextInt(300) * MS, () -> task.setIoprio(cls, level));
            }
            if (r.nextInt(4) == 0) {
                Cgroup cgroup = cgroups.get(r.nextInt(3));
                context.schedule(start + r.nextInt(300) * MS, () -> task.setCgroup(cgroup));
            }
        }
        if (r.nextInt(3) == 0) {
            loop.forceDispatchAt(start + r.nextInt(300) * MS);
        }
    }

    /** After the run: every task issued and ended all its bios, each once, and the device served every sector. */
    void verifyAccounting(DeviceLoop loop) {
        for (TaskLoop taskLoop : taskLoops) {
            if (taskLoop.done != taskLoop.count) {
                throw new AssertionError(taskLoop.task + " saw " + taskLoop.done + " of its " + taskLoop.count
                        + " bios end");
            }
        }
        long served = 0;
        for (Request rq : loop.completed()) {
            served += rq.sectors();
        }
        if (served != sectorsIssued) {
            throw new AssertionError("the device served " + served + " sectors of the " + sectorsIssued + " issued");
        }
    }

    private void ended(Bio bio) {
        if (!ended.add(bio)) {
            throw new AssertionError("bio " + bio + " ended twice");
        }
    }

    private static IoPrioClass ioprioClass(SplittableRandom r) {
        int p = r.nextInt(10);
        return p == 0 ? IoPrioClass.RT : p == 9 ? IoPrioClass.IDLE : IoPrioClass.BE;
    }

    @Override
    public String toString() {
        return "random mix seed " + seed + " on " + device.name() + " at HZ=" + hz;
    }

    /** One task's closed loop of bios. */
    private final class TaskLoop {
        private final DeviceLoop loop;
        private final Task task;
        private final Op op;
        private final int flags;
        private final int sectors;
        private final boolean sequential;
        private final int depth;
        private final long count;
        private final long thinkNanos;
        private final boolean exitWhenDone;
        private final long regionStart;
        private final SplittableRandom random;
        private long issued;
        private long done;
        private long nextSector;

        TaskLoop(DeviceLoop loop, Task task, SplittableRandom r, int index) {
            this.loop = loop;
            this.task = task;
            int kind = r.nextInt(5);
            this.op = kind <= 1 ? Op.READ : Op.WRITE;
            this.flags = switch (kind) {
                case 1 -> RequestFlags.META;
                case 3 -> RequestFlags.SYNC;
                case 4 -> RequestFlags.SYNC | RequestFlags.NOIDLE;
                default -> 0;
            };
            this.sectors = 8 * (1 + r.nextInt(16));
            this.sequential = r.nextBoolean();
            this.depth = 1 + r.nextInt(4);
            this.count = 16 + r.nextInt(49);
            this.thinkNanos = r.nextInt(3) * MS;
            this.exitWhenDone = r.nextBoolean();
            this.regionStart = index * 50_000_000L;
            this.random = r.split();
            this.nextSector = regionStart;
        }

        void start() {
            for (int i = 0; i < depth; i++) {
                issue();
            }
        }

        private void issue() {
            if (issued == count) {
                return;
            }
            issued++;
            long sector;
            if (sequential) {
                sector = nextSector;
                nextSector += sectors;
            } else {
                sector = regionStart + random.nextLong(10_000_000L / sectors) * sectors;
            }
            sectorsIssued += sectors;
            loop.submitBio(new Bio(op, flags, sector, sectors, task, this::completed));
        }

        private void completed(Bio bio, long at) {
            ended(bio);
            done++;
            if (issued < count) {
                loop.context().schedule(at + thinkNanos, this::issue);
            } else if (done == count && exitWhenDone) {
                // the task exits once it has run again, after the completion
                loop.context().schedule(at, () -> loop.taskExit(task));
            }
        }
    }
}
