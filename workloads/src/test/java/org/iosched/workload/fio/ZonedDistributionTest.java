package org.iosched.workload.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.iosched.api.InvalidInputException;
import org.iosched.workload.testing.FakeWorkloadContext;
import org.junit.jupiter.api.Test;

/**
 * random_distribution=zoned and zoned_abs, with the parse rules and messages of fio 3.33 (fio --parse-only)
 * and the shares real fio gave on a 4 MiB file (write_iolog, 1000 reads of zoned:60/10:30/20:8/30:2/40:
 * 608/301/67/24 per zone; repeated blocks, as without a random map).
 */
class ZonedDistributionTest {
    private static final long MIB = 1L << 20;

    private static ZoneSplit zones(String value) {
        return Fio.workload("[job]\nsize=4m\nrw=randread\nrandom_distribution=" + value + "\n").specs().get(0)
                .options().distribution.zones();
    }

    private static void rejects(String value, String detail) {
        assertThatThrownBy(() -> Fio.workload("[job]\nsize=4m\nrw=randread\nrandom_distribution=" + value + "\n"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("job.fio:4: fio: failed parsing random_distribution=" + value + ": " + detail);
    }

    /** Per zone of {@code edges} (percent of {@code size}), how many offsets fall in it. */
    private static int[] shares(List<Long> offsets, long size, double... edges) {
        int[] counts = new int[edges.length + 1];
        for (long o : offsets) {
            double p = 100.0 * o / size;
            int i = 0;
            while (i < edges.length && p >= edges[i]) {
                i++;
            }
            counts[i]++;
        }
        return counts;
    }

    private static List<Long> offsets(String job) {
        FakeWorkloadContext ctx = Fio.run(job);
        return ctx.submissions.stream().map(FakeWorkloadContext.Submission::offset).toList();
    }

    @Test
    void zonesAreParsedAsFioParsesThem() {
        ZoneSplit z = zones("zoned:60/10:30/20:8/30:2/40");
        assertThat(z.access()).containsExactly(60, 30, 8, 2);
        assertThat(z.range()).containsExactly(10, 20, 30, 40);
        // a range left out gets what the others leave of 100, shared among those left out
        assertThat(zones("zoned:50/5:30/15:20/").range()).containsExactly(5, 15, 80);
        assertThat(zones("zoned:50/20:50:0/10").range()).containsExactly(20, 70, 10);
        assertThat(zones("zoned:50:50").range()).containsExactly(50, 50);
        // fractions are cut: real fio drew nothing between 50% and 51% for 50/50.9:50/49.1
        assertThat(zones("zoned:50/50.9:50/49.1").range()).containsExactly(50, 49);
        assertThat(zones("zoned_abs:50/1m:50/2m").range()).containsExactly(MIB, 2 * MIB);
        assertThat(Fio.workload("[job]\nsize=4m\nrw=randread\nrandom_distribution=zoned:\n").specs().get(0)
                .options().distribution).isEqualTo(OffsetDistribution.UNIFORM);
    }

    @Test
    void badZonesGetFiosMessages() {
        rejects("zoned:50/5:30/15:10/", "fio: access percentage don't add up to 100 for zoned random distribution "
                + "(got=90)");
        rejects("zoned:50.5/50:49.5/50", "fio: access percentage don't add up to 100 for zoned random distribution "
                + "(got=99)");
        rejects("zoned:50/5:30/15:20/90", "fio: zone_split percentages add to more than 100%");
        rejects("zoned:101/50", "fio: zone_split percentages add to more than 100%");
        rejects("zoned_abs:50/1m:50/", "fio: split conversion failed");
        rejects("zoned:abc/10:100/10", "fio: split conversion failed");
        rejects("zoned", "fio: mismatch in zoned input <zoned>");
        rejects("zoned:100/10,100/20", "per-direction zones (',') fail to parse in fio 3.33 too; give one zone list "
                + "for all directions");
    }

    @Test
    void eachZoneGetsItsShareOfTheAccessesAndTheyRepeatAsWithoutARandomMap() {
        List<Long> offs = offsets("[job]\nrw=randread\nsize=4m\nio_size=40000k\n"
                + "random_distribution=zoned:60/10:30/20:8/30:2/40\nfilename=/dev/sdb\n");
        assertThat(offs).hasSize(10_000);
        int[] counts = shares(offs, 4 * MIB, 10, 30, 60);
        // binomial standard deviations are below 50; a fixed seed keeps the counts fixed
        assertThat(counts[0]).isBetween(5850, 6150);
        assertThat(counts[1]).isBetween(2850, 3150);
        assertThat(counts[2]).isBetween(700, 900);
        assertThat(counts[3]).isBetween(140, 260);
        assertThat(offs.stream().distinct().count()).isLessThan(1024);
        assertThat(offs).allSatisfy(o -> assertThat(o % 4096).isZero());
    }

    @Test
    void theZonesStartAtTheOffsetAndRangesLeftOutTakeTheRest() {
        List<Long> offs = offsets("[job]\nrw=randread\noffset=4m\nsize=4m\nio_size=16000k\n"
                + "random_distribution=zoned:50/5:30/15:20/\nfilename=/dev/sdb\n");
        List<Long> relative = offs.stream().map(o -> o - 4 * MIB).toList();
        assertThat(relative).allSatisfy(o -> assertThat(o).isBetween(0L, 4 * MIB - 4096));
        int[] counts = shares(relative, 4 * MIB, 5, 20);
        assertThat(counts[0]).isBetween(1880, 2120);
        assertThat(counts[1]).isBetween(1100, 1300);
        assertThat(counts[2]).isBetween(700, 900);
    }

    @Test
    void zonedAbsZonesAreBytesAndAZoneBeyondTheFileIsAnError() {
        List<Long> offs = offsets("[job]\nrw=randread\nsize=4m\nio_size=16000k\n"
                + "random_distribution=zoned_abs:50/1m:50/2m\nfilename=/dev/sdb\n");
        int[] counts = shares(offs, 4 * MIB, 25, 75);
        assertThat(counts[0]).isBetween(1880, 2120);
        assertThat(counts[1]).isBetween(1880, 2120);
        assertThat(counts[2]).isZero();
        assertThatThrownBy(() -> Fio.run("[job]\nrw=randread\nsize=4m\nrandom_distribution=zoned_abs:60/1m:40/8m\n"
                + "filename=/dev/sdb\n"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("fio: zoned_abs sizes exceed file size");
        // a zone nobody accesses may lie beyond, as fio never draws it
        assertThat(offsets("[job]\nrw=randread\nsize=4m\nnumber_ios=10\nrandom_distribution=zoned_abs:100/1m:0/8m\n"
                + "filename=/dev/sdb\n")).hasSize(10);
    }

    @Test
    void aZoneOfNoRangeAlwaysGivesItsFirstBlock() {
        assertThat(offsets("[job]\nrw=randread\nsize=4m\nnumber_ios=20\nrandom_distribution=zoned:100/0\n"
                + "filename=/dev/sdb\n")).containsOnly(0L).hasSize(20);
    }
}
