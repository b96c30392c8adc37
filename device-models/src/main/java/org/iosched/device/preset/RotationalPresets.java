package org.iosched.device.preset;

import org.iosched.device.rotational.RotationalParameters;

/**
 * The rotational disk presets. Every figure is from {@code shared/reference/devices-os.md}; the section is named
 * beside each preset, and figures the reference does not give are marked as assumptions.
 */
public final class RotationalPresets {
    /**
     * {@code hdd-7200}: a 1 TB SATA 7200 rpm desktop disk of about 2010 (Barracuda 7200.12 class), without NCQ.
     * Reference §5 A: 1,953,525,168 sectors, 4 heads, N = 300,000 cylinders; 7200 rpm; seek t1 0.8, tavg 8.5,
     * tmax 16.5 ms, writes +1.0 ms; head switch 0.8 ms; k = 0.5 (132 → 66 MB/s; sectors per track follow from
     * capacity, heads and N: 2,148 in the outer zone, 1,108 in the inner one); "20–30 zones" (we take 24);
     * SATA 3G 280 MB/s; overhead 0.1 hit / 0.2 miss ms; 32 MiB cache in 16 segments, read-ahead after a miss;
     * write cache on, destage above 75% full; FLUSH 0.2 ms on a clean cache. §1.2/§1.4: libata {@code fua=0}.
     * §1.3: aged SATF w = 0.02, T_max = 1 s (at depth 1 they rank the one queued command against destage work).
     * {@code max_hw_sectors_kb} 32767 is libata's {@code ATA_MAX_SECTORS_LBA48} (65535 sectors).
     */
    public static final RotationalParameters HDD_7200 = new RotationalParameters(1_953_525_168L, 4, 300_000, 24,
            0.5, 7200, 0.8, 8.5, 16.5, 1.0, 0.8, 280, 0.1, 0.2, 32 * 1024, 16, true, true, 75, 0.2, false, 1, 0.02,
            1000, true, 32767);

    /** {@code hdd-7200-ncq}: {@link #HDD_7200} with NCQ at libata's depth 31 (§5 B, §1.3 {@code ATA_TAG_INTERNAL}). */
    public static final RotationalParameters HDD_7200_NCQ = HDD_7200.withQueueDepth(31);

    /**
     * {@code sas-15k}: a 600 GB 15k rpm SAS disk (Cheetah 15K.7 class). Reference §5 C: 8 heads, N ≈ 110,000;
     * 15,000 rpm; seek t1 0.2, tavg 3.4 (write 3.9, hence settle 0.5), tmax 6.6 ms; head switch 0.25 ms;
     * 204 → 122 MB/s (k ≈ 0.6); 16 MiB cache; TCQ host depth 32; aged SATF. Capacity 1,172,123,568 sectors
     * (600 GB). Assumptions (the reference gives none): 24 zones and 16 segments as §5 A, overheads and FLUSH
     * time as §5 A, SAS 6 Gb/s link at 560 MB/s (twice §5 A's SATA 3G), FUA honoured (SCSI DPO/FUA), write cache
     * on (§5 C: "configurable"), SYNCHRONIZE CACHE queued under TCQ.
     */
    public static final RotationalParameters SAS_15K = new RotationalParameters(1_172_123_568L, 8, 110_000, 24, 0.6,
            15000, 0.2, 3.4, 6.6, 0.5, 0.25, 560, 0.1, 0.2, 16 * 1024, 16, true, true, 75, 0.2, true, 32, 0.02, 1000,
            false, 32767);

    private RotationalPresets() {
    }
}
