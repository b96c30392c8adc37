package org.iosched.scheduler.kyber;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.function.BiConsumer;
import java.util.random.RandomGenerator;
import org.iosched.api.Bio;
import org.iosched.api.BioEndIo;
import org.iosched.api.DeviceInfo;
import org.iosched.api.HardwareQueue;
import org.iosched.api.MqSchedulerContext;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.api.Task;
import org.iosched.api.Timer;
import org.iosched.api.TraceSink;
import org.iosched.api.Cgroup;
import org.iosched.api.IoPrioClass;

/**
 * A blk-mq context for Kyber's tests (the testkit's blk-mq fixtures are written elsewhere): a manual virtual clock
 * with timers and scheduled actions, hardware queues with a fixed CPU mapping, the current CPU, a recording
 * {@link #runHardwareQueue}, {@code blk_bio_list_merge} and a trace that keeps its messages.
 */
final class FakeMqContext implements MqSchedulerContext {
    private static final BioEndIo NOTHING = (bio, completedAt) -> { };

    private final int hz;
    private final int cpuCount;
    private final List<FakeHctx> hctxs = new ArrayList<>();
    private final PriorityQueue<Event> events = new PriorityQueue<>();
    private final List<String> messages = new ArrayList<>();
    private final List<String> runs = new ArrayList<>();
    private final Random random = new Random(1);
    private final Task task = new Task(100, "fio", false, IoPrioClass.BE, 4, Cgroup.ROOT);
    private BiConsumer<HardwareQueue, Boolean> runner = (hctx, async) -> { };
    private long now;
    private long sequence;
    private long nextId = 1;
    private int currentCpu;

    private record Event(long time, long sequence, Runnable action, FakeTimer timer, long generation)
            implements Comparable<Event> {
        @Override
        public int compareTo(Event other) {
            int byTime = Long.compare(time, other.time);
            return byTime != 0 ? byTime : Long.compare(sequence, other.sequence);
        }
    }

    /** {@code cpuCount} CPUs spread evenly over {@code hardwareQueues} queues of {@code schedulerTags} tags. */
    FakeMqContext(int hz, int cpuCount, int hardwareQueues, int driverTags, int schedulerTags) {
        this.hz = hz;
        this.cpuCount = cpuCount;
        int shift = 6;
        while (shift > 0 && (4 << shift) > schedulerTags) {
            shift--;
        }
        for (int q = 0; q < hardwareQueues; q++) {
            List<Integer> cpus = new ArrayList<>();
            for (int cpu = 0; cpu < cpuCount; cpu++) {
                if (cpu * hardwareQueues / cpuCount == q) {
                    cpus.add(cpu);
                }
            }
            hctxs.add(new FakeHctx(q, driverTags, schedulerTags, shift, cpus.stream().mapToInt(Integer::intValue).toArray()));
        }
    }

    /** HZ 250, one CPU, one hardware queue of 32 driver tags and 64 scheduler tags (a SATA disk). */
    static FakeMqContext simple() {
        return new FakeMqContext(250, 1, 1, 32, 64);
    }

    // ---- test controls

    void setCurrentCpu(int cpu) {
        this.currentCpu = cpu;
    }

    /** What {@link #runHardwareQueue} does besides recording (a device loop). */
    void onRun(BiConsumer<HardwareQueue, Boolean> runner) {
        this.runner = runner;
    }

    /** Runs {@code action} at {@code time} (not before now). */
    void schedule(long time, Runnable action) {
        events.add(new Event(Math.max(time, now), ++sequence, action, null, 0));
    }

    /** Runs everything due up to {@code time}, then sets the clock there. */
    void advanceTo(long time) {
        while (true) {
            Event next = peekLive();
            if (next == null || next.time > time) {
                break;
            }
            events.poll();
            now = next.time;
            if (next.timer != null) {
                next.timer.expires = -1;
            }
            next.action.run();
        }
        now = time;
    }

    /** Runs every event, whatever its time, until none is left or {@code limit} is reached. */
    void runUntilIdle(long limit) {
        Event next;
        while ((next = peekLive()) != null && next.time <= limit) {
            advanceTo(next.time);
        }
    }

    List<String> messages() {
        return messages;
    }

    /** Recorded runs as {@code "hctx0 async"} / {@code "hctx0 sync"}. */
    List<String> runs() {
        return runs;
    }

    FakeHctx hctx(int index) {
        return hctxs.get(index);
    }

    Task task() {
        return task;
    }

    // ---- requests

    Bio bio(Op op, int flags, long sector, int sectors) {
        return new Bio(op, flags, sector, sectors, task, NOTHING);
    }

    /** A request allocated now on CPU {@code cpu} (its software queue on its hardware queue). */
    Request request(Op op, int flags, long sector, int sectors, int cpu) {
        Request rq = new Request(nextId++, bio(op, flags, sector, sectors), now);
        FakeHctx hctx = hctxOfCpu(cpu);
        rq.bindQueues(hctx, cpu, hctx.indexOf(cpu), -1);
        return rq;
    }

    Request read(long sector, int cpu) {
        return request(Op.READ, 0, sector, 8, cpu);
    }

    Request write(long sector, int cpu) {
        return request(Op.WRITE, 0, sector, 8, cpu);
    }

    Request syncWrite(long sector, int cpu) {
        return request(Op.WRITE, RequestFlags.SYNC, sector, 8, cpu);
    }

    FakeHctx hctxOfCpu(int cpu) {
        for (FakeHctx h : hctxs) {
            if (h.indexOf(cpu) >= 0) {
                return h;
            }
        }
        throw new IllegalArgumentException("no hardware queue for CPU " + cpu);
    }

    // ---- MqSchedulerContext

    @Override
    public long now() {
        return now;
    }

    @Override
    public int hz() {
        return hz;
    }

    @Override
    public Timer newTimer(Runnable callback) {
        return new FakeTimer(callback);
    }

    @Override
    public DeviceInfo device() {
        return new DeviceInfo("fake-ssd", 1L << 30, false, hctxs.get(0).driverTagDepth(), true, true, 2048);
    }

    @Override
    public int cpuCount() {
        return cpuCount;
    }

    @Override
    public int currentCpu() {
        return currentCpu;
    }

    @Override
    public int hardwareQueueCount() {
        return hctxs.size();
    }

    @Override
    public HardwareQueue hardwareQueue(int index) {
        return hctxs.get(index);
    }

    @Override
    public int nrRequests() {
        return hctxs.get(0).schedulerTagDepth();
    }

    @Override
    public void runHardwareQueue(HardwareQueue hctx, boolean async) {
        runs.add("hctx" + hctx.index() + (async ? " async" : " sync"));
        runner.accept(hctx, async);
    }

    @Override
    public void runHardwareQueues(boolean async) {
        for (FakeHctx h : hctxs) {
            runHardwareQueue(h, async);
        }
    }

    @Override
    public boolean tryMerge(Bio bio) {
        return false;
    }

    @Override
    public boolean tryInsertMerge(Request rq) {
        return false;
    }

    /** {@code blk_bio_list_merge}: newest first, at most 8; same op, flags and ioprio; back or front contiguous. */
    @Override
    public boolean bioListMerge(List<Request> requests, Bio bio) {
        int checked = 0;
        for (int i = requests.size() - 1; i >= 0 && checked < 8; i--, checked++) {
            Request rq = requests.get(i);
            if (rq.op() != bio.op() || rq.flags() != bio.flags() || rq.ioPriority() != bio.ioPriority()) {
                continue;
            }
            if (rq.endSector() == bio.sector()) {
                rq.appendBio(bio);
                return true;
            }
            if (bio.endSector() == rq.sector()) {
                rq.prependBio(bio);
                return true;
            }
        }
        return false;
    }

    @Override
    public void hashAdd(Request rq) {
    }

    @Override
    public void hashRemove(Request rq) {
    }

    @Override
    public Request lastMerge() {
        return null;
    }

    @Override
    public void setLastMerge(Request rq) {
    }

    @Override
    public RandomGenerator random() {
        return random;
    }

    @Override
    public TraceSink trace() {
        return new TraceSink() {
            @Override
            public boolean enabled() {
                return true;
            }

            @Override
            public void message(String message) {
                messages.add(message);
            }
        };
    }

    private Event peekLive() {
        Event next = events.peek();
        while (next != null && next.timer != null && next.timer.generation != next.generation) {
            events.poll();
            next = events.peek();
        }
        return next;
    }

    /** A hardware queue with fixed depths and CPUs. */
    static final class FakeHctx implements HardwareQueue {
        private final int index;
        private final int driverTags;
        private final int schedulerTags;
        private final int shift;
        private final int[] cpus;
        private Object data;

        FakeHctx(int index, int driverTags, int schedulerTags, int shift, int[] cpus) {
            this.index = index;
            this.driverTags = driverTags;
            this.schedulerTags = schedulerTags;
            this.shift = shift;
            this.cpus = cpus;
        }

        int indexOf(int cpu) {
            for (int i = 0; i < cpus.length; i++) {
                if (cpus[i] == cpu) {
                    return i;
                }
            }
            return -1;
        }

        @Override
        public int index() {
            return index;
        }

        @Override
        public int driverTagDepth() {
            return driverTags;
        }

        @Override
        public int schedulerTagDepth() {
            return schedulerTags;
        }

        @Override
        public int schedulerTagShift() {
            return shift;
        }

        @Override
        public int softwareQueueCount() {
            return cpus.length;
        }

        @Override
        public int softwareQueueCpu(int i) {
            return cpus[i];
        }

        @Override
        public Object schedulerData() {
            return data;
        }

        @Override
        public void setSchedulerData(Object data) {
            this.data = data;
        }
    }

    private final class FakeTimer implements Timer {
        private final Runnable callback;
        private long generation;
        private long expires = -1;

        FakeTimer(Runnable callback) {
            this.callback = callback;
        }

        @Override
        public void arm(long atNanos) {
            generation++;
            expires = Math.max(atNanos, now);
            events.add(new Event(expires, ++sequence, callback, this, generation));
        }

        @Override
        public void cancel() {
            generation++;
            expires = -1;
        }

        @Override
        public boolean isPending() {
            return expires >= 0;
        }

        @Override
        public long expiresAt() {
            return expires;
        }
    }
}
