package org.iosched.workload.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.iosched.api.InvalidInputException;
import org.iosched.workload.testing.FakeWorkloadContext;
import org.junit.jupiter.api.Test;

/**
 * zonemode=strided with zonesize, zonerange and zoneskip. The expected offsets (in 4 KiB blocks) are the ones
 * fio 3.33 wrote to write_iolog for the same job on a 16 MiB (or 64 KiB) ext4 file, ioengine=psync.
 */
class StridedZonesTest {
    private static final long BLOCK = 4096;

    private static List<Long> blocks(String options) {
        FakeWorkloadContext ctx = Fio.run("[job]\nbs=4k\n" + options.replace('|', '\n') + "\n");
        List<Long> out = new ArrayList<>();
        for (FakeWorkloadContext.Submission s : ctx.submissions) {
            out.add(s.offset() / BLOCK);
        }
        return out;
    }

    private static final String DEVICE = "filename=/dev/sdb|";

    @Test
    void sequentialIoDoesZonesizeBytesThenSkipsZoneskip() {
        assertThat(blocks(DEVICE + "rw=read|size=128k|zonemode=strided|zonesize=8k|zoneskip=16k")).containsExactly(
                0L, 1L, 6L, 7L, 12L, 13L, 18L, 19L, 24L, 25L, 30L, 31L, 36L, 37L, 42L, 43L, 48L, 49L, 54L, 55L, 60L,
                61L, 66L, 67L, 72L, 73L, 78L, 79L, 84L, 85L, 90L, 91L);
        assertThat(blocks(DEVICE + "rw=read|size=128k|zonemode=strided|zonesize=8k|zonerange=32k").subList(0, 8))
                .containsExactly(0L, 1L, 8L, 9L, 16L, 17L, 24L, 25L);
        assertThat(blocks(DEVICE + "rw=read|size=128k|zonemode=strided|zonesize=8k|zonerange=32k|zoneskip=16k")
                .subList(0, 8)).containsExactly(0L, 1L, 12L, 13L, 24L, 25L, 36L, 37L);
    }

    @Test
    void aZonesizeLargerThanTheZonerangeGoesOverTheZoneAgain() {
        assertThat(blocks(DEVICE + "rw=read|size=64k|zonemode=strided|zonesize=16k|zonerange=8k")).containsExactly(
                0L, 1L, 0L, 1L, 2L, 3L, 2L, 3L, 4L, 5L, 4L, 5L, 6L, 7L, 6L, 7L);
        assertThat(blocks(DEVICE + "rw=read|size=64k|zonemode=strided|zonesize=16k|zonerange=8k|zoneskip=8k"))
                .containsExactly(0L, 1L, 0L, 1L, 4L, 5L, 4L, 5L, 8L, 9L, 8L, 9L, 12L, 13L, 12L, 13L);
    }

    @Test
    void zonesWrapToTheStartOffsetAtTheEndOfTheFileAndContinueAcrossLoops() {
        assertThat(blocks("filename=small|filesize=64k|rw=read|io_size=96k|zonemode=strided|zonesize=8k|"
                + "zoneskip=16k")).containsExactly(0L, 1L, 6L, 7L, 12L, 13L, 0L, 1L, 6L, 7L, 12L, 13L, 0L, 1L, 6L, 7L,
                12L, 13L, 0L, 1L, 6L, 7L, 12L, 13L);
        assertThat(blocks("filename=small|filesize=64k|rw=read|size=32k|io_size=96k|zonemode=strided|zonesize=8k|"
                + "zoneskip=8k").subList(0, 12)).containsExactly(0L, 1L, 4L, 5L, 8L, 9L, 12L, 13L, 0L, 1L, 4L, 5L);
        assertThat(blocks(DEVICE + "rw=read|size=32k|loops=2|zonemode=strided|zonesize=8k|zoneskip=8k"))
                .containsExactly(0L, 1L, 4L, 5L, 8L, 9L, 12L, 13L, 16L, 17L, 20L, 21L, 24L, 25L, 28L, 29L);
    }

    @Test
    void theFirstZoneStartsAtTheOffsetAndZonesizeIsAThresholdInBytes() {
        assertThat(blocks(DEVICE + "rw=read|size=64k|offset=8k|zonemode=strided|zonesize=8k|zoneskip=8k")
                .subList(0, 8)).containsExactly(2L, 3L, 6L, 7L, 10L, 11L, 14L, 15L);
        assertThat(blocks(DEVICE + "rw=read|size=32k|bs=8k|zonemode=strided|zonesize=12k|zoneskip=4k"))
                .containsExactly(0L, 2L, 4L, 6L);
    }

    @Test
    void bothDirectionsOfAMixedJobStartEachZoneAtItsStart() {
        // fio: r0 r1 r4 w4 r8 r9 w12 w13 w16 r16 ...; the directions come from rwmix draws, so only the rule
        FakeWorkloadContext ctx = Fio.run("[job]\nbs=4k\nfilename=/dev/sdb\nrw=rw\nsize=64k\nzonemode=strided\n"
                + "zonesize=8k\nzoneskip=8k\n");
        List<FakeWorkloadContext.Submission> s = ctx.submissions;
        assertThat(s).hasSize(16);
        for (int i = 0; i < s.size(); i += 2) {
            long zone = 4L * (i / 2);
            FakeWorkloadContext.Submission a = s.get(i);
            FakeWorkloadContext.Submission b = s.get(i + 1);
            assertThat(a.offset() / BLOCK).isEqualTo(zone);
            assertThat(b.offset() / BLOCK).isEqualTo(a.kind() == b.kind() ? zone + 1 : zone);
        }
    }

    @Test
    void randomIoStaysInsideTheZonerangeWithAFreshRandomMapPerZone() {
        List<Long> offs = blocks(DEVICE + "rw=randread|size=128k|zonemode=strided|zonesize=16k|zonerange=32k|"
                + "zoneskip=32k");
        assertThat(offs).hasSize(32);
        for (int zone = 0; zone < 8; zone++) {
            List<Long> inZone = offs.subList(4 * zone, 4 * zone + 4);
            long first = 16L * zone;
            assertThat(inZone).allSatisfy(b -> assertThat(b).isBetween(first, first + 7));
            assertThat(new HashSet<>(inZone)).hasSize(4);
        }
        // one block per zone range: random I/O in a 4k zone is sequential
        assertThat(blocks(DEVICE + "rw=randread|size=64k|zonemode=strided|zonesize=4k")).containsExactly(0L, 1L, 2L,
                3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L, 11L, 12L, 13L, 14L, 15L);
    }

    @Test
    void zoneOptionsAreCheckedAsFioChecksThem() {
        assertThatThrownBy(() -> Fio.workload("[job]\nsize=1m\nzonesize=8k\nzoneskip=16k\n"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("job.fio:1: fio: --zonemode=none and --zonesize are not compatible. (fio: job job dropped)");
        assertThatThrownBy(() -> Fio.workload("[job]\nsize=1m\nzonemode=strided\nzoneskip=8k\n"))
                .hasMessage("job.fio:1: fio: --zonesize must be specified when using --zonemode=strided. (fio: job "
                        + "job dropped)");
        assertThatThrownBy(() -> Fio.workload("[job]\nsize=1m\nzonemode=zbd\n"))
                .hasMessage("job.fio:3: fio: failed parsing zonemode=zbd: zonemode=zbd is not modelled by iosched "
                        + "(zoned block devices do not exist in Linux 2.6.32-3.0); modelled: none, strided");
        // zonerange or zoneskip alone: accepted, no effect (fio: sequential 0..15)
        assertThat(blocks(DEVICE + "rw=read|size=64k|zoneskip=8k")).containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L,
                8L, 9L, 10L, 11L, 12L, 13L, 14L, 15L);
        assertThat(blocks(DEVICE + "rw=read|size=64k|zonemode=strided|zonesize=8k|zonerange=0").subList(0, 4))
                .containsExactly(0L, 1L, 2L, 3L);
    }
}
