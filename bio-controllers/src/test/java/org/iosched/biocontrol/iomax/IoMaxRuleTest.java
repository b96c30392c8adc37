package org.iosched.biocontrol.iomax;

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

/** io.max's rules of Linux 6.6 blk-throttle, one by one. */
class IoMaxRuleTest {
    private static final long MS = 1_000_000L;
    private static final long SECOND = 1000 * MS;
    private static final long MIB = 1 << 20;

    private static FakeBioLayer fastDisk(boolean trace) {
        return FakeBioLayer.builder().queueDepth(1).serviceTime(100_000, 5_000).trace(trace).build();
    }

    private static IoMaxController install(FakeBioLayer layer, Map<String, String> keys) {
        return (IoMaxController) layer.install(new IoMaxProvider(), keys);
    }

    @ParameterizedTest(name = "{0}-sector bios, {1} outstanding")
    @CsvSource({"8, 1", "128, 1", "512, 4"})
    void rbpsHoldsForAGreedyReaderWithinFivePercentOverTenSeconds(int sectors, int depth) {
        FakeBioLayer layer = fastDisk(false);
        install(layer, Map.of("grp1.rbps", Long.toString(MIB)));
        GreedyReader reader = GreedyReader.reader(layer, layer.newTask("fio", layer.newCgroup("/grp1", 500)),
                depth, sectors).start();
        layer.runUntil(10 * SECOND);

        assertThat(reader.completedSectors() * 512.0 / 10 / MIB).isCloseTo(1.0, within(0.05));
    }

    @Test
    void riopsHoldsWithinFivePercent() {
        FakeBioLayer layer = fastDisk(false);
        install(layer, Map.of("grp1.riops", "50"));
        GreedyReader reader = GreedyReader.reader(layer, layer.newTask("fio", layer.newCgroup("/grp1", 500)), 4, 8)
                .start();
        layer.runUntil(10 * SECOND);

        assertThat(reader.completedBios() / 10.0).isCloseTo(50, within(2.5));
    }

    @Test
    void aWriteLimitLeavesReadsOfTheSameCgroupAlone() {
        FakeBioLayer layer = fastDisk(false);
        install(layer, Map.of("grp1.wbps", Long.toString(MIB)));
        Cgroup grp1 = layer.newCgroup("/grp1", 500);
        GreedyReader reader = GreedyReader.reader(layer, layer.newTask("reader", grp1), 1, 128).start();
        GreedyReader writer = new GreedyReader(layer, layer.newTask("writer", grp1), Op.WRITE, RequestFlags.SYNC, 1,
                128, 1L << 30).start();
        layer.runUntil(10 * SECOND);

        assertThat(writer.completedSectors() * 512.0 / 10 / MIB).isCloseTo(1.0, within(0.05));
        assertThat(reader.completedSectors() * 512.0 / 10 / MIB).isGreaterThan(10);
    }

    @Test
    void aChildIsBoundedByItsParentsLimit() {
        FakeBioLayer layer = fastDisk(false);
        install(layer, Map.of("a.rbps", Long.toString(MIB), "a/b.rbps", Long.toString(4 * MIB)));
        GreedyReader reader = GreedyReader.reader(layer, layer.newTask("fio", layer.newCgroup("/a/b", 500)), 2, 128)
                .start();
        layer.runUntil(10 * SECOND);

        assertThat(reader.completedSectors() * 512.0 / 10 / MIB).isCloseTo(1.0, within(0.05));
    }

    @Test
    void childrenWithoutLimitsOfTheirOwnShareTheirParentsLimitRoundRobin() {
        FakeBioLayer layer = fastDisk(false);
        install(layer, Map.of("a.rbps", Long.toString(2 * MIB)));
        GreedyReader one = GreedyReader.reader(layer, layer.newTask("one", layer.newCgroup("/a/one", 500)), 4, 64)
                .start();
        GreedyReader two = GreedyReader.reader(layer, layer.newTask("two", layer.newCgroup("/a/two", 500)), 4, 64)
                .start();
        layer.runUntil(10 * SECOND);

        double a = one.completedSectors() * 512.0 / 10 / MIB;
        double b = two.completedSectors() * 512.0 / 10 / MIB;
        assertThat(a + b).isCloseTo(2.0, within(0.1));
        assertThat(a).isCloseTo(b, within(0.1));
    }

    @Test
    void theRootCgroupAndCgroupsWithoutRulesPassAtOnce() {
        FakeBioLayer layer = fastDisk(false);
        install(layer, Map.of("grp1.rbps", Long.toString(MIB)));
        GreedyReader.reader(layer, layer.newTask("limited", layer.newCgroup("/grp1", 500)), 4, 128).start();
        GreedyReader.reader(layer, layer.newTask("free", layer.newCgroup("/grp2", 500)), 4, 128).start();
        GreedyReader.reader(layer, layer.newTask("root", Cgroup.ROOT), 4, 128).start();
        layer.runUntil(SECOND);

        assertThat(layer.passedDown()).filteredOn(p -> !p.bio().cgroup().path().equals("/grp1"))
                .isNotEmpty().allMatch(FakeBioLayer.PassedDown::fromSubmit);
        assertThat(layer.passedDown()).filteredOn(p -> p.bio().cgroup().path().equals("/grp1"))
                .anyMatch(p -> !p.fromSubmit());
    }

    @Test
    void aBioOverTheBpsLimitWaitsForItsBytesPlusTheRoundingToAWholeSlice() {
        FakeBioLayer layer = fastDisk(false);
        install(layer, Map.of("grp1.rbps", Long.toString(MIB)));
        Task fio = layer.newTask("fio", layer.newCgroup("/grp1", 500));
        layer.submit(new Bio(Op.READ, 0, 0, 400, fio, (b, t) -> { }), () -> { });
        layer.runUntil(SECOND);

        // (204800 - 104857) * HZ / bps = 95 jiffies, plus the 100 by which the just-started slice was rounded up;
        // re-issued by kthrotld
        assertThat(layer.passedDown()).singleElement().satisfies(p -> {
            assertThat(p.time()).isEqualTo(195 * MS);
            assertThat(p.fromSubmit()).isFalse();
            assertThat(p.task().name()).isEqualTo("kthrotld");
        });
    }

    @Test
    void aBioOverTheIopsLimitWaitsUntilTheNextSliceBoundary() {
        FakeBioLayer layer = fastDisk(false);
        // 20 IO/s allow 2 IOs per 100 ms slice
        install(layer, Map.of("grp1.riops", "20"));
        Task fio = layer.newTask("fio", layer.newCgroup("/grp1", 500));
        layer.at(30 * MS, () -> {
            for (int i = 0; i < 3; i++) {
                layer.submit(new Bio(Op.READ, 0, i * 8L, 8, fio, (b, t) -> { }), () -> { });
            }
        });
        layer.runUntil(SECOND);

        // the slice starts at 30; elapsed 0 rounds up (elapsed + 1) to 100: 2 go; the third waits to jiffy 130
        assertThat(layer.passedDown()).extracting(FakeBioLayer.PassedDown::time)
                .containsExactly(30 * MS, 30 * MS, 130 * MS);
    }

    @Test
    void biosOfOneDirectionLeaveInTheOrderTheyCame() {
        FakeBioLayer layer = fastDisk(false);
        install(layer, Map.of("grp1.riops", "100"));
        Task fio = layer.newTask("fio", layer.newCgroup("/grp1", 500));
        for (int i = 0; i < 50; i++) {
            layer.submit(new Bio(Op.READ, 0, i * 8L, 8, fio, (b, t) -> { }), () -> { });
        }
        layer.runUntil(2 * SECOND);

        assertThat(layer.passedDown()).hasSize(50);
        assertThat(layer.passedDown()).extracting(p -> p.bio().sector()).isSorted();
    }

    @Test
    void trimmingGivesBackWholePassedSlicesAndMovesTheSliceStart() {
        FakeBioLayer layer = fastDisk(false);
        IoMaxController c = install(layer, Map.of("grp1.riops", "100"));
        Task fio = layer.newTask("fio", layer.newCgroup("/grp1", 500));
        for (int i = 0; i < 5; i++) {
            layer.submit(new Bio(Op.READ, 0, i * 8L, 8, fio, (b, t) -> { }), () -> { });
        }
        layer.at(90 * MS, () -> layer.submit(new Bio(Op.READ, 0, 800, 8, fio, (b, t) -> { }), () -> { }));
        layer.at(150 * MS, () -> layer.submit(new Bio(Op.READ, 0, 900, 8, fio, (b, t) -> { }), () -> { }));
        layer.runUntil(160 * MS);

        IoMaxGroup tg = c.group("/grp1");
        // at 90 the slice [0, 100] is extended to 200; at 150, one whole slice has passed: 100 IO/s for 100
        // jiffies = 10 IOs trimmed, more than the 7 dispatched; the start moves by that slice, the end to 300
        assertThat(tg.sliceStart(0)).isEqualTo(100);
        assertThat(tg.ioDisp[0]).isZero();
        assertThat(tg.sliceEnd(0)).isEqualTo(300);
    }

    @Test
    void aSliceOverWithNothingQueuedStartsAnew() {
        FakeBioLayer layer = fastDisk(false);
        IoMaxController c = install(layer, Map.of("grp1.riops", "100"));
        Task fio = layer.newTask("fio", layer.newCgroup("/grp1", 500));
        for (int i = 0; i < 5; i++) {
            layer.submit(new Bio(Op.READ, 0, i * 8L, 8, fio, (b, t) -> { }), () -> { });
        }
        layer.at(250 * MS, () -> layer.submit(new Bio(Op.READ, 0, 800, 8, fio, (b, t) -> { }), () -> { }));
        layer.runUntil(260 * MS);

        IoMaxGroup tg = c.group("/grp1");
        assertThat(tg.sliceStart(0)).isEqualTo(250);
        assertThat(tg.ioDisp[0]).isEqualTo(1);
    }

    @Test
    void aLimitChangeCarriesWhatQueuedBiosWereOwedIntoTheNewSlice() {
        FakeBioLayer layer = fastDisk(false);
        // 10 IO/s: one IO per 100 ms slice
        IoMaxController c = install(layer, Map.of("grp1.riops", "10"));
        Task fio = layer.newTask("fio", layer.newCgroup("/grp1", 500));
        for (int i = 0; i < 4; i++) {
            layer.submit(new Bio(Op.READ, 0, i * 8L, 8, fio, (b, t) -> { }), () -> { });
        }
        layer.at(50 * MS, () -> c.setLimit("/grp1", "riops", 1000));
        layer.runUntil(SECOND);

        IoMaxGroup tg = c.group("/grp1");
        // at 50: 10 IO/s allowed 50 * 10 / 1000 = 0 IOs since the slice start, 1 went: carry-over -1 (owing),
        // kept by the new slice; at 1000 IO/s the three queued bios then go on the next tick
        assertThat(layer.passedDown()).extracting(FakeBioLayer.PassedDown::time)
                .containsExactly(0L, 51 * MS, 51 * MS, 51 * MS);
        assertThat(tg.carryoverIos[0]).isEqualTo(-1);
        assertThat(tg.sliceStart(0)).isEqualTo(50);
    }

    @Test
    void aLimitChangeWithNothingQueuedCarriesNothing() {
        FakeBioLayer layer = fastDisk(false);
        IoMaxController c = install(layer, Map.of("grp1.riops", "10"));
        Task fio = layer.newTask("fio", layer.newCgroup("/grp1", 500));
        layer.submit(new Bio(Op.READ, 0, 0, 8, fio, (b, t) -> { }), () -> { });
        layer.at(50 * MS, () -> c.setLimit("/grp1", "riops", 20));
        layer.runUntil(60 * MS);

        assertThat(c.group("/grp1").carryoverIos[0]).isZero();
        assertThat(c.group("/grp1").sliceStart(0)).isEqualTo(50);
    }

    @Test
    void theCarryOverIsWhatTheOldLimitAllowedMinusWhatWent() {
        FakeBioLayer layer = fastDisk(false);
        IoMaxController c = install(layer, Map.of("grp1.rbps", Long.toString(MIB)));
        Task fio = layer.newTask("fio", layer.newCgroup("/grp1", 500));
        // 4 bios of 64 KiB: 104857 bytes allowed in the first slice, so one goes and three wait
        for (int i = 0; i < 4; i++) {
            layer.submit(new Bio(Op.READ, 0, i * 128L, 128, fio, (b, t) -> { }), () -> { });
        }
        IoMaxGroup tg = c.group("/grp1");
        layer.at(40 * MS, () -> tg.updateCarryover(40, layer.trace()));
        layer.runUntil(40 * MS);

        // 1 MiB/s for 40 jiffies = 41943 bytes, 65536 went
        assertThat(tg.carryoverBytes[0]).isEqualTo(41943 - 65536);
    }

    @Test
    void aBioAlreadyChargedForBytesIsCountedForIopsOnly() {
        FakeBioLayer layer = fastDisk(false);
        IoMaxController c = install(layer, Map.of("grp1.rbps", "4096", "grp2.rbps", "4096", "grp2.riops", "1000"));
        Task one = layer.newTask("one", layer.newCgroup("/grp1", 500));
        Task two = layer.newTask("two", layer.newCgroup("/grp2", 500));
        Bio a = new Bio(Op.READ, 0, 0, 128, one, (b, t) -> { });
        Bio b = new Bio(Op.READ, 0, 1000, 128, two, (x, t) -> { });
        c.resubmitSplit(a);
        c.resubmitSplit(b);

        // grp1 has bps rules only: a split piece passes untouched; grp2 charges it one IO and no bytes
        assertThat(layer.passedDown()).extracting(FakeBioLayer.PassedDown::bio).containsExactly(a, b);
        assertThat(c.group("/grp2").ioDisp[0]).isEqualTo(1);
        assertThat(c.group("/grp2").bytesDisp[0]).isZero();
    }

    @Test
    void aRoundDispatchesAtMostThrottlQuantumAndAGroupSixReadsThenTwoWrites() {
        FakeBioLayer layer = fastDisk(true);
        IoMaxController c = install(layer, Map.of("grp1.riops", "1", "grp1.wiops", "1"));
        Task fio = layer.newTask("fio", layer.newCgroup("/grp1", 500));
        for (int i = 0; i < 21; i++) {
            layer.submit(new Bio(Op.READ, 0, i * 8L, 8, fio, (b, t) -> { }), () -> { });
            layer.submit(new Bio(Op.WRITE, RequestFlags.SYNC, 100_000 + i * 8L, 8, fio, (b, t) -> { }), () -> { });
        }
        layer.at(10 * MS, () -> {
            c.setLimit("/grp1", "riops", IoMaxConfig.MAX);
            c.setLimit("/grp1", "wiops", IoMaxConfig.MAX);
        });
        layer.runUntil(20 * MS);

        // 1 IO/s allows no IO in the first slice: 21 reads and 21 writes wait. Lifted, the first round serves
        // grp1 8 at a time, 6 reads then 2 writes: 6R2W three times (24), 3R2W (29), 2W (31), 2W (33): the
        // quantum of 32 is checked after each group's turn, so the round ends at 33 (21 reads, 12 writes)
        assertThat(layer.traceMessages()).filteredOn(m -> m.contains("throtl / bios disp="))
                .first().asString().endsWith("throtl / bios disp=33");
        assertThat(layer.passedDown()).filteredOn(p -> !p.fromSubmit()).hasSize(42);
    }

    @Test
    void thePendingTimerIsNeverArmedMoreThanEightSlicesAhead() {
        FakeBioLayer layer = fastDisk(true);
        install(layer, Map.of("grp1.rbps", "1"));
        Task fio = layer.newTask("fio", layer.newCgroup("/grp1", 500));
        layer.submit(new Bio(Op.READ, 0, 0, 8, fio, (b, t) -> { }), () -> { });

        assertThat(layer.traceMessages()).anyMatch(m -> m.endsWith("throtl / schedule timer. delay=800 jiffies=0"));
    }
}
