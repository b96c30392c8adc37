package org.iosched.biocontrol.throttle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.iosched.api.Bio;
import org.iosched.api.Cgroup;
import org.iosched.api.Op;
import org.iosched.api.RequestFlags;
import org.iosched.api.Task;
import org.iosched.biocontrol.FakeBioLayer;
import org.iosched.biocontrol.GreedyReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** blk-throttle's bps and iops rules hold over time, per cgroup and direction. */
class ThrottleRateTest {
    private static final long MS = 1_000_000L;
    private static final long SECOND = 1000 * MS;
    private static final long MIB = 1 << 20;

    private static FakeBioLayer fastDisk() {
        // about 100 MB/s: far above every limit below
        return FakeBioLayer.builder().queueDepth(1).serviceTime(100_000, 5_000).build();
    }

    @ParameterizedTest(name = "{0}-sector bios, {1} outstanding")
    @CsvSource({"8, 1", "128, 1", "512, 1", "128, 8"})
    void aOneMegabytePerSecondReadLimitHoldsForAGreedyDirectReaderWithinTenPercentOverTenSeconds(int sectors,
                                                                                              int depth) {
        FakeBioLayer layer = fastDisk();
        layer.install(new ThrottleProvider(), Map.of("grp1.read_bps_device", Long.toString(MIB)));
        GreedyReader reader = GreedyReader.reader(layer, layer.newTask("fio", layer.newCgroup("/grp1", 500)),
                depth, sectors).start();
        layer.runUntil(10 * SECOND);

        double bytesPerSecond = reader.completedSectors() * 512.0 / 10;
        assertThat(bytesPerSecond / MIB).isCloseTo(1.0, within(0.1));
    }

    @Test
    void anIopsLimitHoldsWithinTenPercent() {
        FakeBioLayer layer = fastDisk();
        layer.install(new ThrottleProvider(), Map.of("grp1.read_iops_device", "50"));
        GreedyReader reader = GreedyReader.reader(layer, layer.newTask("fio", layer.newCgroup("/grp1", 500)), 4, 8)
                .start();
        layer.runUntil(10 * SECOND);

        assertThat(reader.completedBios() / 10.0).isCloseTo(50, within(5.0));
    }

    @Test
    void bpsAndIopsRulesCombineAndTheStricterOneBinds() {
        FakeBioLayer layer = fastDisk();
        layer.install(new ThrottleProvider(), Map.of(
                "small.read_bps_device", Long.toString(MIB), "small.read_iops_device", "1000",
                "big.read_bps_device", Long.toString(MIB), "big.read_iops_device", "5"));
        GreedyReader small = GreedyReader.reader(layer, layer.newTask("fio", layer.newCgroup("/small", 500)), 1, 8)
                .start();
        GreedyReader big = GreedyReader.reader(layer, layer.newTask("fio", layer.newCgroup("/big", 500)), 1, 128)
                .start();
        layer.runUntil(10 * SECOND);

        // 4 KiB bios: 1 MiB/s is 256 IO/s, below 1000 IO/s
        assertThat(small.completedBios() / 10.0).isCloseTo(256, within(25.6));
        // 64 KiB bios: 5 IO/s is 320 KiB/s, below 1 MiB/s
        assertThat(big.completedBios() / 10.0).isCloseTo(5, within(0.5));
    }

    @Test
    void aWriteRuleDoesNotThrottleReadsOfTheSameCgroup() {
        FakeBioLayer layer = fastDisk();
        layer.install(new ThrottleProvider(), Map.of("grp1.write_bps_device", Long.toString(MIB)));
        Cgroup grp1 = layer.newCgroup("/grp1", 500);
        GreedyReader reader = GreedyReader.reader(layer, layer.newTask("reader", grp1), 1, 128).start();
        GreedyReader writer = new GreedyReader(layer, layer.newTask("writer", grp1), Op.WRITE, RequestFlags.SYNC, 1,
                128, 1L << 30).start();
        layer.runUntil(10 * SECOND);

        assertThat(writer.completedSectors() * 512.0 / 10 / MIB).isCloseTo(1.0, within(0.1));
        assertThat(reader.completedSectors() * 512.0 / 10 / MIB).isGreaterThan(10);
    }

    @Test
    void aCgroupWithoutRulesIsNeverDelayed() {
        FakeBioLayer layer = fastDisk();
        layer.install(new ThrottleProvider(), Map.of("grp1.read_bps_device", Long.toString(MIB)));
        GreedyReader.reader(layer, layer.newTask("limited", layer.newCgroup("/grp1", 500)), 4, 128).start();
        Task free = layer.newTask("free", layer.newCgroup("/grp2", 500));
        GreedyReader.reader(layer, free, 4, 128).start();
        layer.runUntil(SECOND);

        assertThat(layer.passedDown()).filteredOn(p -> p.bio().cgroup().path().equals("/grp2"))
                .isNotEmpty().allMatch(FakeBioLayer.PassedDown::fromSubmit);
        assertThat(layer.passedDown()).filteredOn(p -> p.bio().cgroup().path().equals("/grp1"))
                .anyMatch(p -> !p.fromSubmit());
    }

    @Test
    void theRootCgroupsRulesAreWrittenWithoutACgroup() {
        FakeBioLayer layer = fastDisk();
        layer.install(new ThrottleProvider(), Map.of("read_iops_device", "20"));
        GreedyReader reader = GreedyReader.reader(layer, layer.newTask("fio", Cgroup.ROOT), 2, 8).start();
        layer.runUntil(10 * SECOND);

        assertThat(reader.completedBios() / 10.0).isCloseTo(20, within(2.0));
    }

    @Test
    void aBioBeyondTheFirstSliceWaitsForItsBytesAndForTheRoundingToWholeSlices() {
        FakeBioLayer layer = fastDisk();
        layer.install(new ThrottleProvider(), Map.of("grp1.read_bps_device", Long.toString(MIB)));
        Task fio = layer.newTask("fio", layer.newCgroup("/grp1", 500));
        Bio big = new Bio(Op.READ, 0, 0, 400, fio, (b, t) -> { });
        layer.submit(big, () -> { });
        layer.runUntil(SECOND);

        // 204800 bytes against 104857 allowed per 100 ms: (204800 - 104857) * HZ / bps = 95 jiffies, plus
        // the 100 jiffies by which the first slice was rounded up
        assertThat(layer.passedDown()).singleElement().satisfies(p -> {
            assertThat(p.time()).isEqualTo(195 * MS);
            assertThat(p.fromSubmit()).isFalse();
        });
    }

    @Test
    void biosOfOneDirectionLeaveInTheOrderTheyCame() {
        FakeBioLayer layer = fastDisk();
        layer.install(new ThrottleProvider(), Map.of("grp1.read_iops_device", "100"));
        Task fio = layer.newTask("fio", layer.newCgroup("/grp1", 500));
        for (int i = 0; i < 50; i++) {
            layer.submit(new Bio(Op.READ, 0, i * 8L, 8, fio, (b, t) -> { }), () -> { });
        }
        layer.runUntil(2 * SECOND);

        assertThat(layer.passedDown()).hasSize(50);
        assertThat(layer.passedDown()).extracting(p -> p.bio().sector()).isSorted();
    }

    @Test
    void anEmptyFlushIsAWriteOfNoBytesThatCountsAgainstTheWriteIopsRule() {
        FakeBioLayer layer = fastDisk();
        layer.install(new ThrottleProvider(), Map.of("grp1.write_iops_device", "10",
                "grp1.write_bps_device", "1"));
        Task fio = layer.newTask("fio", layer.newCgroup("/grp1", 500));
        for (int i = 0; i < 11; i++) {
            layer.submit(new Bio(Op.FLUSH, RequestFlags.SYNC, 0, 0, fio, (b, t) -> { }), () -> { });
        }
        layer.runUntil(2 * SECOND);

        // a 1 byte/s rule never stops a bio of no bytes; 10 IO/s lets the eleventh go after about a second
        assertThat(layer.passedDown()).hasSize(11);
        assertThat(layer.passedDown().get(0).time()).isZero();
        assertThat(layer.passedDown().get(10).time()).isBetween(900 * MS, 1200 * MS);
    }
}
