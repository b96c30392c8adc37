package org.iosched.simulator.os;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.iosched.api.DeviceInfo;
import org.iosched.api.FileIo;
import org.iosched.api.FileIoListener;
import org.iosched.api.JobDescriptor;
import org.iosched.simulator.block.DeviceHost;
import org.iosched.simulator.block.RequestQueue;
import org.iosched.simulator.block.SchedulerHost;
import org.iosched.simulator.engine.EventQueue;
import org.iosched.simulator.engine.KernelClock;
import org.iosched.simulator.engine.RandomStreams;
import org.iosched.simulator.noop.NoopScheduler;
import org.iosched.simulator.stats.JobStatistics;
import org.iosched.simulator.testing.FakeDevice;
import org.iosched.simulator.trace.BlockTrace;

/** The direct-I/O OS model over noop and a {@link FakeDevice}, with a listener that logs callbacks. */
final class OsHarness implements FileIoListener {
    final EventQueue clock = new EventQueue();
    final StringBuilder traceText = new StringBuilder();
    final BlockTrace trace = new BlockTrace(clock, traceText);
    final FakeDevice device;
    final RequestQueue queue;
    final DirectIoOsModel os;
    final List<String> callbacks = new ArrayList<>();

    OsHarness(boolean writeCache, int nrRequests, int maxSectors, long serviceNanos, Path logDirectory) {
        DeviceInfo info = new DeviceInfo("fake", 1L << 21, true, 1, writeCache, false, 2048);
        DeviceHost deviceHost = new DeviceHost(clock, new SplittableRandom(1), trace, "device fake");
        device = new FakeDevice(info, deviceHost, rq -> serviceNanos);
        KernelClock hz = new KernelClock(1000);
        queue = new RequestQueue(clock, hz, trace, info, nrRequests, maxSectors);
        deviceHost.bind(queue);
        SchedulerHost host = new SchedulerHost(queue, clock, hz, new SplittableRandom(2), trace, "scheduler noop");
        queue.attach(new NoopScheduler(host), "scheduler noop", device, "device fake");
        os = new DirectIoOsModel(clock, new RandomStreams(1), queue, trace,
                new JobStatistics(List.of(new JobDescriptor(0, "job", 0, false, "", Map.of(), List.of()))),
                new LogFiles(logDirectory), "workload test");
    }

    static OsHarness simple() {
        return new OsHarness(false, 128, 1024, 1_000_000, null);
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

    void runAll() {
        clock.run(Long.MAX_VALUE, () -> false);
    }

    /** Device submissions as "op flags sector+n". */
    List<String> deviceSaw() {
        List<String> out = new ArrayList<>();
        for (var rq : device.submitted()) {
            out.add(org.iosched.api.RequestFlags.rwbs(rq.op(), rq.flags()) + " " + rq.sector() + "+" + rq.sectors());
        }
        return out;
    }
}
