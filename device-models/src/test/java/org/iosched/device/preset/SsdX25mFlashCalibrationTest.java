package org.iosched.device.preset;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.SplittableRandom;
import org.iosched.device.LoadDriver;
import org.iosched.device.LoadDriver.Result;
import org.iosched.device.LoadDriver.Spec;
import org.junit.jupiter.api.Test;

/**
 * Calibration of {@code ssd-x25m-flash} against devices-os.md §2.1, §2.3 and §5 D: the flash figures give the
 * latency, the datasheet's ceilings stay.
 */
class SsdX25mFlashCalibrationTest {
    private static final long CAPACITY = SsdPresets.SSD_X25M_FLASH.capacitySectors();

    private static Result run(LoadDriver.Source source, int depth, long total, long warmup) {
        return Hdd7200CalibrationTest.run(new SsdX25mFlashProvider(), Map.of(), source, depth, total, warmup);
    }

    private static Spec randomRead(long i, SplittableRandom r) {
        return Spec.read(r.nextLong(CAPACITY / 8) * 8, 8);
    }

    private static double randomReadIops(int depth) {
        return run(SsdX25mFlashCalibrationTest::randomRead, depth, 20_000, 1000).iops();
    }

    @Test
    void aRandomReadAloneTakesControllerTrChannelAndLinkTime() {
        // 28 + 50 + 4096 B / 40 MB/s (102.4) + 4096 B / 250 MB/s (16.4) = 196.8 us: 5.08K IOPS
        assertThat(randomReadIops(1)).isBetween(4_800.0, 5_300.0);
    }

    @Test
    void randomReadsGainGraduallyWithDepthUpToTheControllersCeiling() {
        double qd4 = randomReadIops(4);
        double qd8 = randomReadIops(8);
        double qd31 = randomReadIops(31);

        // the same 35K ceiling as ssd-x25m (§2.1, §5 D: 30-40K at QD 31)
        assertThat(qd31).isBetween(30_000.0, 40_000.0);
        // but four commands fill only part of ten channels (§2.3 items 1-2), where ssd-x25m is saturated by three
        assertThat(qd4).isBetween(3.5 * randomReadIops(1), 0.65 * qd31);
        assertThat(qd8).isGreaterThan(1.4 * qd4);
    }

    @Test
    void sequentialReadsStillRunAtTheLinksTwoHundredFiftyMegabytesPerSecond() {
        Result seq = run((i, r) -> Spec.read(i * 256, 256), 4, 5000, 100);

        // §2.1: 250 MB/s, SATA-limited; ten 40 MB/s channels carry more
        assertThat(seq.megabytesPerSecond()).isBetween(225.0, 275.0);
    }

    @Test
    void sequentialWritesStillRunAt100MegabytesPerSecond() {
        Result seq = run((i, r) -> Spec.write(i * 256, 256), 4, 5000, 1000);

        // §2.1: 100 MB/s (160 GB model); ±10%
        assertThat(seq.megabytesPerSecond()).isBetween(90.0, 110.0);
    }
}
