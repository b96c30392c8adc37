package org.iosched.device.rotational;

/**
 * Where a sector lies on a zoned disk: LBA to (cylinder, head, sector in track, angle).
 *
 * <p>Features: zoned bit recording after DiskSim's layout model (devices-os.md §1.1): cylinders are split into
 * {@code zones} bands of equal cylinder count; a band's sectors per track is proportional to its mid radius
 * {@code r = 1 - (1 - k) c / N} (constant linear density, k = inner/outer radius), scaled so that the disk
 * holds its capacity. LBA 0 is on the outer edge; within a cylinder all heads are used before the next
 * cylinder. Each track starts {@code skew} sectors after the previous track's start, where
 * {@code skew = ceil(switch / T_rot * SPT)} hides the head or cylinder switch (§1.1 "Layout").
 *
 * <p>Limitations: radius is linear in cylinder number within the disk (not in LBA fraction, as the continuous
 * law of §1.1 has it); no spare sectors or defect slipping; one skew serves head and cylinder switches; the
 * skew jumps at zone boundaries.
 *
 * <p>Notes: the last zone may hold a few sectors more than the capacity; those are never addressed.
 */
public final class ZonedGeometry {
    private final int heads;
    private final int cylinders;
    private final long capacity;
    private final long[] zoneFirstLba;
    private final int[] zoneFirstCylinder;
    private final int[] zoneSectorsPerTrack;
    private final double[] zoneSkewFraction;

    /**
     * @param capacitySectors capacity in sectors
     * @param heads           recording surfaces
     * @param cylinders       cylinders
     * @param zones           bands of equal cylinder count
     * @param innerOuterRatio k
     * @param switchFraction  head/cylinder switch time as a fraction of a revolution
     */
    public ZonedGeometry(long capacitySectors, int heads, int cylinders, int zones, double innerOuterRatio,
                         double switchFraction) {
        this.heads = heads;
        this.cylinders = cylinders;
        this.capacity = capacitySectors;
        zoneFirstLba = new long[zones + 1];
        zoneFirstCylinder = new int[zones + 1];
        zoneSectorsPerTrack = new int[zones];
        zoneSkewFraction = new double[zones];
        double[] radius = new double[zones];
        double radiusCylinders = 0;
        for (int z = 0; z <= zones; z++) {
            zoneFirstCylinder[z] = (int) ((long) cylinders * z / zones);
        }
        for (int z = 0; z < zones; z++) {
            double mid = (zoneFirstCylinder[z] + zoneFirstCylinder[z + 1]) / 2.0;
            radius[z] = 1.0 - (1.0 - innerOuterRatio) * mid / cylinders;
            radiusCylinders += radius[z] * (zoneFirstCylinder[z + 1] - zoneFirstCylinder[z]);
        }
        double outerSectorsPerTrack = capacitySectors / (heads * radiusCylinders);
        long lba = 0;
        for (int z = 0; z < zones; z++) {
            int spt = (int) Math.ceil(outerSectorsPerTrack * radius[z]);
            zoneSectorsPerTrack[z] = spt;
            zoneFirstLba[z] = lba;
            lba += (long) spt * heads * (zoneFirstCylinder[z + 1] - zoneFirstCylinder[z]);
            zoneSkewFraction[z] = Math.ceil(switchFraction * spt) / spt;
        }
        zoneFirstLba[zones] = lba;
        if (lba < capacitySectors) {
            throw new IllegalStateException("geometry holds " + lba + " sectors, fewer than " + capacitySectors);
        }
    }

    /** The zone holding {@code lba}. */
    public int zone(long lba) {
        if (lba < 0 || lba >= capacity) {
            throw new IllegalArgumentException("sector " + lba + " outside 0.." + (capacity - 1));
        }
        int lo = 0;
        int hi = zoneSectorsPerTrack.length - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (zoneFirstLba[mid] <= lba) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    /** Global track number (cylinder * heads + head) of {@code lba}. */
    public long track(long lba) {
        int z = zone(lba);
        return (long) zoneFirstCylinder[z] * heads + (lba - zoneFirstLba[z]) / zoneSectorsPerTrack[z];
    }

    /** Cylinder of {@code lba}. */
    public int cylinder(long lba) {
        return (int) (track(lba) / heads);
    }

    /** Head (surface) of {@code lba}. */
    public int head(long lba) {
        return (int) (track(lba) % heads);
    }

    /** Sectors per track at {@code lba}. */
    public int sectorsPerTrack(long lba) {
        return zoneSectorsPerTrack[zone(lba)];
    }

    /** Index of {@code lba} within its track, 0..SPT-1. */
    public int sectorInTrack(long lba) {
        int z = zone(lba);
        return (int) ((lba - zoneFirstLba[z]) % zoneSectorsPerTrack[z]);
    }

    /** Angle of the start of sector {@code lba}, as a fraction of a revolution in [0, 1). */
    public double angle(long lba) {
        int z = zone(lba);
        long offset = lba - zoneFirstLba[z];
        int spt = zoneSectorsPerTrack[z];
        long track = (long) zoneFirstCylinder[z] * heads + offset / spt;
        double a = track * zoneSkewFraction[z] + (double) (offset % spt) / spt;
        return a - Math.floor(a);
    }

    /** Heads. */
    public int heads() {
        return heads;
    }

    /** Cylinders. */
    public int cylinders() {
        return cylinders;
    }

    /** Capacity in sectors. */
    public long capacity() {
        return capacity;
    }

    /** Number of zones. */
    public int zones() {
        return zoneSectorsPerTrack.length;
    }

    /** Sectors per track of zone {@code z}. */
    public int zoneSectorsPerTrack(int z) {
        return zoneSectorsPerTrack[z];
    }

    /** First LBA of zone {@code z}. */
    public long zoneFirstLba(int z) {
        return zoneFirstLba[z];
    }

    /** First cylinder of zone {@code z}. */
    public int zoneFirstCylinder(int z) {
        return zoneFirstCylinder[z];
    }
}
