package org.iosched.device.preset;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.iosched.device.LoadDriver.Result;
import org.iosched.device.LoadDriver.Spec;
import org.junit.jupiter.api.Test;

/** Calibration of {@code sas-15k} against devices-os.md §5 C. */
class Sas15kCalibrationTest {
    private static Result randomReads(int depth) {
        long capacity = RotationalPresets.SAS_15K.capacitySectors();
        return Hdd7200CalibrationTest.run(new Sas15kProvider(), Map.of("queue_depth", Integer.toString(depth)),
                (i, random) -> Spec.read(random.nextLong(capacity / 8) * 8, 8), depth, 2100, 100);
    }

    @Test
    void randomReadsGiveAbout184IopsAtDepthOneAnd480AtDepth31() {
        // §5 C checks: ≈184 at QD1, ≈480 at QD31 (ideal SATF); tolerance ±10% at QD1, -20%/+10% at QD31 (§5 B)
        assertThat(randomReads(1).iops()).isBetween(166.0, 202.0);
        assertThat(randomReads(31).iops()).isBetween(384.0, 528.0);
    }

    @Test
    void sequentialReadsAtTheOuterZoneRunAt204MegabytesPerSecond() {
        Result outer = Hdd7200CalibrationTest.run(new Sas15kProvider(), Map.of(),
                (i, r) -> Spec.read(i * 2048L, 2048), 1, 200, 10);

        // §1.2/§5 C: 204 MB/s outer; ±10%
        assertThat(outer.megabytesPerSecond()).isBetween(184.0, 224.0);
    }
}
