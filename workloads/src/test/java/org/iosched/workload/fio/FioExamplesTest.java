package org.iosched.workload.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.iosched.api.FileIo;
import org.iosched.api.InvalidInputException;
import org.iosched.api.JobDescriptor;
import org.iosched.api.WorkloadSource;
import org.iosched.workload.testing.FakeWorkloadContext;
import org.junit.jupiter.api.Test;

/** Every job file of fio's examples/ that the reference copies: it runs with fio's meaning, or fails as fio fails. */
class FioExamplesTest {
    private static final long S = 1_000_000_000L;

    static String example(String name) {
        try (InputStream in = FioExamplesTest.class.getResourceAsStream("/fio-examples/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static FioWorkload load(String name) {
        return Fio.workload(new WorkloadSource(name, example(name), null, Map.of()));
    }

    private static int lineOf(String name, String text) {
        List<String> lines = example(name).lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(text)) {
                return i + 1;
            }
        }
        throw new AssertionError(text + " not in " + name);
    }

    @Test
    void oneMbsClientsStartsThirtyTwoRateLimitedReadersFourSecondsApart() {
        FioWorkload w = load("1mbs_clients.fio");
        assertThat(w.specs()).hasSize(32);
        assertThat(w.specs().get(0).files()).containsExactly("tmp/file1.0.0");
        JobOptions first = w.specs().get(0).options();
        assertThat(first.rate).containsExactly(1250, 1250, 1250);
        assertThat(first.rateMin).containsExactly(1024, 1024, 1024);
        assertThat(first.size).isEqualTo(32L << 20);
        assertThat(w.specs().get(31).options().startDelay).isEqualTo(124_000_000L);

        FakeWorkloadContext ctx = new FakeWorkloadContext();
        w.start(ctx);
        ctx.runUntil(10 * S);
        assertThat(ctx.jobStarts).containsOnlyKeys(0, 1, 2);
        assertThat(ctx.jobStarts).containsEntry(1, 4 * S).containsEntry(2, 8 * S);
        // 4096 bytes at 1250 B/s: one read every 3.2768 s
        long job0Reads = ctx.submissions.stream().filter(s -> s.pid() == ctx.tasks.get(0).pid()).count();
        assertThat(job0Reads).isEqualTo(4);
        assertThat(w.notices()).noneMatch(n -> n.contains("rate_min"));
    }

    @Test
    void cmdprioBssplitParsesFio333sFormsWithTheirPrioritiesAndDropsTheHints() {
        FioWorkload w = load("cmdprio-bssplit.fio");
        JobOptions simple = w.specs().get(0).options();
        assertThat(simple.cmdprioBssplit[0].totalPercentage(64 << 10)).isEqualTo(100);
        assertThat(simple.cmdprioBssplit[0].totalPercentage(1 << 20)).isZero();
        JobOptions adv = w.specs().get(1).options();
        assertThat(adv.cmdprioBssplit[0].pick(64 << 10, 24).ioClass()).isEqualTo(1);
        assertThat(adv.cmdprioBssplit[0].pick(64 << 10, 25).ioClass()).isEqualTo(3);
        JobOptions hints = w.specs().get(3).options();
        assertThat(hints.cmdprioBssplit[0].totalPercentage(1 << 20)).isEqualTo(100);
        assertThat(hints.cmdprioBssplit[0].pick(2 << 20, 50).level()).isZero();
    }

    @Test
    void exitwhatStopsFast1WhenSlow1FinishesAndEverythingWhenSlow2Finishes() {
        FioWorkload w = load("exitwhat.fio");
        List<JobDescriptor> jobs = w.jobs();
        assertThat(jobs).extracting(JobDescriptor::name).containsExactly("slow1", "fast1", "fast1", "fast1",
                "slow2", "fast2", "fast2", "fast2", "runsnever", "runsnever", "runsnever");
        assertThat(jobs).extracting(JobDescriptor::groupId).containsExactly(0, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2);
        assertThat(jobs).allMatch(JobDescriptor::groupReporting);
        JobOptions slow1 = w.specs().get(0).options();
        assertThat(slow1.numberIos).isEqualTo(1000);
        assertThat(slow1.thinktime).isEqualTo(2000);
        assertThat(slow1.exitWhat).isEqualTo(ExitWhat.STONEWALL);
        assertThat(slow1.fileSizeLow).isEqualTo(1L << 30);

        FakeWorkloadContext ctx = Fio.run(example("exitwhat.fio"), new FakeWorkloadContext());
        assertThat(ctx.finished()).isTrue();
        long slow1End = ctx.jobEnds.get(0);
        // 1000 reads of 100 µs, each followed by 2 ms of thinktime
        assertThat(slow1End).isBetween(2_090_000_000L, 2_110_000_000L);
        assertThat(ctx.recordedFor(0)).hasSize(1000);
        for (int fast1 = 1; fast1 <= 3; fast1++) {
            assertThat(ctx.jobStarts.get(fast1)).isZero();
            assertThat(ctx.jobEnds.get(fast1)).isBetween(slow1End, slow1End + 1_000_000L);
        }
        long slow2Start = ctx.jobStarts.get(4);
        assertThat(slow2Start).isGreaterThanOrEqualTo(ctx.jobEnds.get(3));
        long slow2End = ctx.jobEnds.get(4);
        for (int j = 5; j <= 10; j++) {
            assertThat(ctx.jobEnds.get(j)).isBetween(slow2End, slow2End + 1_000_000L);
        }
        assertThat(ctx.finishTime()).isLessThan(slow2End + 1_000_000L);
    }

    @Test
    void fioRandReadIsABufferedLibaioRandomReaderNamedByItsGlobalSection() {
        FioWorkload w = load("fio-rand-read.fio");
        assertThat(w.jobs()).singleElement().satisfies(j -> {
            assertThat(j.name()).isEqualTo("fio-rand-read");
            assertThat(j.summary()).isEqualTo("rw=randread, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B, "
                    + "ioengine=libaio, iodepth=16");
        });
        JobOptions o = w.specs().get(0).options();
        assertThat(o.direct).isFalse();
        assertThat(o.timeBased).isTrue();
        assertThat(o.runtime).isEqualTo(900_000_000L);

        FakeWorkloadContext ctx = new FakeWorkloadContext();
        w.start(ctx);
        ctx.runUntil(S / 10);
        assertThat(ctx.openedFiles).containsEntry("fio-rand-read", 10L << 30);
        assertThat(ctx.maxInFlightByPid.values()).containsExactly(16);
        assertThat(ctx.submissions).allSatisfy(s -> {
            assertThat(s.kind()).isEqualTo(FileIo.Kind.READ);
            assertThat(s.direct()).isFalse();
            assertThat(s.offset() % 4096).isZero();
            assertThat(s.offset()).isLessThan(10L << 30);
        });
    }

    @Test
    void fioRandWriteClonesFourJobsSharingOneFile() {
        FioWorkload w = load("fio-rand-write.fio");
        assertThat(w.specs()).hasSize(4);
        assertThat(w.specs()).extracting(FioJobSpec::jobNumber).containsExactly(0, 3, 2, 1);
        assertThat(w.specs()).allSatisfy(s -> {
            assertThat(s.name()).isEqualTo("fio-rand-write");
            assertThat(s.files()).containsExactly("fio-rand-write");
            assertThat(s.groupId()).isZero();
        });
        FakeWorkloadContext ctx = new FakeWorkloadContext();
        w.start(ctx);
        ctx.runUntil(S / 100);
        assertThat(ctx.tasks).hasSize(4);
        assertThat(ctx.submissions).allSatisfy(s -> assertThat(s.kind()).isEqualTo(FileIo.Kind.WRITE));
    }

    @Test
    void fioSeqRwMixesSequentialReadsAndWritesSixtyForty() {
        FioWorkload w = load("fio-seq-RW.fio");
        JobOptions o = w.specs().get(0).options();
        assertThat(o.rw).isEqualTo(RwMode.RW);
        assertThat(o.rwmix).containsExactly(60, 40);
        FakeWorkloadContext ctx = new FakeWorkloadContext();
        w.start(ctx);
        ctx.runUntil(S / 20);
        long reads = ctx.submissionsOf(FileIo.Kind.READ).size();
        long writes = ctx.submissionsOf(FileIo.Kind.WRITE).size();
        assertThat((double) reads / (reads + writes)).isBetween(0.55, 0.65);
        int pid = ctx.tasks.get(0).pid();
        List<Long> readOffsets = ctx.submissions.stream()
                .filter(s -> s.pid() == pid && s.kind() == FileIo.Kind.READ).map(s -> s.offset()).toList();
        for (int i = 0; i < readOffsets.size(); i++) {
            assertThat(readOffsets.get(i)).isEqualTo(i * 256L * 1024);
        }
    }

    @Test
    void fioSeqReadReadsDirectlyInQuarterMegabyteSteps() {
        FioWorkload w = load("fio-seq-read.fio");
        assertThat(w.jobs().get(0).summary()).isEqualTo("rw=read, bs=(R) 256KiB-256KiB, (W) 256KiB-256KiB, "
                + "(T) 256KiB-256KiB, ioengine=libaio, iodepth=16");
        FakeWorkloadContext ctx = new FakeWorkloadContext();
        w.start(ctx);
        ctx.runUntil(S / 100);
        List<FakeWorkloadContext.Submission> subs = ctx.submissions;
        for (int i = 0; i < subs.size(); i++) {
            assertThat(subs.get(i).offset()).isEqualTo(i * 262_144L);
            assertThat(subs.get(i).direct()).isTrue();
        }
    }

    @Test
    void fioSeqWriteWritesThroughThePageCache() {
        FioWorkload w = load("fio-seq-write.fio");
        assertThat(w.specs().get(0).options().rw).isEqualTo(RwMode.WRITE);
        FakeWorkloadContext ctx = new FakeWorkloadContext();
        w.start(ctx);
        ctx.runUntil(S / 100);
        assertThat(ctx.submissions).isNotEmpty().allSatisfy(s -> {
            assertThat(s.kind()).isEqualTo(FileIo.Kind.WRITE);
            assertThat(s.direct()).isFalse();
            assertThat(s.length()).isEqualTo(256 * 1024);
        });
    }

    @Test
    void ssdTestRunsFourStonewalledPhasesOneAfterAnother() {
        FioWorkload w = load("ssd-test.fio");
        assertThat(w.jobs()).extracting(JobDescriptor::name)
                .containsExactly("seq-read", "rand-read", "seq-write", "rand-write");
        assertThat(w.jobs()).extracting(JobDescriptor::groupId).containsExactly(0, 1, 2, 3);
        assertThat(w.specs()).allSatisfy(s -> assertThat(s.files()).containsExactly("/mount-point-of-ssd/ssd.test.file"));
        FakeWorkloadContext ctx = new FakeWorkloadContext().latency(10_000_000L);
        w.start(ctx);
        ctx.run();
        assertThat(ctx.finished()).isTrue();
        for (int j = 0; j < 4; j++) {
            assertThat(ctx.jobStarts.get(j)).isEqualTo(j * 60 * S);
            assertThat(ctx.jobEnds.get(j)).isEqualTo((j + 1) * 60 * S);
        }
    }

    @Test
    void tiobenchAcceptsTheTimeoutAliasAndAnInlineComment() {
        FioWorkload w = load("tiobench-example.fio");
        assertThat(w.specs()).hasSize(16);
        assertThat(w.jobs()).extracting(JobDescriptor::groupId)
                .containsExactly(0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3);
        JobOptions o = w.specs().get(0).options();
        assertThat(o.runtime).isEqualTo(60_000_000L);
        assertThat(o.numjobs).isEqualTo(4);
        assertThat(o.minBs).containsExactly(4096, 4096, 4096);
        assertThat(o.maxBs).containsExactly(4096, 4096, 4096);
        assertThat(w.specs().get(1).files()).containsExactly("f1.3.0");
    }

    @Test
    void waitforAcceptsThreadsAsFioDoesAndRunsEachGroupAfterTheOneItWaitsFor() {
        // threads= is the tiobench profile's thread count, registered by fio for every job file; it shapes
        // only profile=tiobench's jobs, so the jobs here run as processes (fio prints "process" for them)
        FioWorkload w = load("waitfor.fio");
        assertThat(w.jobs()).extracting(JobDescriptor::groupId).containsExactly(0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                3, 3, 3, 3);
        assertThat(w.notices())
                .contains("threads: a tiobench profile option; no effect without profile=tiobench (as in fio)")
                .noneMatch(n -> n.startsWith("thread:"));
        FakeWorkloadContext ctx = new FakeWorkloadContext().latency(1_000_000L);
        w.start(ctx);
        ctx.run();
        long writersEnd = ctx.jobEnds.get(0);
        for (int j = 4; j < 8; j++) {
            assertThat(ctx.jobStarts.get(j)).isGreaterThanOrEqualTo(
                    List.of(0, 1, 2, 3).stream().mapToLong(ctx.jobEnds::get).max().orElseThrow());
        }
        assertThat(writersEnd).isPositive();
        for (int j = 8; j < 12; j++) {
            assertThat(ctx.jobStarts.get(j)).isGreaterThanOrEqualTo(ctx.jobEnds.get(7));
        }
    }
}
