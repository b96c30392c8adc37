package org.iosched.device.preset;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.iosched.device.LoadDriver.Spec;
import org.junit.jupiter.api.Test;

/** Sanity of the {@code nvme} contrast preset against devices-os.md §5 E. */
class NvmeCalibrationTest {
    @Test
    void queueDepthOneReadsTakeSixtyToEightyMicroseconds() {
        long capacity = SsdPresets.NVME.capacitySectors();
        double iops = Hdd7200CalibrationTest.run(new NvmeProvider(), Map.of(),
                (i, r) -> Spec.read(r.nextLong(capacity / 8) * 8, 8), 1, 5000, 100).iops();

        // §5 E: QD1 read 60-80 µs, ≈15-20K IOPS
        assertThat(iops).isBetween(12_500.0, 16_700.0);
    }

    @Test
    void deepQueuesReachHundredsOfThousandsOfRandomReads() {
        long capacity = SsdPresets.NVME.capacitySectors();
        double iops = Hdd7200CalibrationTest.run(new NvmeProvider(), Map.of(),
                (i, r) -> Spec.read(r.nextLong(capacity / 8) * 8, 8), 128, 50_000, 1000).iops();

        // §5 E: up to 1M random 4 KiB IOPS at very deep queues; 128 in flight over 64 dies gets well past 300K
        assertThat(iops).isBetween(300_000.0, 1_000_000.0);
    }
}
