package org.iosched.device.preset;

import org.iosched.device.ssd.SsdParameters;

/**
 * The SSD presets. Every figure is from {@code shared/reference/devices-os.md}; the section is named beside each
 * preset; derived figures show their arithmetic, and figures the reference does not give are marked as
 * assumptions.
 */
public final class SsdPresets {
    /**
     * {@code ssd-x25m}: an Intel X25-M G2 class 160 GB SATA SSD (2009).
     * <ul>
     *   <li>Capacity 312,581,808 sectors (160 GB); 10 channels × 4 dies (§2.1, §5 D); 4 KiB pages, 64 per block,
     *       one page per program (§2.2, DiskSim's sample).</li>
     *   <li>Controller 28 µs per command, serial (§2.3, §5 D): caps 4 KiB reads at about 35K IOPS.</li>
     *   <li>Read: the 65 µs device latency of §2.1 [V] is controller + tR + channel transfer. With tR = 25 µs
     *       (§2.2, DiskSim) the 4 KiB channel transfer is 65 − 28 − 25 = 12 µs, i.e. 340 MB/s per channel.
     *       (§5 D's "tR 50 + 40 µs transfer" would give 118 µs with the 28 µs controller, contradicting §2.1's
     *       65 µs and §5 D's own 12K IOPS check.) Link: 250 MB/s, the SATA-limited sequential read of §2.1,
     *       16.4 µs per 4 KiB; QD1 read = 65 + 16.4 µs, about 12K IOPS.</li>
     *   <li>Write: acknowledged at 85 µs (§2.1) = 28 µs controller + 16.4 µs link + 41 µs into the buffer.
     *       Program 1,600 µs per page: derived from the 100 MB/s sequential write of §2.1 over 40 dies
     *       (40 × 4 KiB / 100 MB/s = 1.64 ms; §5 D's 0.6–0.9 ms would give 200 MB/s). Erase 2.5 ms (§5 D: 2–3).
     *       Buffer 32 MiB, the DRAM of §2.1 (an assumption: the reference does not say how much of it buffers
     *       data).</li>
     *   <li>FTL: greedy GC, 7.5% spare (§2.1, §5 D); GC keeps 5% of the spare area free (§5 D "start below 5%
     *       free", read as a share of the spare: 5% of all blocks would leave 2.5% effective spare and a
     *       steady state near 1K IOPS, below §5 D's 2–4K). Starts fresh.</li>
     *   <li>FLUSH 0.5 ms after the drain (§5 D: 0.5–2 ms, the drain being modelled separately); libata
     *       {@code fua=0} (§1.4); NCQ depth 31 (§1.3); {@code max_hw_sectors_kb} 32767 as libata's LBA48 limit.</li>
     * </ul>
     */
    public static final SsdParameters SSD_X25M = new SsdParameters(312_581_808L, 10, 4, 4, 64, 1, 25, 1600, 2500,
            340, 250, 28, 41, 32 * 1024, true, 0.5, false, 31, true, true, 7.5, 5, "fresh", 32767);

    /**
     * {@code ssd-x25m-flash}: the same drive as {@link #SSD_X25M}, built from the reference's flash figures
     * instead of the datasheet's 65 µs latency. The reference gives both, and they disagree (see
     * {@link #SSD_X25M}); this preset takes the components and lets the latency follow.
     * <ul>
     *   <li>Read: tR 50 µs (§5 D, 34 nm MLC), then 4 KiB over a 40 MB/s ONFI-1 channel, 102 µs (§2.3 item 2:
     *       "moving a 4 KiB page takes longer than tR"). With the 28 µs controller and the 250 MB/s link, QD1 is
     *       28 + 50 + 102 + 16 µs, about 5K IOPS; the ten channels then fill up gradually, and the controller's
     *       35K ceiling is reached near 12 requests in flight instead of 3.</li>
     *   <li>Program 1,540 µs per page: the 100 MB/s sequential write of §2.1 over 40 dies is 1.64 ms per die and
     *       page, of which the channel transfer now takes 0.10 ms.</li>
     *   <li>Everything else as {@link #SSD_X25M}: 10 channels × 4 dies, 32 MiB buffer, write ack 85 µs, 7.5%
     *       spare, FLUSH 0.5 ms, NCQ 31. Sequential reads stay at the link's 250 MB/s (10 × 40 MB/s of channels
     *       carry more).</li>
     * </ul>
     * Which of the two a drive of the time resembled depends on its firmware; seed 003 (a deep random reader's
     * gain from more requests in flight) shows the difference.
     */
    public static final SsdParameters SSD_X25M_FLASH = new SsdParameters(312_581_808L, 10, 4, 4, 64, 1, 50, 1540,
            2500, 40, 250, 28, 41, 32 * 1024, true, 0.5, false, 31, true, true, 7.5, 5, "fresh", 32767);

    /**
     * {@code nvme}: a modern 1 TB NVMe SSD (Samsung 980 PRO class, §5 E), for contrast: Linux drove NVMe from 3.3
     * on, and CFQ never did.
     * <ul>
     *   <li>Capacity 1,953,525,168 sectors (1 TB); 8 channels × 8 dies (§5 E); 4 KiB mapping unit; 16 KiB pages
     *       × 4 planes programmed together = 16 units per program (§2.2 SimpleSSD's 16 KiB page, §5 E "2–4
     *       planes").</li>
     *   <li>Controller 1 µs per command: 1M random IOPS (§5 E). Read tR 60 µs, so QD1 ≈ 65 µs (§5 E: 60–80 µs).
     *       Link 7,000 MB/s (§5 E sequential read). Channel 1,200 MB/s (assumption: the reference gives none;
     *       8 channels then carry more than the link).</li>
     *   <li>Program 840 µs per 64 KiB unit: derived from 5,000 MB/s sequential write over 64 dies
     *       (64 × 64 KiB / 5,000 MB/s = 0.84 ms, inside §5 E's 0.5–1.5 ms). Erase 4 ms (§5 E: 3–5).
     *       Buffered write ≈ 20 µs (§5 E: 15–25) = 1 + 0.6 link + 18 µs.</li>
     *   <li>Assumptions: 1,024 pages (4 MiB) per block; 32 MiB write buffer as {@code ssd-x25m}; queue depth
     *       1023 (one 1024-entry queue; Linux's per-CPU queues are not modelled).</li>
     *   <li>GC: 7% over-provisioning (§5 E), 5% of it kept free; no SLC cache (§5 E mentions one: not modelled).
     *       FLUSH 0.1 ms after the drain (§5 E: 0.1–1); FUA native; FLUSH is a queued command.</li>
     * </ul>
     */
    public static final SsdParameters NVME = new SsdParameters(1_953_525_168L, 8, 8, 4, 1024, 16, 60, 840, 4000,
            1200, 7000, 1, 18, 32 * 1024, true, 0.1, true, 1023, false, true, 7, 5, "fresh", 32767);

    private SsdPresets() {
    }
}
