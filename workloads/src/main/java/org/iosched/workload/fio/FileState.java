package org.iosched.workload.fio;

import java.util.random.RandomGenerator;
import org.iosched.api.FileHandle;

/**
 * One file (or the raw device) of a job and where the job is in it ({@code struct fio_file}): the I/O
 * region ({@code file_offset} and {@code io_size}), the sequential position per direction
 * ({@code last_pos}), the random map and the random-offset picker. Offsets follow io_u.c
 * {@code get_next_block}: a new offset every {@code ddir_seq_nr} I/Os for random patterns (in between,
 * sequential or identical per {@code rw_sequencer}), {@code percentage_random}, and the skip of
 * {@code rw=...:N} for sequential ones.
 */
final class FileState {
    final FileHandle handle;
    /** Where the I/O region starts in the file ({@code get_start_offset}). */
    final long start;
    /**
     * Where the I/O region starts now ({@code file_offset}): {@link #start}, or with {@code zonemode=strided}
     * the start of the current zone.
     */
    long fileOffset;
    /** Length of the I/O region ({@code io_size}). */
    final long ioSize;
    /** Size of the file ({@code real_file_size}). */
    final long realSize;
    final long[] lastPos = new long[Ddir.COUNT];
    final long[] lastStart = new long[Ddir.COUNT];
    final long[] lastLength = new long[Ddir.COUNT];
    private final RandomMap map;
    private final BlockPicker picker;
    private final long mapBlockSize;
    /** Whether this file yielded no more offsets in this pass. */
    boolean done;
    /** Whether the job wrote to it (for {@code end_fsync}). */
    boolean written;
    /** Whether the last offset came from a random pick ({@code is_random}). */
    boolean randomPick;
    /** Whether the last offset came from a random pick that the map tracks. */
    private boolean mapTracked;
    private long mapBlock;

    FileState(FileHandle handle, long start, long ioSize, long realSize, JobOptions o, RandomGenerator random) {
        this.handle = handle;
        this.start = start;
        this.fileOffset = start;
        this.ioSize = ioSize;
        this.realSize = realSize;
        long rwMinBs = o.minBlockSize();
        this.mapBlockSize = rwMinBs;
        if (o.rw.random()) {
            long span = Math.max(ioSize, o.zoneRange);
            long blocks = Math.max(1, (span + rwMinBs - 1) / rwMinBs);
            this.picker = new BlockPicker(o.distribution, blocks, random);
            if (!o.norandommap && blocks > RandomMap.MAX_BLOCKS) {
                throw new ValueException("fio: failed allocating random map: " + blocks + " blocks of "
                        + rwMinBs + " bytes; iosched's limit is " + RandomMap.MAX_BLOCKS + " blocks; accepted: "
                        + "norandommap (what fio's softrandommap then does), a larger bs or a smaller size");
            }
            this.map = o.norandommap ? null : new RandomMap(blocks);
        } else {
            this.picker = null;
            this.map = null;
        }
        reset();
    }

    /**
     * Whether a zoned_abs zone that receives accesses ends beyond the last block of direction {@code d}
     * (fio: "zoned_abs sizes exceed file size", and the job fails at the first offset drawn there).
     */
    boolean zonesExceedFile(int d, JobOptions o) {
        if (picker == null || o.distribution.kind() != OffsetDistribution.Kind.ZONED_ABS) {
            return false;
        }
        boolean used = d == Ddir.READ.ordinal() ? o.rw.reads() : d == Ddir.WRITE.ordinal() ? o.rw.writes()
                : o.rw.trims();
        if (!used) {
            return false;
        }
        long ba = o.blockAlign[d];
        long maxSize = Math.min(ioSize, realSize);
        if (o.minBs[d] > ba) {
            maxSize -= o.minBs[d] - ba;
        }
        return o.distribution.zones().accessedEnd() / ba > maxSize / ba;
    }

    /** Start a new pass: positions back to the start, random map cleared ({@code fio_file_reset}). */
    void reset() {
        for (int d = 0; d < Ddir.COUNT; d++) {
            lastPos[d] = fileOffset;
            lastStart[d] = -1;
        }
        if (map != null) {
            map.clear();
        }
        done = false;
    }

    /**
     * The absolute offset of the next I/O in direction {@code d}, or -1 when this file has no more in
     * this pass.
     *
     * @param newOffset   whether {@code ddir_seq_nr} asks for a new offset now
     * @param doRandom    for random patterns, whether this I/O is random ({@code percentage_random})
     * @param timeBased   whether an exhausted region wraps around ({@code time_based})
     */
    long nextOffset(int d, JobOptions o, boolean newOffset, boolean doRandom, boolean timeBased) {
        mapTracked = false;
        randomPick = false;
        long rel;
        if (newOffset) {
            if (o.rw.random() && doRandom) {
                rel = randomOffset(d, o, timeBased);
                randomPick = rel >= 0;
            } else {
                rel = sequentialOffset(d, o, timeBased);
                if (rel < 0 && o.rw.random()) {
                    rel = randomOffset(d, o, timeBased);
                }
            }
        } else if (!o.rwSequencerIdentical) {
            rel = sequentialOffset(d, o, timeBased);
            if (rel < 0 && o.rw.random()) {
                rel = randomOffset(d, o, timeBased);
                mapTracked = false;
            }
        } else {
            rel = lastStart[d] >= 0 ? lastStart[d] - fileOffset : 0;
        }
        if (rel < 0 || rel >= ioSize) {
            return -1;
        }
        long offset = rel + fileOffset;
        return offset >= realSize ? -1 : offset;
    }

    /** fio's {@code get_next_seq_offset}, relative to {@code fileOffset}; -1 at the end of the region. */
    private long sequentialOffset(int d, JobOptions o, boolean timeBased) {
        if (lastPos[d] >= ioSize + fileOffset && timeBased) {
            lastPos[d] = fileOffset;
        }
        if (lastPos[d] >= realSize) {
            return -1;
        }
        if (lastPos[d] == fileOffset && fileOffset != 0 && o.ddirSeqAdd < 0) {
            lastPos[d] = Math.min(realSize, ioSize);
        }
        long pos = lastPos[d] - fileOffset;
        if (pos != 0 && o.ddirSeqAdd != 0) {
            pos += o.ddirSeqAdd;
            if (pos < 0 || pos >= realSize) {
                pos = o.ddirSeqAdd > 0 ? 0 : Math.min(realSize, ioSize) + o.ddirSeqAdd;
            }
        }
        return pos;
    }

    /** fio's {@code get_next_rand_block}: a random block, through the random map; wraps for time_based. */
    private long randomOffset(int d, JobOptions o, boolean timeBased) {
        long b = randomBlock(d, o);
        if (b < 0 && timeBased) {
            reset();
            b = randomBlock(d, o);
        }
        return b < 0 ? -1 : b * o.blockAlign[d];
    }

    private long randomBlock(int d, JobOptions o) {
        long ba = o.blockAlign[d];
        // fio's last_block: with zonemode=strided, random offsets stay inside the zone's range
        long maxSize = o.zoneRange > 0 ? o.zoneRange : Math.min(ioSize, realSize);
        if (o.minBs[d] > ba) {
            maxSize -= o.minBs[d] - ba;
        }
        long lastBlock = maxSize / ba;
        if (lastBlock <= 0) {
            return -1;
        }
        long b = picker.next(lastBlock, ba);
        if (!picker.uniform()) {
            return Math.min(b, lastBlock - 1);
        }
        if (map == null) {
            return b;
        }
        long mb = b * ba / mapBlockSize;
        if (!map.isFree(mb)) {
            mb = map.nextFree(mb);
            if (mb < 0) {
                return -1;
            }
            b = mb * mapBlockSize / ba;
        }
        mapTracked = true;
        mapBlock = mb;
        return b;
    }

    /**
     * Mark the blocks of an I/O at the last picked random offset ({@code mark_random_map}); returns the
     * length, shortened where the run of free blocks ends.
     */
    long markRandom(long length) {
        if (!mapTracked || map == null) {
            return length;
        }
        int blocks = (int) Math.min(Integer.MAX_VALUE, (length + mapBlockSize - 1) / mapBlockSize);
        int marked = map.mark(mapBlock, blocks);
        long covered = marked * mapBlockSize;
        return covered < length ? Math.max(covered, mapBlockSize) : length;
    }

    /**
     * {@code zonemode=strided} before an I/O in direction {@code d} ({@code __fill_io_u_zone}): once
     * {@code zonesize} bytes are done the zone moves on by {@code zonerange + zoneskip} (back to the start
     * offset past the end of the file); a position past the zone's range returns to its start (a zonesize
     * larger than the zonerange goes over the zone again); every {@code zonerange} bytes the positions and
     * the random map start afresh ({@code fio_file_reset}).
     *
     * @param zoneBytes the bytes the job did in this zone ({@code zone_bytes}), before any switch
     * @return the zone bytes after a switch (0) or {@code zoneBytes}
     */
    long stride(int d, JobOptions o, long zoneBytes) {
        long bytes = zoneBytes;
        if (bytes >= o.zoneSize) {
            bytes = 0;
            fileOffset += o.zoneRange + o.zoneSkip;
            if (fileOffset >= realSize) {
                fileOffset = start;
            }
            lastPos[d] = fileOffset;
        }
        if (lastPos[d] >= fileOffset + o.zoneRange) {
            lastPos[d] = fileOffset;
        }
        if (bytes % o.zoneRange == 0) {
            reset();
        }
        return bytes;
    }

    /** Record an issued I/O ({@code last_pos}, {@code last_start}). */
    void issued(int d, long offset, long length) {
        lastPos[d] = offset + length;
        lastStart[d] = offset;
        lastLength[d] = length;
    }

    /** Whether {@code length} bytes at {@code offset} stay inside the region ({@code io_u_fits}). */
    boolean fits(long offset, long length) {
        return offset + length <= fileOffset + ioSize;
    }
}
