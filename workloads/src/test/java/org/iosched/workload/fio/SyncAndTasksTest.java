package org.iosched.workload.fio;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.iosched.api.FileIo;
import org.iosched.api.IoPrioClass;
import org.iosched.api.TaskSpec;
import org.iosched.workload.testing.FakeWorkloadContext;
import org.junit.jupiter.api.Test;

class SyncAndTasksTest {
    @Test
    void fsyncFollowsEveryNWritesUntilTheJobHasIssuedItsSize() {
        FakeWorkloadContext ctx = Fio.run("[job]\nrw=write\nsize=48k\nfsync=4\n");
        // as in fio's do_io, the loop ends once size bytes are issued: no fsync after the last writes
        assertThat(ctx.submissions).extracting(FakeWorkloadContext.Submission::kind).containsExactly(
                FileIo.Kind.WRITE, FileIo.Kind.WRITE, FileIo.Kind.WRITE, FileIo.Kind.WRITE, FileIo.Kind.FSYNC,
                FileIo.Kind.WRITE, FileIo.Kind.WRITE, FileIo.Kind.WRITE, FileIo.Kind.WRITE, FileIo.Kind.FSYNC,
                FileIo.Kind.WRITE, FileIo.Kind.WRITE, FileIo.Kind.WRITE, FileIo.Kind.WRITE);
        assertThat(ctx.syncs).hasSize(2).allSatisfy(s -> assertThat(s[2]).isEqualTo(100_000));
        assertThat(ctx.recorded).hasSize(12);
    }

    @Test
    void fdatasyncWithAnAsyncEngineWaitsForTheWritesInFlight() {
        FakeWorkloadContext ctx = Fio.run("[job]\nrw=randwrite\nsize=96k\nfdatasync=8\nioengine=libaio\niodepth=8\n"
                + "direct=1\n");
        List<FakeWorkloadContext.Submission> syncs = ctx.submissionsOf(FileIo.Kind.FDATASYNC);
        assertThat(syncs).hasSize(2);
        // the first fdatasync comes after the eighth write has been submitted and all eight have completed
        assertThat(syncs.get(0).time()).isEqualTo(100_000);
    }

    @Test
    void endFsyncSyncsEveryFileOnceAtTheEnd() {
        FakeWorkloadContext ctx = Fio.run("[job]\nrw=write\nsize=32k\nnrfiles=2\nend_fsync=1\n");
        List<FakeWorkloadContext.Submission> syncs = ctx.submissionsOf(FileIo.Kind.FSYNC);
        assertThat(syncs).extracting(FakeWorkloadContext.Submission::path).containsExactly("job.0.0", "job.0.1");
        assertThat(ctx.submissions.get(ctx.submissions.size() - 1).kind()).isEqualTo(FileIo.Kind.FSYNC);
        assertThat(ctx.jobEnds.get(0)).isEqualTo(10 * 100_000L);
    }

    @Test
    void aReadJobNeverFsyncs() {
        FakeWorkloadContext ctx = Fio.run("[job]\nrw=read\nsize=32k\nfsync=1\nend_fsync=1\n");
        assertThat(ctx.submissionsOf(FileIo.Kind.FSYNC)).isEmpty();
    }

    @Test
    void syncOpensWritesSynchronously() {
        FakeWorkloadContext ctx = Fio.run("[job]\nrw=write\nsize=16k\nsync=1\n");
        assertThat(ctx.submissions).allSatisfy(s -> assertThat(s.syncWrite()).isTrue());
        FakeWorkloadContext plain = Fio.run("[job]\nrw=write\nsize=16k\n");
        assertThat(plain.submissions).allSatisfy(s -> assertThat(s.syncWrite()).isFalse());
    }

    @Test
    void eachCloneIsATaskWithTheJobsPriorityNiceAndCgroup() {
        FakeWorkloadContext ctx = Fio.run("""
                [rt]
                size=16k
                prioclass=1
                prio=2
                numjobs=2
                [idle]
                size=16k
                prioclass=3
                cgroup=slow
                cgroup_weight=100
                [nice]
                size=16k
                nice=10
                [levelonly]
                size=16k
                prio=6
                """);
        assertThat(ctx.taskSpecs).containsExactly(
                new TaskSpec("fio", IoPrioClass.RT, 2, 0, "/", 0),
                new TaskSpec("fio", IoPrioClass.RT, 2, 0, "/", 0),
                new TaskSpec("fio", IoPrioClass.IDLE, 0, 0, "/slow", 100),
                new TaskSpec("fio", null, -1, 10, "/", 0),
                new TaskSpec("fio", IoPrioClass.BE, 6, 0, "/", 0));
        assertThat(ctx.tasks.get(3).ioprioLevel()).isEqualTo(6);
        assertThat(ctx.exitedTasks).hasSize(5);
    }

    @Test
    void exitallStopsTheOtherJobsOfTheGroupWhenOneFinishes() {
        FakeWorkloadContext ctx = Fio.run("""
                [short]
                size=64k
                exitall
                filename=/dev/sdb
                [long]
                time_based
                runtime=100
                filename=/dev/sdb
                [other-group]
                new_group
                size=128k
                filename=/dev/sdb
                """);
        assertThat(ctx.jobEnds.get(0)).isEqualTo(16 * 100_000L);
        assertThat(ctx.jobEnds.get(1)).isBetween(16 * 100_000L, 17 * 100_000L);
        assertThat(ctx.recordedFor(2)).hasSize(32);
    }

    @Test
    void exitWhatAllCancelsJobsThatHaveNotStarted() {
        FakeWorkloadContext ctx = Fio.run("""
                [first]
                size=64k
                exitall
                exit_what=all
                filename=/dev/sdb
                [later]
                stonewall
                size=64k
                filename=/dev/sdb
                """);
        assertThat(ctx.recordedFor(1)).isEmpty();
        assertThat(ctx.jobStarts.get(1)).isEqualTo(ctx.jobEnds.get(1));
        assertThat(ctx.tasks).hasSize(1);
        assertThat(ctx.finished()).isTrue();
    }

    @Test
    void statsZeroRecordsNothing() {
        FakeWorkloadContext ctx = Fio.run("[job]\nrw=write\nsize=16k\nstats=0\nfsync=1\n");
        assertThat(ctx.recorded).isEmpty();
        assertThat(ctx.syncs).isEmpty();
        assertThat(ctx.submissions).hasSize(7);
    }
}
