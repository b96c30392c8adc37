package org.iosched.simulator.blkmq;

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
import org.iosched.simulator.blk.DeviceHost;
import org.iosched.simulator.engine.EventQueue;
import org.iosched.simulator.engine.KernelClock;
import org.iosched.simulator.testing.FakeDevice;
import org.iosched.simulator.trace.BlockTrace;

/**
 * A blk-mq queue on a {@link FakeDevice}, without a scheduler ({@code none}) or with a {@link FifoMqScheduler}, a
 * trace kept in memory, helpers to submit bios and watch them complete. A bio completing twice fails the test.
 */
final class MqHarness {
    final EventQueue clock = new EventQueue();
    final StringBuilder traceText = new StringBuilder();
    final BlockTrace trace = new BlockTrace(clock, traceText);
    final DeviceInfo info;
    final DeviceHost deviceHost;
    final FakeDevice device;
    final MqRequestQueue queue;
    final FifoMqScheduler scheduler;
    final List<Bio> completed = new ArrayList<>();
    final List<Bio> resumed = new ArrayList<>();
    private final Set<Bio> done = Collections.newSetFromMap(new IdentityHashMap<>());

    static Builder builder() {
        return new Builder();
    }

    static final class Builder {
        int depth = 32;
        boolean writeCache;
        boolean fua;
        boolean fifo;
        int nrRequests = 64;
        int hardwareQueues = 1;
        int cpus = 1;
        boolean refuseFlushWhileBusy;
        ToLongFunction<Request> serviceTime = rq -> 100_000;

        Builder refuseFlushWhileBusy() {
            refuseFlushWhileBusy = true;
            return this;
        }

        Builder depth(int value) {
            depth = value;
            return this;
        }

        Builder writeCache(boolean cache, boolean nativeFua) {
            writeCache = cache;
            fua = nativeFua;
            return this;
        }

        Builder fifo(int schedulerTags) {
            fifo = true;
            nrRequests = schedulerTags;
            return this;
        }

        Builder queues(int hw, int cpuCount) {
            hardwareQueues = hw;
            cpus = cpuCount;
            return this;
        }

        Builder serviceTime(ToLongFunction<Request> time) {
            serviceTime = time;
            return this;
        }

        MqHarness build() {
            return new MqHarness(this);
        }
    }

    private MqHarness(Builder b) {
        info = new DeviceInfo("fake", 1L << 24, false, b.depth, b.writeCache, b.fua, 2048);
        deviceHost = new DeviceHost(clock, new SplittableRandom(1), trace, "device fake");
        FakeDevice fake = new FakeDevice(info, deviceHost, b.serviceTime);
        device = b.refuseFlushWhileBusy ? fake.refuseFlushWhileBusy() : fake;
        queue = new MqRequestQueue(clock, new KernelClock(1000), trace, info, b.hardwareQueues, b.depth,
                b.fifo ? b.nrRequests : 0, 2048, b.cpus, 1);
        deviceHost.bind(queue);
        if (b.fifo) {
            scheduler = new FifoMqScheduler(queue.schedulerContext(new SplittableRandom(2), "scheduler fifo-mq"));
            queue.attach(scheduler, "scheduler fifo-mq", device, "device fake");
        } else {
            scheduler = null;
            queue.attach(null, "scheduler none", device, "device fake");
        }
        queue.setSleepListener(resumed::add);
    }

    static Task task(int pid) {
        return new Task(pid, "t" + pid, false, IoPrioClass.BE, 4, Cgroup.ROOT);
    }

    Bio bio(Task task, Op op, int flags, long sector, int sectors) {
        return new Bio(op, flags, sector, sectors, task, (b, at) -> {
            if (!done.add(b)) {
                throw new AssertionError("bio completed twice: " + b);
            }
            completed.add(b);
        });
    }

    Bio read(Task task, long sector, int sectors) {
        return bio(task, Op.READ, RequestFlags.SYNC, sector, sectors);
    }

    Bio write(Task task, long sector, int sectors) {
        return bio(task, Op.WRITE, 0, sector, sectors);
    }

    boolean submit(Bio bio) {
        return queue.submit(bio);
    }

    void runAll() {
        clock.run(Long.MAX_VALUE, () -> false);
    }

    void runUntil(long nanos) {
        clock.run(nanos, () -> false);
    }

    /** "action sector+n" of every trace line ("Q 8+8", "U 3" for unplugs with their count, "P"). */
    List<String> events() {
        List<String> out = new ArrayList<>();
        for (String line : traceText.toString().split("\n")) {
            if (line.isEmpty()) {
                continue;
            }
            String action = line.substring(42, 44).trim();
            String rest = line.substring(49);
            int plus = rest.indexOf(" + ");
            if (plus > 0) {
                int end = rest.indexOf(' ', plus + 3);
                out.add(action + " " + rest.substring(0, plus) + "+" + rest.substring(plus + 3, end));
            } else if (action.startsWith("U")) {
                out.add(action + " " + rest.substring(rest.indexOf("] ") + 2));
            } else {
                out.add(action);
            }
        }
        return out;
    }

    /** Device submissions as "op sector+n". */
    List<String> deviceSaw() {
        List<String> out = new ArrayList<>();
        for (Request rq : device.submitted()) {
            out.add(rq.op() + " " + rq.sector() + "+" + rq.sectors());
        }
        return out;
    }
}
