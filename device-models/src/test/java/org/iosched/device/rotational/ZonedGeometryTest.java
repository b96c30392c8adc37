package org.iosched.device.rotational;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.iosched.device.preset.RotationalPresets;
import org.junit.jupiter.api.Test;

class ZonedGeometryTest {
    private static final ZonedGeometry DISK = new MediaTiming(RotationalPresets.HDD_7200).geometry();

    @Test
    void lbaZeroIsTheFirstSectorOfTheOuterCylinder() {
        assertThat(DISK.cylinder(0)).isZero();
        assertThat(DISK.head(0)).isZero();
        assertThat(DISK.sectorInTrack(0)).isZero();
    }

    @Test
    void aCylinderUsesEveryHeadBeforeTheNextCylinder() {
        int spt = DISK.sectorsPerTrack(0);

        assertThat(DISK.head(spt)).isEqualTo(1);
        assertThat(DISK.cylinder(spt)).isZero();
        assertThat(DISK.cylinder((long) spt * DISK.heads())).isEqualTo(1);
        assertThat(DISK.head((long) spt * DISK.heads())).isZero();
    }

    @Test
    void sectorsPerTrackFallFromOuterToInnerByTheRadiusRatio() {
        int outer = DISK.zoneSectorsPerTrack(0);
        int inner = DISK.zoneSectorsPerTrack(DISK.zones() - 1);

        // §5 A: about 2150 -> 1075 sectors per track at k = 0.5; zone mid radii put both slightly inside
        assertThat(outer).isBetween(2100, 2200);
        assertThat((double) inner / outer).isBetween(0.5, 0.53);
        for (int z = 1; z < DISK.zones(); z++) {
            assertThat(DISK.zoneSectorsPerTrack(z)).isLessThan(DISK.zoneSectorsPerTrack(z - 1));
        }
    }

    @Test
    void theLastSectorLiesInTheInnermostZoneNearTheLastCylinder() {
        long last = DISK.capacity() - 1;

        assertThat(DISK.zoneFirstLba(DISK.zones() - 1)).isLessThan(last);
        // whole sectors per track round up, so the capacity ends just short of the last cylinder
        assertThat(DISK.cylinder(last)).isBetween(DISK.cylinders() - DISK.cylinders() / 1000, DISK.cylinders() - 1);
    }

    @Test
    void sectorsBeyondTheCapacityAreRejected() {
        assertThatThrownBy(() -> DISK.cylinder(DISK.capacity())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void eachTrackStartsOneSkewAfterThePrevious() {
        int spt = DISK.sectorsPerTrack(0);
        double skew = DISK.angle(spt) - DISK.angle(0);
        double switchFraction = 0.8 / (60_000.0 / 7200);

        // skew = ceil(switch / T_rot * SPT) sectors (§1.1 Layout)
        assertThat(skew).isEqualTo(Math.ceil(switchFraction * spt) / spt, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Property(tries = 200)
    void cylinderNeverDecreasesWithLba(@ForAll @LongRange(min = 0, max = 1_953_525_166L) long lba,
                                       @ForAll @LongRange(min = 1, max = 50_000_000L) long step) {
        long next = Math.min(lba + step, DISK.capacity() - 1);

        assertThat(DISK.cylinder(next)).isGreaterThanOrEqualTo(DISK.cylinder(lba));
    }

    @Property(tries = 200)
    void anglesLieWithinOneRevolution(@ForAll @LongRange(min = 0, max = 1_953_525_167L) long lba) {
        assertThat(DISK.angle(lba)).isGreaterThanOrEqualTo(0).isLessThan(1);
    }
}
