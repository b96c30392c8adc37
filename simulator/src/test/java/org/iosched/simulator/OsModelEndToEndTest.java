package org.iosched.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.iosched.api.FileHandle;
import org.iosched.api.FileIo;
import org.iosched.api.FileIoListener;
import org.iosched.api.Op;
import org.iosched.api.Task;
import org.iosched.api.TaskSpec;
import org.iosched.api.WorkloadContext;
import org.iosched.simulator.result.LatencyStats;
import org.iosched.simulator.result.SimulationResult;
import org.iosched.simulator.result.TaskStats;
import org.iosched.simulator.testing.FakeDeviceProvider;
import org.iosched.simulator.testing.ScriptedWorkload;
import org.junit.jupiter.api.Test;

/** The OS model in whole runs on a fixed-latency disk with a write cache: 0.2 ms per command, 10 ms per FLUSH. */
class OsModelEndToEndTest {
    private static final long RUNTIME = 2_000_000_000L;

    private static FakeDeviceProvider cachedDisk() {
        return new FakeDeviceProvider("fake-cached", true, true, false, 1,
                rq -> rq.op() == Op.FLUSH ? 10_000_000L : 200_000L);
    }

    /** fio's rw=write, bs=4k, fsync=1 for two seconds: write, fsync, write, fsync, ... */
    private static ScriptedWorkload writeFsync(String cgroup) {
        return new ScriptedWorkload(1, ctx -> new FileIoListener() {
            final Task task = ctx.createTask(new TaskSpec("fio", null, -1, 0, cgroup, 0));
            final FileHandle file = ctx.open(task, "/data/write-fsync.0.0", 100 << 20);
            final FileIo io = new FileIo();
            long offset;
            long syncStart;

            {
                ctx.jobStarted(0, task);
                write(ctx);
            }

            void write(WorkloadContext c) {
                c.submit(io.prepare(FileIo.Kind.WRITE, task, file, offset, 4096, false, this));
            }

            @Override
            public void completed(FileIo done) {
                if (done.kind() == FileIo.Kind.WRITE) {
                    ctx.recordIo(0, FileIo.Kind.WRITE, 4096, -1, done.completeTime() - done.issueTime());
                    offset += 4096;
                    syncStart = ctx.now();
                    ctx.submit(io.prepare(FileIo.Kind.FSYNC, task, file, 0, 0, false, this));
                    return;
                }
                ctx.recordSync(0, ctx.now() - syncStart);
                if (ctx.now() < RUNTIME) {
                    write(ctx);
                } else {
                    ctx.jobFinished(0);
                    ctx.finish();
                }
            }
        });
    }

    private static SimulationResult run(ScriptedWorkload workload, Map<String, String> kernel, StringBuilder trace) {
        Simulation.Builder builder = Simulation.builder().device(cachedDisk(), Map.of()).workload(workload)
                .kernel(kernel);
        if (trace != null) {
            builder.trace(trace);
        }
        return builder.build().run();
    }

    private static TaskStats task(SimulationResult r, String name) {
        return r.tasks().stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void writeAndFsyncRunsTensPerSecondWithBarriersAndHundredsWithout() {
        SimulationResult barrier = run(writeFsync("/"), Map.of(), null);
        SimulationResult noBarrier = run(writeFsync("/"), Map.of("fs.barrier", "0"), null);

        // barrier=1: data, log, then flush + commit block + flush: 0.2 + 0.2 + 10 + 0.2 + 10 ms
        LatencyStats withBarrier = barrier.jobs().get(0).sync();
        assertThat(withBarrier.meanNanos()).isCloseTo(20_600_000.0, org.assertj.core.data.Offset.offset(100_000.0));
        assertThat(withBarrier.count()).isBetween(95L, 100L);
        // barrier=0: three cached writes, 0.6 ms, plus the CPU work on the fsync's path (each write reaches the disk
        // after its submitter's path and the driver's dispatch, each completion ends after its interrupt work, the
        // commit, the switches: about 55 µs at the default costs)
        LatencyStats without = noBarrier.jobs().get(0).sync();
        assertThat(without.meanNanos()).isBetween(630_000.0, 670_000.0);
        assertThat(without.count()).isGreaterThan(3000L);
        assertThat(barrier.settings()).containsEntry("fs.barrier", "1");
        assertThat(noBarrier.settings()).containsEntry("fs.barrier", "0");
    }

    @Test
    void theResultShowsEachTasksShareWithTheJournalsAndTheJobsPid() {
        StringBuilder trace = new StringBuilder();
        SimulationResult r = run(writeFsync("/test"), Map.of(), trace);

        TaskStats fio = task(r, "fio");
        TaskStats jbd2 = task(r, "jbd2/sda1-8");
        long fsyncs = r.jobs().get(0).sync().count();
        assertThat(r.jobs().get(0).pid()).isEqualTo(fio.pid());
        assertThat(fio.cgroup()).isEqualTo("/test");
        assertThat(fio.writeBios()).isEqualTo(fsyncs);
        assertThat(fio.syncBios()).isEqualTo(fsyncs);
        assertThat(jbd2.cgroup()).isEqualTo("/");
        // per commit: 4 log blocks merged into one request, and the commit block
        assertThat(jbd2.writeBios()).isEqualTo(5 * fsyncs);
        // jbd2 owns the log and commit requests plus the flush steps around each commit block
        assertThat(jbd2.writeRequests()).isEqualTo(4 * fsyncs);
        // disk stats count no flush steps; the flusher wrote the committed metadata home at the end
        TaskStats flusher = task(r, "flush-8:0");
        assertThat(flusher.writeRequests()).isPositive();
        assertThat(r.disk().writeIos()).isEqualTo(fio.writeRequests() + 2 * fsyncs + flusher.writeRequests());
        long sectors = r.tasks().stream().mapToLong(TaskStats::writeSectors).sum();
        assertThat(r.disk().writeSectors()).isEqualTo(sectors);
        assertThat(trace.toString()).contains("[jbd2/sda1-8]").contains("  101  Q FWFS ");
    }

    @Test
    void theRunEndsOnceEverythingDirtyIsWrittenBack() {
        ScriptedWorkload writer = new ScriptedWorkload(1, ctx -> {
            Task task = ctx.createTask(TaskSpec.of("dd"));
            FileHandle file = ctx.open(task, "/data/dd", 8 << 20);
            ctx.jobStarted(0, task);
            ctx.submit(new FileIo().prepare(FileIo.Kind.WRITE, task, file, 0, 8 << 20, false, io -> {
                ctx.recordIo(0, FileIo.Kind.WRITE, io.length(), -1, 0);
                ctx.jobFinished(0);
                ctx.finish();
            }));
        });
        SimulationResult r = run(writer, Map.of(), null);

        // the write returns after its CPU time: the switch in, entry and exit, 2048 page-cache lookups, 8 MiB copied
        assertThat(r.jobs().get(0).endNanos()).isEqualTo(1_200 + 100 + 2048 * 100 + 8192 * 200);
        assertThat(r.disk().writeSectors()).isGreaterThanOrEqualTo(8 << 11);
        assertThat(task(r, "flush-8:0").writeBytes()).isEqualTo(8 << 20);
        assertThat(r.durationNanos()).isLessThan(1_000_000_000L);
    }

    @Test
    void aBufferedRunIsDeterministic() {
        StringBuilder first = new StringBuilder();
        StringBuilder second = new StringBuilder();
        SimulationResult a = run(writeFsync("/"), Map.of("vm.memory_mb", "64"), first);
        SimulationResult b = run(writeFsync("/"), Map.of("vm.memory_mb", "64"), second);

        assertThat(second.toString()).isEqualTo(first.toString());
        assertThat(b).isEqualTo(a);
    }
}
