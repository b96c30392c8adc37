package org.iosched.device.preset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.iosched.api.BlockDevice;
import org.iosched.api.BlockDeviceProvider;
import org.iosched.device.Devices;
import org.iosched.device.FakeDeviceContext;
import org.iosched.device.LoadDriver;
import org.iosched.device.LoadDriver.Result;
import org.iosched.device.LoadDriver.Spec;
import org.junit.jupiter.api.Test;

/**
 * Calibration of the 7200 rpm presets against devices-os.md §5 A/B and §1.3/§1.4 (issue 4). Each test states
 * the reference figure and the tolerance; the measured figures are in CALIBRATION.md.
 */
class Hdd7200CalibrationTest {
    private static final int MIB = 2048;

    static Result run(BlockDeviceProvider provider, Map<String, String> overrides, LoadDriver.Source source, int depth,
                      long total, long warmup) {
        FakeDeviceContext context = new FakeDeviceContext(1);
        BlockDevice device = Devices.create(provider, context, overrides);
        return new LoadDriver(context, device, 7).run(source, depth, total, warmup);
    }

    private static Result randomReads(BlockDeviceProvider provider, int depth) {
        long capacity = RotationalPresets.HDD_7200.capacitySectors();
        return run(provider, Map.of("queue_depth", Integer.toString(depth)),
                (i, random) -> Spec.read(random.nextLong(capacity / 8) * 8, 8), depth, 1100, 100);
    }

    @Test
    void sequentialOneMibReadsAtTheOuterZoneRunAt130MegabytesPerSecond() {
        Result outer = run(new Hdd7200Provider(), Map.of(), (i, r) -> Spec.read(i * MIB, MIB), 1, 200, 10);

        // reference 132 MB/s media rate (§5 A), issue: ≈130 ±10%; we also pay the head switch per track
        assertThat(outer.megabytesPerSecond()).isCloseTo(130, within(13.0));
    }

    @Test
    void sequentialReadsAtTheInnerZoneRunAtAboutHalfTheOuterRate() {
        long base = RotationalPresets.HDD_7200.capacitySectors() - 400L * MIB;
        Result outer = run(new Hdd7200Provider(), Map.of(), (i, r) -> Spec.read(i * MIB, MIB), 1, 200, 10);
        Result inner = run(new Hdd7200Provider(), Map.of(), (i, r) -> Spec.read(base + i * MIB, MIB), 1, 200, 10);

        // k = 0.5 (§5 A: 132 -> 66 MB/s); the inner zone's mid radius puts it slightly above half
        assertThat(inner.megabytesPerSecond() / outer.megabytesPerSecond()).isBetween(0.45, 0.55);
    }

    @Test
    void randomFourKibReadsOverTheWholeDiskAtQueueDepthOneGiveAbout79Iops() {
        Result qd1 = randomReads(new Hdd7200Provider(), 1);

        // §5 A check: ≈79 IOPS; issue: 75-85
        assertThat(qd1.iops()).isBetween(75.0, 85.0);
    }

    @Test
    void ncqRandomReadIopsRiseWithQueueDepth() {
        double qd1 = randomReads(new Hdd7200NcqProvider(), 1).iops();
        double qd4 = randomReads(new Hdd7200NcqProvider(), 4).iops();
        double qd8 = randomReads(new Hdd7200NcqProvider(), 8).iops();
        double qd31 = randomReads(new Hdd7200NcqProvider(), 31).iops();

        // §5 B: 114 / 136 / 198 at QD 4 / 8 / 31 ideal, real firmware 10-20% less; issue: QD31 / QD1 in 1.8..2.6
        assertThat(qd4).isGreaterThan(qd1);
        assertThat(qd8).isGreaterThan(qd4);
        assertThat(qd31).isGreaterThan(qd8);
        assertThat(qd31 / qd1).isBetween(1.8, 2.6);
    }

    @Test
    void smallWritesEachFollowedByAFlushReachTensPerSecondWithTheCacheOnOrOff() {
        long capacity = RotationalPresets.HDD_7200.capacitySectors();
        LoadDriver.Source writeThenFlush = (i, r) -> i % 2 == 1 ? Spec.flush() : Spec.write(r.nextLong(capacity / 8) * 8, 8);
        Result cacheOn = run(new Hdd7200Provider(), Map.of("write_cache", "1"), writeThenFlush, 1, 1000, 0);
        Result cacheOff = run(new Hdd7200Provider(), Map.of("write_cache", "0"), writeThenFlush, 1, 1000, 0);

        // §1.4: one positioning per flush (cache on) or per write (cache off): tens per second, not hundreds
        double pairsOn = cacheOn.iops() / 2;
        double pairsOff = cacheOff.iops() / 2;
        assertThat(pairsOn).isBetween(40.0, 100.0);
        assertThat(pairsOff).isBetween(40.0, 100.0);
    }

    @Test
    void smallWritesWithoutFlushesReachHundredsPerSecondOnceTheCacheIsFull() {
        long capacity = RotationalPresets.HDD_7200.capacitySectors();
        // 10,000 writes fill the 32 MiB buffer (8,192 x 4 KiB); the next 20,000 run at the destage rate
        Result steady = run(new Hdd7200Provider(), Map.of(), (i, r) -> Spec.write(r.nextLong(capacity / 8) * 8, 8),
                1, 30_000, 10_000);

        // §1.4 "barriers off, write cache on: hundreds to >1000"; shortest-access-time destaging of a full buffer
        assertThat(steady.iops()).isBetween(200.0, 1000.0);
    }
}
