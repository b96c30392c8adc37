package org.iosched.simulator.block;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import org.iosched.api.Bio;
import org.iosched.api.Cgroup;
import org.iosched.api.DeviceInfo;
import org.iosched.api.IoPrioClass;
import org.iosched.api.IoScheduler;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.api.SchedulerContext;
import org.iosched.api.Task;
import org.iosched.simulator.blk.DeviceHost;
import org.iosched.simulator.engine.EventQueue;
import org.iosched.simulator.engine.KernelClock;
import org.iosched.simulator.testing.FakeDevice;
import org.iosched.simulator.trace.BlockTrace;

/**
 * A request queue on a {@link FakeDevice} with a chosen scheduler, a trace kept in memory, and helpers to
 * submit bios and watch them complete. Each bio completing twice fails the test at once.
 */
final class QueueHarness {
    final EventQueue clock = new EventQueue();
    final StringBuilder traceText = new StringBuilder();
    final BlockTrace trace;
    final DeviceInfo info;
    final DeviceHost deviceHost;
    final FakeDevice device;
    final RequestQueue queue;
    final IoScheduler scheduler;
    final List<Bio> completed = new ArrayList<>();
    final List<Bio> resumed = new ArrayList<>();
    private final Set<Bio> done = Collections.newSetFromMap(new IdentityHashMap<>());

    static Builder builder() {
        return new Builder();
    }

    static final class Builder {
        boolean rotational = true;
        int depth = 1;
        boolean writeCache;
        boolean fua;
        int nrRequests = 128;
        int maxSectors = 1024;
        int hz = 1000;
        boolean trace = true;
        ToLongFunction<Request> serviceTime = rq -> 1_000_000;
        Function<SchedulerContext, IoScheduler> scheduler = RecordingScheduler::new;
        boolean refuseFlushWhileBusy;
        boolean taskPlugging;

        Builder ssd(int queueDepth) {
            rotational = false;
            depth = queueDepth;
            return this;
        }

        Builder disk(int queueDepth) {
            rotational = true;
            depth = queueDepth;
            return this;
        }

        Builder writeCache(boolean cache, boolean nativeFua) {
            writeCache = cache;
            fua = nativeFua;
            return this;
        }

        Builder nrRequests(int n) {
            nrRequests = n;
            return this;
        }

        Builder maxSectors(int sectors) {
            maxSectors = sectors;
            return this;
        }

        Builder hz(int value) {
            hz = value;
            return this;
        }

        Builder noTrace() {
            trace = false;
            return this;
        }

        Builder serviceTime(ToLongFunction<Request> time) {
            serviceTime = time;
            return this;
        }

        Builder scheduler(Function<SchedulerContext, IoScheduler> factory) {
            scheduler = factory;
            return this;
        }

        Builder taskPlugging() {
            taskPlugging = true;
            return this;
        }

        Builder refuseFlushWhileBusy() {
            refuseFlushWhileBusy = true;
            return this;
        }

        QueueHarness build() {
            return new QueueHarness(this);
        }
    }

    private QueueHarness(Builder b) {
        trace = new BlockTrace(clock, b.trace ? traceText : null);
        info = new DeviceInfo("fake", 1L << 24, b.rotational, b.depth, b.writeCache, b.fua, 2048);
        deviceHost = new DeviceHost(clock, new SplittableRandom(1), trace, "device fake");
        FakeDevice fake = new FakeDevice(info, deviceHost, b.serviceTime);
        device = b.refuseFlushWhileBusy ? fake.refuseFlushWhileBusy() : fake;
        queue = new RequestQueue(clock, new KernelClock(b.hz), trace, info, b.nrRequests, b.maxSectors,
                b.taskPlugging);
        deviceHost.bind(queue);
        SchedulerHost host = new SchedulerHost(queue, clock, new KernelClock(b.hz), new SplittableRandom(2), trace,
                "scheduler test");
        scheduler = b.scheduler.apply(host);
        queue.attach(scheduler, "scheduler test", device, "device fake");
        queue.setSleepListener(resumed::add);
    }

    RecordingScheduler recording() {
        return (RecordingScheduler) scheduler;
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

    List<String> traceLines() {
        List<String> lines = new ArrayList<>();
        for (String line : traceText.toString().split("\n")) {
            if (!line.isEmpty()) {
                lines.add(line);
            }
        }
        return lines;
    }

    /** The action column of every trace line ("Q", "G", "P", ...), optionally with the RWBS. */
    List<String> actions() {
        List<String> out = new ArrayList<>();
        for (String line : traceLines()) {
            out.add(line.substring(42, 44).trim());
        }
        return out;
    }

    /** "action sector+n" of every non-message trace line, e.g. "D 8+8". */
    List<String> events() {
        List<String> out = new ArrayList<>();
        for (String line : traceLines()) {
            String action = line.substring(42, 44).trim();
            String rest = line.substring(49);
            int plus = rest.indexOf(" + ");
            if (plus > 0) {
                int end = rest.indexOf(' ', plus + 3);
                out.add(action + " " + rest.substring(0, plus) + "+" + rest.substring(plus + 3, end));
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
