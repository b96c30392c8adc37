package org.iosched.workload.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.BitSet;
import java.util.List;
import java.util.Map;
import org.iosched.api.FileIo;
import org.iosched.api.InvalidInputException;
import org.iosched.api.TaskSpec;
import org.iosched.workload.testing.FakeWorkloadContext;
import org.junit.jupiter.api.Test;

/** What the fio workload tells the CPU model: user time per I/O, async calls, spins, affinity and faults. */
class CpuModelHooksTest {
    private static final long MS = 1_000_000L;
    /** fio.io_user_ns + 3 clock reads of fio.gettime_ns (sync engines). */
    private static final long SYNC_USER_NANOS = 1500 + 3 * 62;
    /** fio.io_user_ns + 4 clock reads (async engines: the read after io_submit ends slat). */
    private static final long ASYNC_USER_NANOS = 1500 + 4 * 62;

    private static FakeWorkloadContext run(String text, FakeWorkloadContext ctx) {
        return Fio.run(text, ctx);
    }

    private static BitSet cpus(int... numbers) {
        BitSet b = new BitSet();
        for (int n : numbers) {
            b.set(n);
        }
        return b;
    }

    // ---- user time per I/O ---------------------------------------------------------------------------------

    @Test
    void everyIoCarriesFiosOwnUserTimeWithItsClockReads() {
        FakeWorkloadContext sync = Fio.run("[job]\nrw=randread\nsize=64k\nfilename=/dev/sdb\n");
        assertThat(sync.submissions).hasSize(16).allSatisfy(s -> assertThat(s.userNanos()).isEqualTo(SYNC_USER_NANOS));
        FakeWorkloadContext async = Fio.run("[job]\nrw=randread\nsize=64k\nioengine=libaio\niodepth=4\n"
                + "filename=/dev/sdb\n");
        assertThat(async.submissions).hasSize(16)
                .allSatisfy(s -> assertThat(s.userNanos()).isEqualTo(ASYNC_USER_NANOS));
    }

    @Test
    void gtodReduceLeavesAlmostNoClockReads() {
        // 0.4% of 3 x 62 ns rounds to 0: only fio's own work remains
        FakeWorkloadContext ctx = Fio.run("[job]\nrw=randread\nsize=64k\ngtod_reduce=1\nfilename=/dev/sdb\n");
        assertThat(ctx.submissions).allSatisfy(s -> assertThat(s.userNanos()).isEqualTo(1500));
        // fio's gtod_reduce() test: clat, slat and bw all disabled count as gtod_reduce
        FakeWorkloadContext all = Fio.run("[job]\nrw=randread\nsize=64k\ndisable_clat=1\ndisable_slat=1\n"
                + "disable_bw=1\nfilename=/dev/sdb\n");
        assertThat(all.submissions).allSatisfy(s -> assertThat(s.userNanos()).isEqualTo(1500));
        // one of them alone does not lower it
        FakeWorkloadContext one = Fio.run("[job]\nrw=randread\nsize=64k\ndisable_clat=1\nfilename=/dev/sdb\n");
        assertThat(one.submissions).allSatisfy(s -> assertThat(s.userNanos()).isEqualTo(SYNC_USER_NANOS));
    }

    @Test
    void theCostsAreWorkloadTunables() {
        FioWorkload w = Fio.workload("[job]\nrw=read\nsize=16k\nfilename=/dev/sdb\n",
                Map.of("io_user_ns", "2000", "gettime_ns", "100"));
        FakeWorkloadContext ctx = new FakeWorkloadContext();
        w.start(ctx);
        ctx.run();
        assertThat(ctx.submissions).allSatisfy(s -> assertThat(s.userNanos()).isEqualTo(2000 + 3 * 100));
    }

    @Test
    void fsyncsCarryTheUserTimeAndAreBlockingCallsForEveryEngine() {
        FakeWorkloadContext ctx = Fio.run("[job]\nrw=write\nsize=36k\nfsync=4\nioengine=libaio\niodepth=4\n");
        List<FakeWorkloadContext.Submission> syncs = ctx.submissionsOf(FileIo.Kind.FSYNC);
        assertThat(syncs).hasSize(2).allSatisfy(s -> {
            assertThat(s.async()).isFalse();
            assertThat(s.userNanos()).isEqualTo(ASYNC_USER_NANOS);
        });
    }

    // ---- engines ---------------------------------------------------------------------------------------------

    @Test
    void asyncEnginesMarkTheirCallsAsyncAndSyncEnginesDoNot() {
        for (String engine : List.of("libaio", "io_uring", "posixaio")) {
            FakeWorkloadContext ctx = Fio.run("[job]\nrw=randread\nsize=32k\nioengine=" + engine + "\niodepth=4\n"
                    + "filename=/dev/sdb\n");
            assertThat(ctx.submissions).as(engine).hasSize(8).allSatisfy(s -> assertThat(s.async()).isTrue());
        }
        for (String engine : List.of("sync", "psync", "vsync", "pvsync", "pvsync2")) {
            FakeWorkloadContext ctx = Fio.run("[job]\nrw=randread\nsize=32k\nioengine=" + engine + "\niodepth=4\n"
                    + "filename=/dev/sdb\n");
            assertThat(ctx.submissions).as(engine).hasSize(8).allSatisfy(s -> assertThat(s.async()).isFalse());
        }
    }

    @Test
    void iodepthBatchSubmitIsOneSubmitCallPerBatch() {
        FakeWorkloadContext ctx = Fio.run("[job]\nrw=randread\nsize=64k\nioengine=libaio\niodepth=8\n"
                + "iodepth_batch_submit=4\niodepth_batch_complete_min=4\nfilename=/dev/sdb\n");
        // 16 I/Os, reaped 4 at a time and refilled in batches of 4: four io_submit calls
        assertThat(ctx.submissions).hasSize(16);
        assertThat(ctx.submitCalls).isEqualTo(4);
    }

    @Test
    void pollingWithIodepthBatchCompleteMinZeroWaitsForOneCompletionPerUnitAsFioDoes() {
        // fio 3.33, libaio iodepth=8 iodepth_batch_complete_min=0 on a file: "IO depths: 1=100.0%"
        FakeWorkloadContext ctx = Fio.run("[job]\nrw=randread\nsize=64k\nioengine=libaio\niodepth=8\n"
                + "iodepth_batch_complete_min=0\nfilename=/dev/sdb\n");
        assertThat(ctx.maxInFlightByPid.values()).containsExactly(1);
        assertThat(ctx.finishTime()).isEqualTo(16 * 100_000);
        // with a maximum it is not polling: the queue fills, and each reap takes at least one, up to the maximum
        FakeWorkloadContext max = Fio.run("[job]\nrw=randread\nsize=64k\nioengine=libaio\niodepth=8\n"
                + "iodepth_batch_complete_min=0\niodepth_batch_complete_max=8\nfilename=/dev/sdb\n");
        assertThat(max.maxInFlightByPid.values()).containsExactly(8);
    }

    // ---- thinktime_spin --------------------------------------------------------------------------------------

    @Test
    void thinktimeSpinSpinsOnTheCpuThenSleepsTheRestOfThinktime() {
        FakeWorkloadContext ctx = Fio.run("[job]\nrw=read\nsize=16k\nthinktime=1ms\nthinktime_spin=300us\n"
                + "filename=/dev/sdb\n", new FakeWorkloadContext());
        // after each of the 4 reads (100 us each): a 300 us spin, then 700 us of sleep
        assertThat(ctx.spins).hasSize(4).allSatisfy(s -> assertThat(s.nanos()).isEqualTo(300_000));
        assertThat(ctx.spins.get(0).time()).isEqualTo(100_000);
        assertThat(ctx.spins.get(0).pid()).isEqualTo(ctx.tasks.get(0).pid());
        List<FakeWorkloadContext.Submission> s = ctx.submissions;
        assertThat(s.get(1).time() - s.get(0).time()).isEqualTo(100_000 + MS);
        assertThat(ctx.finishTime()).isEqualTo(4 * (100_000 + MS));
    }

    @Test
    void thinktimeSpinIsCappedAtThinktimeAndFollowsThinktimeBlocks() {
        FakeWorkloadContext ctx = run("[job]\nrw=read\nsize=32k\nthinktime=1ms\nthinktime_spin=5ms\n"
                + "thinktime_blocks=4\nfilename=/dev/sdb\n", new FakeWorkloadContext());
        // fio's fixup: thinktime_spin at most thinktime; every 4 I/Os a 1 ms spin and no sleep
        assertThat(ctx.spins).hasSize(2).allSatisfy(sp -> assertThat(sp.nanos()).isEqualTo(MS));
        assertThat(ctx.finishTime()).isEqualTo(8 * 100_000 + 2 * MS);
        assertThat(Fio.run("[job]\nrw=read\nsize=16k\nthinktime=1ms\nfilename=/dev/sdb\n").spins).isEmpty();
    }

    @Test
    void aRuntimeThatEndsDuringTheSpinSkipsTheSleep() {
        FakeWorkloadContext ctx = run("[job]\nrw=read\ntime_based\nruntime=1\nthinktime=2s\nthinktime_spin=1500ms\n"
                + "filename=/dev/sdb\n", new FakeWorkloadContext());
        assertThat(ctx.spins).hasSize(1);
        // the spin runs to its end (fio's usec_spin is not interrupted), then the job ends without sleeping
        assertThat(ctx.jobEnds.get(0)).isEqualTo(100_000 + 1_500 * MS);
    }

    @Test
    void thinktimeSpinWithAnAsyncEngineDrainsTheQueueFirst() {
        FakeWorkloadContext ctx = run("[job]\nrw=read\nsize=64k\nioengine=libaio\niodepth=8\nthinktime=1ms\n"
                + "thinktime_spin=1ms\nthinktime_blocks=8\nfilename=/dev/sdb\n", new FakeWorkloadContext());
        // the spin starts once nothing is in flight, and nothing is issued during the spin and the sleep after it
        assertThat(ctx.spins).isNotEmpty();
        long spinAt = ctx.spins.get(0).time();
        assertThat(ctx.submissions).noneMatch(sub -> sub.time() > spinAt - 100_000 && sub.time() < spinAt + MS);
        assertThat(ctx.submissions).anyMatch(sub -> sub.time() == spinAt + MS);
    }

    // ---- CPU affinity ----------------------------------------------------------------------------------------

    @Test
    void cpusAllowedAndCpumaskGiveTheTaskItsCpuSet() {
        FakeWorkloadContext ctx = run("[a]\nsize=16k\ncpus_allowed=0,2-3\nfilename=/dev/sdb\n"
                + "[b]\nsize=16k\ncpumask=0x12\nfilename=/dev/sdb\n"
                + "[c]\nsize=16k\nfilename=/dev/sdb\n", new FakeWorkloadContext().cpus(8));
        List<TaskSpec> specs = ctx.taskSpecs;
        assertThat(specs.get(0).cpusAllowed()).isEqualTo(cpus(0, 2, 3));
        assertThat(specs.get(1).cpusAllowed()).isEqualTo(cpus(1, 4));
        assertThat(specs.get(2).cpusAllowed()).isNull();
    }

    @Test
    void splitGivesEachJobOneCpuOfTheSetRoundRobin() {
        FakeWorkloadContext ctx = run("[g]\nsize=16k\ncpus_allowed=1-3\ncpus_allowed_policy=split\nnumjobs=5\n"
                + "filename=/dev/sdb\n", new FakeWorkloadContext().cpus(4));
        assertThat(ctx.taskSpecs).extracting(TaskSpec::cpusAllowed)
                .containsExactly(cpus(1), cpus(2), cpus(3), cpus(1), cpus(2));
        FakeWorkloadContext shared = run("[g]\nsize=16k\ncpus_allowed=1-3\nnumjobs=2\nfilename=/dev/sdb\n",
                new FakeWorkloadContext().cpus(4));
        assertThat(shared.taskSpecs).extracting(TaskSpec::cpusAllowed).containsExactly(cpus(1, 2, 3), cpus(1, 2, 3));
    }

    @Test
    void aCpuTheRunDoesNotHaveIsAnErrorNamingTheOptionAndTheRange() {
        FioWorkload w = Fio.workload("[job]\nsize=16k\ncpus_allowed=0-2\nfilename=/dev/sdb\n");
        assertThatThrownBy(() -> w.start(new FakeWorkloadContext().cpus(2)))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("job.fio:3: fio: cpus_allowed=0-2: CPU 2 is not online; accepted: CPUs 0-1 (the run has 2 "
                        + "CPUs, cpu.count)");
        FioWorkload m = Fio.workload("[job]\nsize=16k\ncpumask=2\nfilename=/dev/sdb\n");
        assertThatThrownBy(() -> m.start(new FakeWorkloadContext()))
                .hasMessage("job.fio:3: fio: cpumask=2: CPU 1 is not online; accepted: CPU 0 (the run has 1 CPU, "
                        + "cpu.count)");
    }

    @Test
    void badCpuListsAndMasksAreRejectedWithWhatIsAccepted() {
        assertThatThrownBy(() -> Fio.workload("[job]\nsize=16k\ncpus_allowed=3-1\n"))
                .hasMessage("job.fio:3: fio: failed parsing cpus_allowed=3-1: the range 3-1 ends below its start; "
                        + "accepted: CPU numbers and ranges such as 0,5,8-15");
        assertThatThrownBy(() -> Fio.workload("[job]\nsize=16k\ncpus_allowed=" + "x".repeat(200) + "\n"))
                .hasMessageStartingWith("job.fio:3: fio: failed parsing cpus_allowed=" + "x".repeat(67)
                        + "...(213 characters): not a CPU list");
        assertThatThrownBy(() -> Fio.workload("[job]\nsize=16k\ncpumask=0\n"))
                .hasMessageContaining("cpumask=0: accepted: a mask of 1 to 32 bits");
        assertThatThrownBy(() -> Fio.workload("[job]\nsize=16k\ncpus_allowed_policy=spread\n"))
                .hasMessage("job.fio:3: fio: failed parsing cpus_allowed_policy=spread: valid values: shared, split");
    }

    @Test
    void numjobsBeyondTheCpusAreJustMoreTasks() {
        FakeWorkloadContext ctx = run("[job]\nrw=randread\nsize=64k\nnumjobs=5\nfilename=/dev/sdb\n",
                new FakeWorkloadContext().cpus(2));
        assertThat(ctx.tasks).hasSize(5);
        assertThat(ctx.taskSpecs).allSatisfy(s -> assertThat(s.cpusAllowed()).isNull());
        for (int job = 0; job < 5; job++) {
            assertThat(ctx.recordedFor(job)).hasSize(16);
        }
        assertThat(ctx.finished()).isTrue();
    }

    // ---- $ncpus ----------------------------------------------------------------------------------------------

    @Test
    void dollarNcpusMustEqualTheRunsCpuCount() {
        FioWorkload passed = Fio.workload("[job]\nsize=16k\nnumjobs=$ncpus\nfilename=/dev/sdb\n", Map.of("ncpus", "2"));
        FakeWorkloadContext ctx = new FakeWorkloadContext().cpus(2);
        passed.start(ctx);
        assertThat(ctx.run().tasks).hasSize(2);
        FioWorkload wrong = Fio.workload("[job]\nsize=16k\nnumjobs=$ncpus\nfilename=/dev/sdb\n", Map.of("ncpus", "4"));
        assertThatThrownBy(() -> wrong.start(new FakeWorkloadContext().cpus(2)))
                .hasMessage("job.fio: $ncpus was 4 (fio.ncpus) but the run has 2 CPUs (cpu.count); accepted: "
                        + "fio.ncpus=2 or 0 with the runner passing cpu.count");
        // a job file without $ncpus runs whatever fio.ncpus says
        FioWorkload unused = Fio.workload("[job]\nsize=16k\nfilename=/dev/sdb\n", Map.of("ncpus", "4"));
        FakeWorkloadContext two = new FakeWorkloadContext().cpus(2);
        unused.start(two);
        assertThat(two.run().finished()).isTrue();
    }

    // ---- minf ------------------------------------------------------------------------------------------------

    @Test
    void theFirstTouchesOfTheIoBuffersAreReportedAsMinorFaults() {
        // iodepth x max bs = 8 x 64 KiB = 128 pages
        FakeWorkloadContext ctx = Fio.run("[job]\nrw=randread\nbs=4k,64k\nsize=64k\nioengine=libaio\niodepth=8\n"
                + "filename=/dev/sdb\n");
        assertThat(ctx.faults).containsExactly(new FakeWorkloadContext.Faults(0, 0, 128, 0));
        // direct=1 adds a page of alignment slack, iomem_align its own
        assertThat(Fio.run("[job]\nrw=read\nsize=16k\ndirect=1\nfilename=/dev/sdb\n").faults.get(0).minor())
                .isEqualTo(2);
        assertThat(Fio.run("[job]\nrw=read\nsize=16k\niomem_align=8k\nfilename=/dev/sdb\n").faults.get(0).minor())
                .isEqualTo(4);
        // huge pages: the buffer is rounded up to one 2 MiB page, one fault
        assertThat(Fio.run("[job]\nrw=read\nsize=16k\nmem=mmaphuge:/huge/f\nfilename=/dev/sdb\n").faults.get(0)
                .minor()).isEqualTo(1);
        // every clone has its own buffers
        assertThat(Fio.run("[job]\nrw=read\nsize=16k\nnumjobs=3\nfilename=/dev/sdb\n").faults)
                .extracting(FakeWorkloadContext.Faults::job).containsExactly(0, 1, 2);
    }

    @Test
    void aRampTimeResetsTheFaultCountAsFiosRusageReset() {
        assertThat(Fio.run("[job]\nrw=read\ntime_based\nruntime=1\nramp_time=100ms\nfilename=/dev/sdb\n").faults)
                .isEmpty();
        assertThatThrownBy(() -> Fio.workload("[job]\nsize=16k\nmem=cudamalloc\n"))
                .hasMessage("job.fio:3: fio: failed parsing mem=cudamalloc: valid values: malloc, shm, shmhuge, mmap, "
                        + "mmaphuge, mmapshared");
    }

    // ---- latency measurement ---------------------------------------------------------------------------------

    @Test
    void syncEnginesRecordNoSlatAsyncEnginesDo() {
        FakeWorkloadContext sync = Fio.run("[job]\nrw=randread\nsize=16k\nfilename=/dev/sdb\n");
        assertThat(sync.recorded).hasSize(4).allSatisfy(r -> {
            assertThat(r.slat()).isEqualTo(-1);
            assertThat(r.clat()).isEqualTo(100_000);
        });
        FakeWorkloadContext async = Fio.run("[job]\nrw=randread\nsize=16k\nioengine=libaio\niodepth=2\n"
                + "filename=/dev/sdb\n");
        assertThat(async.recorded).hasSize(4).allSatisfy(r -> assertThat(r.slat()).isGreaterThanOrEqualTo(0));
    }

    @Test
    void gtodReduceRecordsNoSlatAndWritesNoLatencyBandwidthOrIopsSamples() {
        FakeWorkloadContext ctx = Fio.run("[job]\nrw=randread\nsize=16k\nioengine=libaio\niodepth=2\ngtod_reduce=1\n"
                + "write_lat_log=t\nwrite_bw_log=t\nwrite_iops_log=t\nfilename=/dev/sdb\n");
        assertThat(ctx.recorded).hasSize(4).allSatisfy(r -> assertThat(r.slat()).isEqualTo(-1));
        // the files exist, empty, as fio leaves them
        assertThat(ctx.logs).containsOnlyKeys("t_lat.1.log", "t_slat.1.log", "t_clat.1.log", "t_bw.1.log",
                "t_iops.1.log");
        assertThat(ctx.logs.values()).allSatisfy(log -> assertThat(log).isEmpty());
    }

    @Test
    void eachDisabledMeasurementDropsOnlyItsOwnLog() {
        FakeWorkloadContext ctx = Fio.run("[job]\nrw=randread\nsize=16k\nioengine=libaio\niodepth=2\ndisable_slat=1\n"
                + "disable_bw=1\nwrite_lat_log=t\nwrite_bw_log=t\nwrite_iops_log=t\nfilename=/dev/sdb\n");
        assertThat(ctx.logs.get("t_slat.1.log")).isEmpty();
        assertThat(ctx.logs.get("t_bw.1.log")).isEmpty();
        assertThat(ctx.logs.get("t_lat.1.log").toString().lines()).hasSize(4);
        assertThat(ctx.logs.get("t_clat.1.log").toString().lines()).hasSize(4);
        assertThat(ctx.logs.get("t_iops.1.log").toString().lines()).hasSize(4);
        // lat is still measured: slat goes to the statistics for lat = slat + clat (the report hides slat)
        assertThat(ctx.recorded).allSatisfy(r -> assertThat(r.slat()).isGreaterThanOrEqualTo(0));
        // an explicit disable_clat=0 keeps clat under gtod_reduce
        FakeWorkloadContext kept = Fio.run("[job]\nrw=randread\nsize=16k\ngtod_reduce=1\ndisable_clat=0\n"
                + "write_lat_log=t\nfilename=/dev/sdb\n");
        assertThat(kept.logs.get("t_clat.1.log").toString().lines()).hasSize(4);
        assertThat(kept.logs.get("t_lat.1.log")).isEmpty();
    }
}
