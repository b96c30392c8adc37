package org.iosched.workload.fio;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.iosched.api.FileIo;
import org.iosched.workload.testing.FakeWorkloadContext;
import org.junit.jupiter.api.Test;

class OffsetsAndRandomnessTest {
    private static List<Long> offsets(FakeWorkloadContext ctx) {
        return ctx.submissions.stream().map(FakeWorkloadContext.Submission::offset).toList();
    }

    @Test
    void theRandomMapCoversEveryBlockExactlyOnce() {
        FakeWorkloadContext ctx = Fio.run("[job]\nrw=randread\nsize=4m\nfilename=/dev/sdb\n");
        List<Long> offs = offsets(ctx);
        assertThat(offs).hasSize(1024).doesNotHaveDuplicates();
        assertThat(offs).allSatisfy(o -> assertThat(o).isBetween(0L, (4L << 20) - 4096));
        assertThat(offs).isNotEqualTo(offs.stream().sorted().toList());
    }

    @Test
    void norandommapAllowsRepeatedBlocks() {
        FakeWorkloadContext ctx = Fio.run("[job]\nrw=randread\nsize=4m\nnorandommap\nfilename=/dev/sdb\n");
        List<Long> offs = offsets(ctx);
        assertThat(offs).hasSize(1024);
        assertThat(new HashSet<>(offs).size()).isLessThan(1024);
    }

    @Test
    void randrepeatGivesTheSameOffsetsForTheSameRunSeedAndTheRunSeedChangesThem() {
        String job = "[job]\nrw=randread\nsize=4m\nfilename=/dev/sdb\n";
        List<Long> a = offsets(Fio.run(job, new FakeWorkloadContext(1L << 31, 7)));
        List<Long> b = offsets(Fio.run(job, new FakeWorkloadContext(1L << 31, 7)));
        List<Long> c = offsets(Fio.run(job, new FakeWorkloadContext(1L << 31, 8)));
        assertThat(a).isEqualTo(b).isNotEqualTo(c);
    }

    @Test
    void randseedFixesTheOffsetsWhateverTheRunSeedAndClonesDiffer() {
        String job = "[job]\nrw=randread\nsize=1m\nrandseed=1234\nnumjobs=2\nfilename=/dev/sdb\n";
        FakeWorkloadContext x = Fio.run(job, new FakeWorkloadContext(1L << 31, 7));
        FakeWorkloadContext y = Fio.run(job, new FakeWorkloadContext(1L << 31, 8));
        int pidA = x.tasks.get(0).pid();
        int pidB = x.tasks.get(1).pid();
        List<Long> xa = x.submissions.stream().filter(s -> s.pid() == pidA).map(s -> s.offset()).toList();
        List<Long> xb = x.submissions.stream().filter(s -> s.pid() == pidB).map(s -> s.offset()).toList();
        List<Long> ya = y.submissions.stream().filter(s -> s.pid() == y.tasks.get(0).pid()).map(s -> s.offset()).toList();
        assertThat(xa).isEqualTo(ya).isNotEqualTo(xb);
    }

    @Test
    void theRwStrideKeepsSequentialRunsBetweenRandomJumps() {
        List<Long> offs = offsets(Fio.run("[job]\nrw=randread:4\nsize=4m\nfilename=/dev/sdb\n"));
        for (int i = 0; i + 3 < 64; i += 4) {
            assertThat(offs.get(i + 1)).isEqualTo(offs.get(i) + 4096);
            assertThat(offs.get(i + 3)).isEqualTo(offs.get(i) + 3 * 4096);
        }
    }

    @Test
    void aSequentialSuffixSkipsBytesBetweenIos() {
        List<Long> offs = offsets(Fio.run("[job]\nrw=write:4k\nsize=64k\nfilename=/dev/sdb\n"));
        assertThat(offs.subList(0, 4)).containsExactly(0L, 8192L, 16384L, 24576L);
    }

    @Test
    void percentageRandomMixesSequentialAndRandomOffsets() {
        List<Long> offs = offsets(Fio.run("[job]\nrw=randread\npercentage_random=30\nsize=16m\nfilename=/dev/sdb\n"));
        int sequential = 0;
        for (int i = 1; i < offs.size(); i++) {
            if (offs.get(i) == offs.get(i - 1) + 4096) {
                sequential++;
            }
        }
        assertThat((double) sequential / offs.size()).isBetween(0.6, 0.8);
    }

    @Test
    void bssplitDrawsBlockSizesInTheirProportions() {
        FakeWorkloadContext ctx = Fio.run("[job]\nrw=randread\nbssplit=4k/20:64k/80\nsize=256m\nnorandommap\n"
                + "filename=/dev/sdb\n");
        Map<Long, Integer> count = new HashMap<>();
        ctx.submissions.forEach(s -> count.merge(s.length(), 1, Integer::sum));
        int total = ctx.submissions.size();
        assertThat(count).containsOnlyKeys(4096L, 65536L);
        assertThat((double) count.get(4096L) / total).isBetween(0.17, 0.23);
    }

    @Test
    void bsrangeDrawsMultiplesOfTheSmallestSizeWithinTheRange() {
        FakeWorkloadContext ctx = Fio.run("[job]\nrw=read\nbsrange=4k-16k\nsize=16m\nfilename=/dev/sdb\n");
        Set<Long> sizes = new HashSet<>();
        ctx.submissions.forEach(s -> sizes.add(s.length()));
        assertThat(sizes).containsExactlyInAnyOrder(4096L, 8192L, 12288L, 16384L);
        long total = ctx.submissions.stream().mapToLong(FakeWorkloadContext.Submission::length).sum();
        assertThat(total).isEqualTo(16L << 20);
    }

    @Test
    void zipfConcentratesOnFewBlocks() {
        FakeWorkloadContext ctx = Fio.run("[job]\nrw=randread\nrandom_distribution=zipf:1.2\nsize=64m\n"
                + "io_size=8m\nfilename=/dev/sdb\n");
        List<Long> offs = offsets(ctx);
        Map<Long, Integer> hits = new HashMap<>();
        offs.forEach(o -> hits.merge(o, 1, Integer::sum));
        int hottest = hits.values().stream().max(Integer::compare).orElseThrow();
        assertThat(offs).hasSize(2048);
        assertThat(hits.size()).isLessThan(1200);
        assertThat(hottest).isGreaterThan(100);
    }

    @Test
    void paretoAndNormalStayInsideTheRegion() {
        for (String dist : new String[] {"pareto:0.3", "normal:10", "normal:5:0.2", "zipf:0.8:0.5"}) {
            FakeWorkloadContext ctx = Fio.run("[job]\nrw=randread\nrandom_distribution=" + dist + "\nsize=16m\n"
                    + "io_size=4m\nfilename=/dev/sdb\n");
            assertThat(offsets(ctx)).hasSize(1024).allSatisfy(o -> assertThat(o).isBetween(0L, (16L << 20) - 4096));
        }
        FakeWorkloadContext centred = Fio.run("[job]\nrw=randread\nrandom_distribution=normal:2:0.25\nsize=64m\n"
                + "io_size=4m\nfilename=/dev/sdb\n");
        double mean = offsets(centred).stream().mapToLong(Long::longValue).average().orElseThrow();
        assertThat(mean / (64 << 20)).isBetween(0.2, 0.3);
    }

    @Test
    void offsetAndOffsetIncrementPlaceEachCloneInItsOwnRegion() {
        FakeWorkloadContext ctx = Fio.run("[job]\nrw=read\nsize=1m\noffset=1m\noffset_increment=10m\nnumjobs=3\n"
                + "filename=/dev/sdb\n");
        Map<Integer, Long> first = new HashMap<>();
        ctx.submissions.forEach(s -> first.putIfAbsent(s.pid(), s.offset()));
        // clones get fio's subjob numbers 0, 2, 1
        assertThat(first.values()).containsExactlyInAnyOrder(1L << 20, 11L << 20, 21L << 20);
        assertThat(ctx.recorded).hasSize(768);
    }

    @Test
    void offsetAsAPercentageOfTheDevice() {
        FakeWorkloadContext ctx = Fio.run("[job]\nrw=read\nsize=64k\noffset=50%\nfilename=/dev/sdb\n",
                new FakeWorkloadContext(1 << 20, 1));
        assertThat(ctx.submissions.get(0).offset()).isEqualTo(256L << 20);
    }

    @Test
    void ioSizeLargerThanSizeWrapsAroundTheRegion() {
        List<Long> offs = offsets(Fio.run("[job]\nrw=read\nsize=16k\nio_size=32k\nfilename=/dev/sdb\n"));
        assertThat(offs).containsExactly(0L, 4096L, 8192L, 12288L, 0L, 4096L, 8192L, 12288L);
    }

    @Test
    void loopsRepeatTheWorkload() {
        FakeWorkloadContext ctx = Fio.run("[job]\nrw=randread\nsize=64k\nloops=3\nfilename=/dev/sdb\n");
        assertThat(ctx.recorded).hasSize(48);
        assertThat(offsets(ctx).subList(0, 16)).doesNotHaveDuplicates();
    }

    @Test
    void numberIosEndsTheJobAfterThatManyIos() {
        FakeWorkloadContext ctx = Fio.run("[job]\nrw=read\nsize=1m\nnumber_ios=10\nfilename=/dev/sdb\n");
        assertThat(ctx.recorded).hasSize(10);
    }

    @Test
    void trimwriteTrimsEachBlockBeforeWritingIt() {
        FakeWorkloadContext ctx = Fio.run("[job]\nrw=trimwrite\nsize=16k\nfilename=/dev/sdb\n");
        assertThat(ctx.submissions).extracting(FakeWorkloadContext.Submission::kind).containsExactly(
                FileIo.Kind.TRIM, FileIo.Kind.WRITE, FileIo.Kind.TRIM, FileIo.Kind.WRITE,
                FileIo.Kind.TRIM, FileIo.Kind.WRITE, FileIo.Kind.TRIM, FileIo.Kind.WRITE);
        assertThat(offsets(ctx)).containsExactly(0L, 0L, 4096L, 4096L, 8192L, 8192L, 12288L, 12288L);
    }

    @Test
    void randrwFollowsRwmixread() {
        FakeWorkloadContext ctx = Fio.run("[job]\nrw=randrw\nrwmixread=80\nsize=64m\nfilename=/dev/sdb\n");
        long reads = ctx.submissionsOf(FileIo.Kind.READ).size();
        assertThat((double) reads / ctx.submissions.size()).isBetween(0.75, 0.85);
    }

    @Test
    void fileServiceTypeSequentialFinishesOneFileBeforeTheNext() {
        FakeWorkloadContext ctx = Fio.run("[job]\nrw=read\nsize=32k\nnrfiles=2\nfile_service_type=sequential\n");
        assertThat(ctx.submissions).extracting(FakeWorkloadContext.Submission::path).containsExactly(
                "job.0.0", "job.0.0", "job.0.0", "job.0.0", "job.0.1", "job.0.1", "job.0.1", "job.0.1");
        FakeWorkloadContext rr = Fio.run("[job]\nrw=read\nsize=32k\nnrfiles=2\nfile_service_type=roundrobin:2\n");
        assertThat(rr.submissions).extracting(FakeWorkloadContext.Submission::path).containsExactly(
                "job.0.0", "job.0.0", "job.0.1", "job.0.1", "job.0.0", "job.0.0", "job.0.1", "job.0.1");
        FakeWorkloadContext random = Fio.run("[job]\nrw=read\nsize=64k\nnrfiles=4\nfile_service_type=random\n");
        assertThat(random.submissions).hasSize(16);
        assertThat(random.submissions.stream().map(FakeWorkloadContext.Submission::path).distinct()).hasSize(4);
    }

    @Test
    void rwSequencerIdenticalRepeatsTheOffsetUntilTheNextRandomPick() {
        List<Long> offs = offsets(Fio.run("[job]\nrw=randread:3\nrw_sequencer=identical\nsize=4m\n"
                + "filename=/dev/sdb\n"));
        assertThat(offs.get(1)).isEqualTo(offs.get(0));
        assertThat(offs.get(2)).isEqualTo(offs.get(0));
    }

    @Test
    void blockalignAlignsRandomOffsetsAndTurnsTheRandomMapOff() {
        FioWorkload w = Fio.workload("[job]\nrw=randread\nbs=4k\nba=512\nsize=1m\nfilename=/dev/sdb\n");
        assertThat(w.notices()).contains("job: fio: Any use of blockalign= turns off randommap");
        FakeWorkloadContext ctx = new FakeWorkloadContext();
        w.start(ctx);
        ctx.run();
        assertThat(offsets(ctx)).allSatisfy(o -> assertThat(o % 512).isZero()).anySatisfy(o ->
                assertThat(o % 4096).isNotZero());
    }

    @Test
    void aFilesizeRangeGivesEachFileASizeInTheRange() {
        FakeWorkloadContext ctx = Fio.run("[job]\nrw=read\nfilesize=64k-256k\nnrfiles=8\n");
        assertThat(ctx.openedFiles.values()).allSatisfy(s -> assertThat(s).isBetween(65536L, 262144L));
        assertThat(ctx.openedFiles.values().stream().distinct().count()).isGreaterThan(1);
        long total = ctx.openedFiles.values().stream().mapToLong(Long::longValue).sum();
        assertThat(ctx.recorded.stream().mapToLong(FakeWorkloadContext.Recorded::bytes).sum()).isEqualTo(total);
    }
}
