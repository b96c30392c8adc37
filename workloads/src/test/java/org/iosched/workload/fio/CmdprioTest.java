package org.iosched.workload.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.iosched.api.InvalidInputException;
import org.iosched.api.IoPriority;
import org.iosched.workload.testing.FakeWorkloadContext;
import org.junit.jupiter.api.Test;

/** fio's cmdprio options (fio 3.33 engines/cmdprio.c) on the 6.6 era, and their refusal on 3.0. */
class CmdprioTest {
    private static final int RT0 = 1 << 13;
    private static final String JOB = "[j]\nfilename=/dev/sda\nrw=randread\nbs=4k\ndirect=1\nioengine=libaio\n"
            + "iodepth=4\nnumber_ios=5000\n";

    private static FakeWorkloadContext run(String text) {
        FakeWorkloadContext ctx = new FakeWorkloadContext().kernel("6.6");
        Fio.workload(text).start(ctx);
        return ctx.run();
    }

    private static long count(java.util.List<Integer> prios, int prio) {
        return prios.stream().filter(p -> p == prio).count();
    }

    @Test
    void aPercentageOfIosGetsTheRealTimeClassByDefault() {
        FakeWorkloadContext ctx = run(JOB + "cmdprio_percentage=20\n");

        assertThat(ctx.submittedPriorities).hasSize(5000);
        assertThat(count(ctx.submittedPriorities, RT0) / 5000.0).isBetween(0.18, 0.22);
        assertThat(ctx.submittedPriorities).containsOnly(RT0, IoPriority.NONE);
        // the others are accounted under the job's own priority: none set, 0/0
        assertThat(ctx.recordedPriorities).containsOnly(RT0, 0).hasSize(5000);
    }

    @Test
    void classAndLevelAreTakenFromCmdprioClassAndCmdprio() {
        FakeWorkloadContext ctx = run(JOB + "cmdprio_percentage=50\ncmdprio_class=3\ncmdprio=5\n");

        assertThat(ctx.submittedPriorities).containsOnly(3 << 13 | 5, IoPriority.NONE);
    }

    @Test
    void theSelectionIsTheSameForTheSameSeedAndDiffersForAnother() {
        FakeWorkloadContext a = run(JOB + "cmdprio_percentage=20\n");
        FakeWorkloadContext b = run(JOB + "cmdprio_percentage=20\n");
        FakeWorkloadContext c = run(JOB + "cmdprio_percentage=20\nrandseed=7\nrandrepeat=0\n");

        assertThat(a.submittedPriorities).isEqualTo(b.submittedPriorities);
        assertThat(c.submittedPriorities).isNotEqualTo(a.submittedPriorities);
    }

    @Test
    void perDirectionValuesApplyToReadsAndWritesApart() {
        FakeWorkloadContext ctx = run("[j]\nfilename=/dev/sda\nrw=randrw\nbs=4k\ndirect=1\nioengine=io_uring\n"
                + "iodepth=4\nnumber_ios=4000\ncmdprio_percentage=0,100\n");

        assertThat(ctx.submissions).hasSize(ctx.submittedPriorities.size());
        for (int i = 0; i < ctx.submissions.size(); i++) {
            int expected = ctx.submissions.get(i).kind() == org.iosched.api.FileIo.Kind.WRITE ? RT0 : IoPriority.NONE;
            assertThat(ctx.submittedPriorities.get(i)).isEqualTo(expected);
        }
    }

    @Test
    void bssplitSelectsByBlockSizeWithEachEntrysOwnPriority() {
        FakeWorkloadContext ctx = run("[j]\nfilename=/dev/sda\nrw=randread\nbssplit=4k/50:64k/50\ndirect=1\n"
                + "ioengine=libaio\niodepth=4\nnumber_ios=4000\ncmdprio_bssplit=4k/100/1/2:64k/0\n");

        for (int i = 0; i < ctx.submissions.size(); i++) {
            int expected = ctx.submissions.get(i).length() == 4096 ? (1 << 13 | 2) : IoPriority.NONE;
            assertThat(ctx.submittedPriorities.get(i)).isEqualTo(expected);
        }
    }

    @Test
    void entriesOfOneBlockSizeShareOneDrawByTheirRunningSum() {
        FakeWorkloadContext ctx = run(JOB + "cmdprio_bssplit=4k/25/1/1:4k/75/3/2\n");

        long rt = count(ctx.submittedPriorities, 1 << 13 | 1);
        long idle = count(ctx.submittedPriorities, 3 << 13 | 2);
        assertThat(rt + idle).isEqualTo(5000);
        assertThat(rt / 5000.0).isBetween(0.22, 0.28);
    }

    @Test
    void entriesOfOneBlockSizeMayNotExceedAHundredPercent() {
        assertThatThrownBy(() -> Fio.workload(JOB + "cmdprio_bssplit=4k/60/1/1:4k/60/3/2\n"))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("exceeds 100");
    }

    @Test
    void bssplitEntriesWithoutAPriorityUseCmdprioClassAndCmdprio() {
        FakeWorkloadContext ctx = run(JOB + "cmdprio_bssplit=4k/100\ncmdprio_class=2\ncmdprio=7\n");

        assertThat(ctx.submittedPriorities).containsOnly(2 << 13 | 7);
    }

    @Test
    void theJobsOwnPriorityLabelsTheIosNotSelected() {
        FakeWorkloadContext ctx = run(JOB + "cmdprio_percentage=20\nprioclass=2\nprio=6\n");

        assertThat(ctx.recordedPriorities).containsOnly(RT0, 2 << 13 | 6);
    }

    @Test
    void percentageAndBssplitAreMutuallyExclusive() {
        FioWorkload w = Fio.workload(JOB + "cmdprio_percentage=20\ncmdprio_bssplit=4k/10\n");

        assertThatThrownBy(() -> w.start(new FakeWorkloadContext().kernel("6.6")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("mutually exclusive");
    }

    @Test
    void theOptionsAreRefusedOnTheThreeZeroEraNamingTheLine() {
        FioWorkload w = Fio.workload(JOB + "cmdprio_percentage=20\n");

        assertThatThrownBy(() -> w.start(new FakeWorkloadContext()))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("job.fio")
                .hasMessageContaining(":9")
                .hasMessageContaining("kernel.version=6.6");
    }

    @Test
    void theOptionsExistOnlyForLibaioAndIoUring() {
        assertThatThrownBy(() -> Fio.workload("[j]\nfilename=/dev/sda\nrw=read\nioengine=psync\n"
                + "cmdprio_percentage=20\n")).isInstanceOf(InvalidInputException.class);
    }

    @Test
    void outOfRangeValuesAreRefused() {
        assertThatThrownBy(() -> Fio.workload(JOB + "cmdprio_percentage=101\n"))
                .isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> Fio.workload(JOB + "cmdprio_class=0\n"))
                .isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> Fio.workload(JOB + "cmdprio_bssplit=4k/10/1\n"))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("blocksize/percentage");
    }
}
