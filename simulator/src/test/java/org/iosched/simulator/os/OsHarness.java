package org.iosched.simulator.os;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.ToLongFunction;
import org.iosched.api.DeviceInfo;
import org.iosched.api.FileIo;
import org.iosched.api.FileIoListener;
import org.iosched.api.JobDescriptor;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.simulator.blk.BioLayer;
import org.iosched.simulator.blk.DeviceHost;
import org.iosched.simulator.block.RequestQueue;
import org.iosched.simulator.block.SchedulerHost;
import org.iosched.simulator.engine.EventQueue;
import org.iosched.simulator.engine.KernelClock;
import org.iosched.simulator.engine.RandomStreams;
import org.iosched.simulator.noop.NoopScheduler;
import org.iosched.simulator.stats.JobStatistics;
import org.iosched.simulator.testing.FakeDevice;
import org.iosched.simulator.trace.BlockTrace;

/**
 * The OS model over noop and a {@link FakeDevice} of 1 GiB (queue depth 1, HZ 1000), with a listener that logs
 * callbacks and a log of every request the device completed.
 */
final class OsHarness implements FileIoListener {
    /** What the device completed: when, and what. */
    record Done(long at, String rwbs, long sector, int sectors, String task, String cgroup) {
        @Override
        public String toString() {
            return rwbs + " " + sector + "+" + sectors + " [" + task + "] @" + at;
        }
    }

    final EventQueue clock = new EventQueue();
    final StringBuilder traceText = new StringBuilder();
    final BlockTrace trace = new BlockTrace(clock, traceText);
    final FakeDevice device;
    final RequestQueue queue;
    final LinuxOsModel os;
    final Kernel kernel;
    final List<String> callbacks = new ArrayList<>();
    final List<Done> completed = new ArrayList<>();

    OsHarness(boolean writeCache, int nrRequests, int maxSectors, ToLongFunction<Request> service, Path logDirectory,
              OsTunables tunables) {
        this(writeCache, 1, nrRequests, maxSectors, service, logDirectory, tunables);
    }

    OsHarness(boolean writeCache, int queueDepth, int nrRequests, int maxSectors, ToLongFunction<Request> service,
              Path logDirectory, OsTunables tunables) {
        this(writeCache, queueDepth, nrRequests, maxSectors, service, logDirectory, tunables,
                org.iosched.simulator.result.KernelVersion.V3_0);
    }

    /** The OS model of {@code version} (the block layer stays the 3.0 one: the OS model's rules are under test). */
    OsHarness(boolean writeCache, int queueDepth, int nrRequests, int maxSectors, ToLongFunction<Request> service,
              Path logDirectory, OsTunables tunables, org.iosched.simulator.result.KernelVersion version) {
        DeviceInfo info = new DeviceInfo("fake", 1L << 21, true, queueDepth, writeCache, false, 2048);
        DeviceHost deviceHost = new DeviceHost(clock, new SplittableRandom(1), trace, "device fake");
        device = new FakeDevice(info, deviceHost, service);
        KernelClock hz = new KernelClock(1000);
        queue = new RequestQueue(clock, hz, trace, info, nrRequests, maxSectors);
        deviceHost.bind(queue);
        SchedulerHost host = new SchedulerHost(queue, clock, hz, new SplittableRandom(2), trace, "scheduler noop");
        queue.attach(new NoopScheduler(host), "scheduler noop", device, "device fake");
        os = new LinuxOsModel(clock, hz, new RandomStreams(1), new BioLayer(queue, clock, trace), trace,
                new JobStatistics(List.of(new JobDescriptor(0, "job", 0, false, "", Map.of(), List.of()))),
                new LogFiles(logDirectory), "workload test", tunables,
                version == org.iosched.simulator.result.KernelVersion.V6_6 ? OsPolicies.LINUX_6_6 : OsPolicies.LINUX_3_0);
        kernel = os.kernelForTests();
        // the OS model's accounting listener stays; this one wraps it to log completions too
        queue.setCompletionListener(rq -> {
            completed.add(new Done(clock.now(), RequestFlags.rwbs(rq.op(), rq.flags()), rq.sector(), rq.sectors(),
                    rq.task().name(), rq.cgroup().path()));
            kernel.accounting.requestCompleted(rq);
        });
    }

    OsHarness(boolean writeCache, int nrRequests, int maxSectors, long serviceNanos, Path logDirectory) {
        this(writeCache, nrRequests, maxSectors, rq -> serviceNanos, logDirectory, OsTunables.defaults());
    }

    static OsHarness simple() {
        return new OsHarness(false, 128, 1024, 1_000_000, null);
    }

    /** A disk with a write cache taking {@code nanos} per request and {@code flushNanos} per FLUSH. */
    static OsHarness cachedDisk(long nanos, long flushNanos, OsTunables tunables) {
        return new OsHarness(true, 128, 1024,
                rq -> rq.op() == org.iosched.api.Op.FLUSH ? flushNanos : nanos, null, tunables);
    }

    @Override
    public void submitted(FileIo io) {
        callbacks.add("submitted " + io.kind() + "@" + io.offset() + " t=" + clock.now());
    }

    @Override
    public void completed(FileIo io) {
        callbacks.add("completed " + io.kind() + "@" + io.offset() + " t=" + clock.now()
                + (io.error() == null ? "" : " error"));
    }

    /** Run {@code action} at virtual time {@code nanos}. */
    void at(long nanos, Runnable action) {
        clock.newTimer(null, action).arm(nanos);
    }

    void runAll() {
        clock.run(Long.MAX_VALUE, () -> false);
    }

    void runUntil(long nanos) {
        clock.run(nanos, () -> false);
    }

    /** Device submissions as "op flags sector+n". */
    List<String> deviceSaw() {
        List<String> out = new ArrayList<>();
        for (var rq : device.submitted()) {
            out.add(RequestFlags.rwbs(rq.op(), rq.flags()) + " " + rq.sector() + "+" + rq.sectors());
        }
        return out;
    }

    /** A task issuing one file operation after another: {@link #then} queues the next step. */
    final class Script implements FileIoListener {
        final org.iosched.api.Task task;
        private final java.util.ArrayDeque<java.util.function.Consumer<FileIo>> steps = new java.util.ArrayDeque<>();
        final List<FileIo> done = new ArrayList<>();
        private final FileIo unit = new FileIo();

        Script(String name) {
            this.task = os.createTask(org.iosched.api.TaskSpec.of(name));
        }

        Script(org.iosched.api.TaskSpec spec) {
            this.task = os.createTask(spec);
        }

        Script write(org.iosched.api.FileHandle file, long offset, int length) {
            steps.add(io -> io.prepare(FileIo.Kind.WRITE, task, file, offset, length, false, this));
            return this;
        }

        Script syncWrite(org.iosched.api.FileHandle file, long offset, int length) {
            steps.add(io -> io.prepare(FileIo.Kind.WRITE, task, file, offset, length, false, this)
                    .setSyncWrite(true));
            return this;
        }

        Script read(org.iosched.api.FileHandle file, long offset, int length, boolean direct) {
            steps.add(io -> io.prepare(FileIo.Kind.READ, task, file, offset, length, direct, this));
            return this;
        }

        Script fsync(org.iosched.api.FileHandle file, boolean datasync) {
            steps.add(io -> io.prepare(datasync ? FileIo.Kind.FDATASYNC : FileIo.Kind.FSYNC, task, file, 0, 0, false,
                    this));
            return this;
        }

        void start() {
            next();
        }

        private void next() {
            java.util.function.Consumer<FileIo> step = steps.poll();
            if (step != null) {
                FileIo io = new FileIo();
                step.accept(io);
                os.submit(io);
            }
        }

        @Override
        public void completed(FileIo io) {
            done.add(io);
            next();
        }
    }

    /** Completed requests of one task. */
    List<Done> completedBy(String task) {
        List<Done> out = new ArrayList<>();
        for (Done d : completed) {
            if (d.task().equals(task)) {
                out.add(d);
            }
        }
        return out;
    }
}
