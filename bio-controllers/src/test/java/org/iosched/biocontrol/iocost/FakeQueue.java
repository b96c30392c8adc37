package org.iosched.biocontrol.iocost;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.iosched.api.Bio;
import org.iosched.api.Cgroup;
import org.iosched.api.DeviceInfo;
import org.iosched.api.IoPrioClass;
import org.iosched.api.Op;
import org.iosched.api.RqQosContext;
import org.iosched.api.RqQosPolicy;
import org.iosched.api.Task;
import org.iosched.api.Timer;
import org.iosched.api.TraceSink;

/**
 * A request queue for one rq-qos policy under test: virtual time, timers, and a device that completes every bio the
 * policy lets through after a fixed latency, with unlimited parallelism (so io.cost alone decides the rates).
 */
final class FakeQueue implements RqQosContext {
    private record Event(long time, long seq, Runnable action) {
    }

    private final PriorityQueue<Event> events = new PriorityQueue<>((a, b) -> a.time != b.time
            ? Long.compare(a.time, b.time) : Long.compare(a.seq, b.seq));
    private long seq;
    private long now;
    private final DeviceInfo device;
    private final long latencyNanos;
    RqQosPolicy policy;
    final List<long[]> delays = new ArrayList<>();
    private int nextPid = 1000;

    FakeQueue(boolean rotational, int queueDepth, long latencyNanos) {
        this.device = new DeviceInfo("fake", 1L << 32, rotational, queueDepth, false, false, 2048);
        this.latencyNanos = latencyNanos;
    }

    IocostPolicy install(Map<String, String> keys) {
        IocostPolicy p = (IocostPolicy) new IocostProvider().create(this, keys);
        policy = p;
        return p;
    }

    Task task(String cgroup) {
        return new Task(nextPid++, "t" + nextPid, false, IoPrioClass.BE, 4, new Cgroup(cgroup, Cgroup.DEFAULT_WEIGHT));
    }

    void at(long time, Runnable action) {
        events.add(new Event(time, seq++, action));
    }

    void runUntil(long end) {
        while (!events.isEmpty() && events.peek().time <= end) {
            Event e = events.poll();
            now = e.time;
            e.action.run();
        }
        now = end;
    }

    /** Submit: through throttle, then to the device unless held. */
    void submit(Bio bio) {
        if (policy.throttle(bio) == RqQosPolicy.Throttle.PROCEED) {
            issue(bio);
        }
    }

    private long nextRq;

    private void issue(Bio bio) {
        org.iosched.api.Request rq = new org.iosched.api.Request(nextRq++, bio, now);
        policy.track(rq, bio);
        at(now + latencyNanos, () -> {
            policy.done(rq);
            policy.doneBio(bio);
            bio.endIo().bioCompleted(bio, now);
        });
    }

    @Override
    public long now() {
        return now;
    }

    @Override
    public Timer newTimer(Runnable callback) {
        return new Timer() {
            private long due = -1;
            private long armSeq;

            @Override
            public void arm(long atNanos) {
                due = Math.max(atNanos, now);
                long mine = ++armSeq;
                at(due, () -> {
                    if (mine == armSeq && due >= 0) {
                        due = -1;
                        callback.run();
                    }
                });
            }

            @Override
            public void cancel() {
                due = -1;
                armSeq++;
            }

            @Override
            public boolean isPending() {
                return due >= 0;
            }

            @Override
            public long expiresAt() {
                return due;
            }
        };
    }

    @Override
    public DeviceInfo device() {
        return device;
    }

    @Override
    public int nrRequests() {
        return 64;
    }

    @Override
    public int queueDepth() {
        return device.queueDepth();
    }

    @Override
    public Cgroup cgroup(String path) {
        return null;
    }

    @Override
    public void resume(Bio bio) {
        issue(bio);
    }

    @Override
    public void delayTask(Task task, long nanos) {
        delays.add(new long[] {task.pid(), nanos});
    }

    @Override
    public RandomGenerator random() {
        return new SplittableRandom(1);
    }

    @Override
    public TraceSink trace() {
        return new TraceSink() {
            @Override
            public boolean enabled() {
                return false;
            }

            @Override
            public void message(String message) {
            }
        };
    }

    /** A task keeping {@code depth} random 4 KiB reads in flight; counts completions. */
    final class Reader {
        final Task task;
        final int depth;
        long completed;
        private long next;
        private final SplittableRandom random;

        Reader(String cgroup, int depth, long seed) {
            this.task = task(cgroup);
            this.depth = depth;
            this.random = new SplittableRandom(seed);
        }

        Reader start() {
            at(now, () -> {
                for (int i = 0; i < depth; i++) {
                    one();
                }
            });
            return this;
        }

        private void one() {
            long sector = (random.nextLong(1L << 24)) * 8 + 8;
            next++;
            submit(new Bio(Op.READ, 0, sector, 8, task, (b, t) -> {
                completed++;
                one();
            }));
        }
    }

    /** A task sending one random 4 KiB read every {@code intervalNanos}, whatever is in flight; counts completions. */
    final class Pacer {
        final Task task;
        final long intervalNanos;
        long completed;
        private final SplittableRandom random;

        Pacer(String cgroup, long intervalNanos, long seed) {
            this.task = task(cgroup);
            this.intervalNanos = intervalNanos;
            this.random = new SplittableRandom(seed);
        }

        Pacer start() {
            at(now, this::one);
            return this;
        }

        private void one() {
            long sector = (random.nextLong(1L << 24)) * 8 + 8;
            submit(new Bio(Op.READ, 0, sector, 8, task, (b, t) -> completed++));
            at(now + intervalNanos, this::one);
        }
    }
}
