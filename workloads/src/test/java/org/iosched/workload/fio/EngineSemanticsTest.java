package org.iosched.workload.fio;

import static org.assertj.core.api.Assertions.assertThat;

import org.iosched.api.FileIo;
import org.iosched.workload.testing.FakeWorkloadContext;
import org.junit.jupiter.api.Test;

class EngineSemanticsTest {
    @Test
    void syncEngineIssuesOneBlockingIoAtATimeAndReportsNoSlat() {
        FakeWorkloadContext ctx = Fio.run("""
                [job]
                rw=randread
                bs=4k
                size=1m
                ioengine=psync
                iodepth=16
                filename=/dev/sdb
                """);
        assertThat(ctx.finished()).isTrue();
        assertThat(ctx.recorded).hasSize(256);
        assertThat(ctx.maxInFlightByPid.values()).containsExactly(1);
        assertThat(ctx.recorded).allSatisfy(r -> {
            assertThat(r.slat()).isEqualTo(-1);
            assertThat(r.clat()).isEqualTo(100_000);
        });
        assertThat(ctx.finishTime()).isEqualTo(256 * 100_000L);
    }

    @Test
    void libaioKeepsIodepthIosInFlight() {
        FakeWorkloadContext ctx = Fio.run("""
                [job]
                rw=read
                bs=4k
                size=1m
                ioengine=libaio
                iodepth=8
                direct=1
                filename=/dev/sdb
                """);
        assertThat(ctx.maxInFlightByPid.values()).containsExactly(8);
        assertThat(ctx.recorded).hasSize(256);
        assertThat(ctx.recorded).allSatisfy(r -> {
            assertThat(r.slat()).isZero();
            assertThat(r.clat()).isEqualTo(100_000);
        });
        assertThat(ctx.submissionsOf(FileIo.Kind.READ)).allSatisfy(s -> assertThat(s.direct()).isTrue());
        assertThat(ctx.finishTime()).isEqualTo(256 / 8 * 100_000L);
    }

    @Test
    void timeBasedJobRunsForItsRuntime() {
        FakeWorkloadContext ctx = Fio.run("""
                [job]
                rw=read
                bs=4k
                size=64k
                time_based
                runtime=1
                filename=/dev/sdb
                """);
        assertThat(ctx.jobStarts).containsEntry(0, 0L);
        assertThat(ctx.jobEnds.get(0)).isEqualTo(1_000_000_000L);
        assertThat(ctx.recorded).hasSize(10_000);
    }

    @Test
    void iodepthBatchSubmitHandsUnitsToTheKernelInGroups() {
        FakeWorkloadContext ctx = Fio.run("""
                [job]
                rw=read
                size=64k
                ioengine=libaio
                iodepth=8
                iodepth_batch_submit=4
                direct=1
                filename=/dev/sdb
                """);
        assertThat(ctx.recorded).hasSize(16);
        // the first two calls submit 4 units each; afterwards one unit is reaped and refilled at a time
        assertThat(ctx.submissions.get(3).time()).isZero();
        assertThat(ctx.submissions.get(7).time()).isZero();
        assertThat(ctx.submitCalls).isLessThan(16);
    }

    @Test
    void iodepthBatchCompleteMinWaitsForSeveralCompletionsAndCountsTheWaitInClat() {
        FakeWorkloadContext ctx = new FakeWorkloadContext();
        int[] n = {0};
        ctx.latency(io -> 100_000 + 10_000L * (n[0]++ % 4));
        Fio.run("""
                [job]
                rw=read
                size=32k
                ioengine=libaio
                iodepth=4
                iodepth_batch_complete_min=4
                direct=1
                filename=/dev/sdb
                """, ctx);
        assertThat(ctx.recorded).hasSize(8);
        // all four of a batch are reaped when the slowest completes: clat is measured at the reap
        assertThat(ctx.recorded.subList(0, 4)).allSatisfy(r -> assertThat(r.clat()).isEqualTo(130_000));
    }

    @Test
    void iodepthLowLetsTheQueueDrainBeforeRefilling() {
        FakeWorkloadContext ctx = new FakeWorkloadContext();
        int[] n = {0};
        ctx.latency(io -> 100_000 + 1_000L * n[0]++);
        Fio.run("""
                [job]
                rw=read
                size=64k
                ioengine=libaio
                iodepth=8
                iodepth_low=2
                direct=1
                filename=/dev/sdb
                """, ctx);
        // the second wave of submissions starts only when 6 of the first 8 have completed
        assertThat(ctx.submissions.get(8).time()).isEqualTo(100_000 + 5_000);
        assertThat(ctx.submissions.get(13).time()).isEqualTo(100_000 + 5_000);
    }

    @Test
    void nullEngineCompletesEveryIoAtOnceWithoutTheDevice() {
        FakeWorkloadContext ctx = Fio.run("[job]\nrw=randwrite\nsize=1m\nioengine=null\nfilename=/dev/sdb\n");
        assertThat(ctx.submissions).isEmpty();
        assertThat(ctx.recorded).hasSize(256).allSatisfy(r -> assertThat(r.clat()).isZero());
        assertThat(ctx.finishTime()).isZero();
    }

    @Test
    void nullEngineWithTimeBasedNeedsSomethingThatTakesTime() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() ->
                Fio.workload("[job]\nsize=1m\nioengine=null\ntime_based\nruntime=1\n"))
                .hasMessageContaining("null I/O takes no virtual time");
        FakeWorkloadContext ctx = Fio.run("[job]\nsize=1m\nioengine=null\ntime_based\nruntime=1\nrate_iops=100\n"
                + "filename=/dev/sdb\n");
        assertThat(ctx.recorded).hasSize(100);
    }

    @Test
    void posixaioAndIoUringAreAsynchronousEngines() {
        for (String engine : new String[] {"posixaio", "io_uring"}) {
            FakeWorkloadContext ctx = Fio.run("[job]\nrw=read\nsize=64k\ndirect=1\niodepth=4\nioengine=" + engine
                    + "\nfilename=/dev/sdb\n");
            assertThat(ctx.maxInFlightByPid.values()).containsExactly(4);
        }
        assertThat(Fio.workload("[job]\nsize=1m\nioengine=io_uring\n").notices())
                .anyMatch(n -> n.startsWith("ioengine=io_uring: modelled as an asynchronous engine"));
    }

    @Test
    void sizeIsDividedAmongFilesServedRoundRobin() {
        FakeWorkloadContext ctx = Fio.run("[job]\nrw=write\nsize=32k\nnrfiles=2\n");
        assertThat(ctx.openedFiles).containsOnlyKeys("job.0.0", "job.0.1").containsValues(16384L);
        assertThat(ctx.submissions).extracting(FakeWorkloadContext.Submission::path)
                .containsExactly("job.0.0", "job.0.1", "job.0.0", "job.0.1", "job.0.0", "job.0.1", "job.0.0", "job.0.1");
    }

    @Test
    void aFileWithoutASizeIsAnErrorAtStart() {
        FioWorkload w = Fio.workload("[job]\nrw=read\n");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> w.start(new FakeWorkloadContext()))
                .isInstanceOf(org.iosched.api.InvalidInputException.class)
                .hasMessage("job.fio:1: job: you need to specify size=");
    }

    @Test
    void aRawDeviceDefaultsToItsWholeCapacityAndRejectsRegionsBeyondIt() {
        FakeWorkloadContext small = new FakeWorkloadContext(2048, 1);
        FakeWorkloadContext ctx = Fio.run("[job]\nrw=read\nbs=64k\nfilename=/dev/sdb\n", small);
        assertThat(ctx.recorded).hasSize(16);
        FioWorkload tooFar = Fio.workload("[job]\nrw=read\nfilename=/dev/sdb\noffset=1m\nsize=1m\n");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> tooFar.start(new FakeWorkloadContext(2048, 1)))
                .hasMessageContaining("is beyond the end of /dev/sdb");
    }

    @Test
    void anIoErrorStopsTheJobAsFioDoesAndIsReported() {
        FakeWorkloadContext ctx = new FakeWorkloadContext().failWhen(io -> io.offset() == 8192, "EINVAL: bad offset");
        FioWorkload w = Fio.workload("[job]\nrw=read\nsize=64k\nioengine=libaio\niodepth=2\ndirect=1\n"
                + "filename=/dev/sdb\n");
        w.start(ctx);
        ctx.run();
        assertThat(ctx.recorded).extracting(FakeWorkloadContext.Recorded::bytes).hasSizeBetween(2, 3);
        assertThat(ctx.finished()).isTrue();
        assertThat(w.notices()).containsExactly("job (job 1): fio: io_u error on file /dev/sdb: EINVAL: bad offset: "
                + "read offset=8192, buflen=4096 (err=5, the job stopped, as fio stops it)");
    }
}
