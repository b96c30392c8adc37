package org.iosched.simulator.os;

import java.util.List;
import org.iosched.api.Settings;
import org.iosched.api.TunableDescriptor;

/**
 * The kernel settings of the OS model, with the kernel's names, units and defaults (Linux 2.6.32-3.0):
 * the machine's memory, the {@code vm.dirty_*} sysctls of {@code mm/page-writeback.c}, the ext4 mount options
 * {@code barrier} and {@code commit}, the allocator's fragmentation and the queue's {@code read_ahead_kb}.
 *
 * <p>Simplified: dirtyable memory is the whole of {@code vm.memory_mb} (the kernel counts free plus reclaimable
 * pages, which for a machine running only the workload is nearly all of it); the {@code *_bytes} variants of
 * the ratios are not offered.
 *
 * @param memoryMb                 {@code vm.memory_mb}: RAM in MiB, all of it usable by the page cache
 * @param dirtyBackgroundRatio     {@code vm.dirty_background_ratio} in %
 * @param dirtyRatio               {@code vm.dirty_ratio} in %
 * @param dirtyExpireCentisecs     {@code vm.dirty_expire_centisecs}
 * @param dirtyWritebackCentisecs  {@code vm.dirty_writeback_centisecs}; 0 turns periodic writeback off
 * @param readAheadKb              {@code queue/read_ahead_kb}; 0 turns readahead off
 * @param barrier                  ext4 {@code barrier=}: the commit block carries PREFLUSH and FUA
 * @param commitIntervalSeconds    ext4 {@code commit=}: the longest a transaction stays open
 * @param fragmentationPercent     the share of a file's 1 MiB allocation chunks that do not follow the previous one
 * @param writebackToOwner         {@code vm.writeback_cgroup=owner}: writeback bios are charged to the cgroup that
 *                                 dirtied the inode (the bio-cgroup page tracking dm-ioband used, and 4.2+'s cgroup
 *                                 writeback); {@code flusher}, the 2.6.32-3.0 default, leaves them with the flusher's
 * @param writebackPerBuffer       {@code fs.writeback_bio=buffer}: writeback submits one 4 KiB bio per buffer
 *                                 ({@code block_write_full_page}, 2.6.36 and earlier) and leaves merging to the
 *                                 elevator; {@code extent}, the 2.6.37-3.0 default, builds bios of contiguous pages
 * @param jbd2AsyncLog             {@code fs.jbd2_log_write=async}: jbd2 writes the descriptor and metadata copies of a
 *                                 commit as plain (async) WRITEs, as 2.6.32-2.6.36 did for every commit not forced by a
 *                                 synchronous handle; {@code sync}, the 2.6.37-3.0 default, writes them WRITE_SYNC
 */
public record OsTunables(long memoryMb, int dirtyBackgroundRatio, int dirtyRatio, int dirtyExpireCentisecs,
                         int dirtyWritebackCentisecs, int readAheadKb, boolean barrier, int commitIntervalSeconds,
                         int fragmentationPercent, boolean writebackToOwner, boolean writebackPerBuffer,
                         boolean jbd2AsyncLog) {
    /** Pages per MiB (4 KiB pages). */
    static final long PAGES_PER_MB = 256;
    /** {@code JBD2_DEFAULT_MAX_COMMIT_AGE}: what {@code commit=0} means. */
    static final int DEFAULT_COMMIT_SECONDS = 5;

    /** The {@code vm.*} settings, without the prefix. */
    public static final List<TunableDescriptor> VM = List.of(
            TunableDescriptor.integer("memory_mb", 4096, "MiB", 16, 1L << 20,
                    "RAM of the simulated machine; the page cache may use all of it and the dirty limits are "
                            + "ratios of it"),
            TunableDescriptor.integer("dirty_background_ratio", 10, "%", 0, 100,
                    "dirty memory at which the flusher starts background writeback (halved if not below "
                            + "dirty_ratio)"),
            TunableDescriptor.integer("dirty_ratio", 20, "%", 0, 100,
                    "dirty memory at which writers are throttled in balance_dirty_pages (at least 5)"),
            TunableDescriptor.integer("dirty_expire_centisecs", 3000, "centisecs", 0, Integer.MAX_VALUE,
                    "age at which dirty data is written back by the periodic (kupdate) writeback"),
            TunableDescriptor.integer("dirty_writeback_centisecs", 500, "centisecs", 0, Integer.MAX_VALUE,
                    "interval of the flusher's periodic wake-up; 0 turns periodic writeback off"),
            TunableDescriptor.choice("writeback_cgroup", "flusher", List.of("flusher", "owner"),
                    "whose blkio cgroup a writeback bio carries: the flusher's (2.6.32-3.0) or the cgroup that dirtied"
                            + " the inode (dm-ioband's bio-cgroup tracking; cgroup writeback of 4.2+)"));

    /** The {@code fs.*} settings (the ext4 file system on {@code sda1}), without the prefix. */
    public static final List<TunableDescriptor> FS = List.of(
            TunableDescriptor.bool("barrier", true,
                    "ext4 barrier=: jbd2 writes the commit block with PREFLUSH and FUA, and fsync flushes the "
                            + "cache when there is nothing to commit"),
            TunableDescriptor.integer("commit_interval", DEFAULT_COMMIT_SECONDS, "s", 0, 86_400,
                    "ext4 commit=: jbd2 commits a transaction at the latest this long after it started "
                            + "(0 means the default, 5)"),
            TunableDescriptor.integer("fragmentation", 0, "%", 0, 100,
                    "share of a file's 1 MiB allocation chunks that start after a gap (1-16 MiB) instead of "
                            + "following the previous chunk"),
            TunableDescriptor.choice("writeback_bio", "extent", List.of("extent", "buffer"),
                    "how writeback builds bios: extent, 2.6.37-3.0 ext4_bio_write_page (contiguous dirty pages in"
                            + " one bio up to max_sectors_kb); buffer, 2.6.36 and earlier block_write_full_page (one"
                            + " 4 KiB bio per buffer, merged by the elevator below any bio-based driver)"),
            TunableDescriptor.choice("jbd2_log_write", "sync", List.of("sync", "async"),
                    "how jbd2 writes a commit's descriptor and metadata log blocks: sync, 2.6.37-3.0 WRITE_SYNC; async,"
                            + " 2.6.32-2.6.36 plain WRITE unless the transaction is a synchronous commit (a handle"
                            + " with h_sync; fsync never makes one), so CFQ queues them as async I/O"));

    /** {@code queue/read_ahead_kb}, without the prefix. */
    public static final TunableDescriptor READ_AHEAD_KB = TunableDescriptor.integer("read_ahead_kb", 128, "KiB",
            0, 1L << 20, "largest readahead window (ra_pages = read_ahead_kb / 4); 0 turns readahead off");

    /** Validates the ranges. */
    public OsTunables {
        if (memoryMb < 16 || dirtyBackgroundRatio < 0 || dirtyBackgroundRatio > 100 || dirtyRatio < 0
                || dirtyRatio > 100 || dirtyExpireCentisecs < 0 || dirtyWritebackCentisecs < 0 || readAheadKb < 0
                || commitIntervalSeconds < 0 || fragmentationPercent < 0 || fragmentationPercent > 100) {
            throw new IllegalArgumentException("bad OS tunables");
        }
    }

    /** Every default. */
    public static OsTunables defaults() {
        return from(Settings.defaults("vm", VM), Settings.defaults("fs", FS), 128);
    }

    /** From resolved settings. */
    public static OsTunables from(Settings vm, Settings fs, int readAheadKb) {
        return new OsTunables(vm.getLong("memory_mb"), vm.getInt("dirty_background_ratio"), vm.getInt("dirty_ratio"),
                vm.getInt("dirty_expire_centisecs"), vm.getInt("dirty_writeback_centisecs"), readAheadKb,
                fs.getBoolean("barrier"), fs.getInt("commit_interval"), fs.getInt("fragmentation"),
                vm.getString("writeback_cgroup").equals("owner"), fs.getString("writeback_bio").equals("buffer"),
                fs.getString("jbd2_log_write").equals("async"));
    }

    /** A copy with another memory size. */
    public OsTunables withMemoryMb(long mb) {
        return new OsTunables(mb, dirtyBackgroundRatio, dirtyRatio, dirtyExpireCentisecs, dirtyWritebackCentisecs,
                readAheadKb, barrier, commitIntervalSeconds, fragmentationPercent, writebackToOwner,
                writebackPerBuffer, jbd2AsyncLog);
    }

    /** A copy with barriers on or off. */
    public OsTunables withBarrier(boolean on) {
        return new OsTunables(memoryMb, dirtyBackgroundRatio, dirtyRatio, dirtyExpireCentisecs, dirtyWritebackCentisecs,
                readAheadKb, on, commitIntervalSeconds, fragmentationPercent, writebackToOwner,
                writebackPerBuffer, jbd2AsyncLog);
    }

    /** A copy with another fragmentation. */
    public OsTunables withFragmentation(int percent) {
        return new OsTunables(memoryMb, dirtyBackgroundRatio, dirtyRatio, dirtyExpireCentisecs, dirtyWritebackCentisecs,
                readAheadKb, barrier, commitIntervalSeconds, percent, writebackToOwner, writebackPerBuffer,
                jbd2AsyncLog);
    }

    /** A copy whose jbd2 writes its log blocks async (2.6.32-2.6.36) or WRITE_SYNC (2.6.37-3.0). */
    public OsTunables withJbd2AsyncLog(boolean async) {
        return new OsTunables(memoryMb, dirtyBackgroundRatio, dirtyRatio, dirtyExpireCentisecs, dirtyWritebackCentisecs,
                readAheadKb, barrier, commitIntervalSeconds, fragmentationPercent, writebackToOwner, writebackPerBuffer,
                async);
    }

    /** Memory in 4 KiB pages. */
    public long memoryPages() {
        return memoryMb * PAGES_PER_MB;
    }

    /** {@code ra_pages}. */
    int readAheadPages() {
        return readAheadKb / 4;
    }

    /** The commit interval in seconds, with 0 meaning the default. */
    int effectiveCommitSeconds() {
        return commitIntervalSeconds == 0 ? DEFAULT_COMMIT_SECONDS : commitIntervalSeconds;
    }
}
