package org.iosched.simulator.os;

import java.util.Arrays;
import java.util.random.RandomGenerator;
import org.iosched.api.DeviceInfo;
import org.iosched.api.InvalidInputException;
import org.iosched.api.Task;

/**
 * Where things lie on the device: one partition {@code sda1} from 1 MiB to the end, holding an ext4 file system
 * as {@code mke2fs -t ext4} of e2fsprogs 1.41/1.42 lays it out, reduced to what the I/O pattern depends on.
 *
 * <ul>
 *   <li>4 KiB blocks in groups of 32768 (128 MiB); block 0 is the superblock, then the group descriptor table
 *       (32-byte descriptors, 128 per block).</li>
 *   <li>{@code flex_bg} of 16 groups: each flex group starts with the block bitmaps, inode bitmaps and inode
 *       tables (8192 inodes of 256 bytes, 512 blocks, per group) of its 16 groups.</li>
 *   <li>The journal (inode 8) is one contiguous run placed as {@code get_midpoint_journal_block} places it: at
 *       the group in the middle of the file system, rounded down to its flex group (then the group after, which
 *       has more free blocks) when there are more than 16 groups; its size is
 *       {@code ext2fs_default_journal_size}: 4 MiB below 128 MiB of file system, 16 MiB below 1 GiB, 32 MiB
 *       below 2 GiB, 64 MiB below 4 GiB, else 128 MiB.</li>
 *   <li>Files get inode numbers from 12 on, all in group 0's inode table (one directory). Their blocks come from
 *       an extent allocator: a task's next file follows its previous one; the first file of another task starts
 *       on the next group boundary, so that separate jobs' files lie apart as mballoc's per-inode goals place
 *       them. With {@code fs.fragmentation} = p, each 1 MiB chunk of a file after the first starts, with
 *       probability p%, after a gap of 1-16 MiB (space of files the model does not know).</li>
 * </ul>
 *
 * <p>Simplified: no superblock backups or reserved GDT blocks; the last group may be partial; files never grow
 * or get deleted, so the allocator only moves forward; a device smaller than 8 MiB holds no file system.
 */
final class Ext4Layout {
    /** sda1 starts at 1 MiB, as fdisk aligned partitions from 2009 on. */
    static final long PARTITION_START_SECTOR = 2048;
    static final int SECTORS_PER_BLOCK = 8;
    static final int BLOCKS_PER_GROUP = 32768;
    static final int GROUPS_PER_FLEX = 16;
    static final int INODES_PER_GROUP = 8192;
    static final int INODES_PER_BLOCK = 16;
    static final int INODE_TABLE_BLOCKS = INODES_PER_GROUP / INODES_PER_BLOCK;
    static final int DESCRIPTORS_PER_BLOCK = 128;
    static final int FIRST_FILE_INODE = 12;
    /** Allocation chunk for fragmentation decisions: 1 MiB. */
    static final int CHUNK_BLOCKS = 256;

    private final DeviceInfo device;
    private final int fragmentationPercent;
    private final RandomGenerator random;
    private final long fsBlocks;
    private final int groups;
    private final int gdtBlocks;
    private final long journalStart;
    private final int journalBlocks;
    /** Reserved ranges (metadata and journal), sorted: start, end (exclusive) pairs. */
    private final long[] reserved;
    private long nextInode = FIRST_FILE_INODE;
    private int files;
    private long highestAllocated;
    private Task lastOwner;
    private long lastEnd;

    Ext4Layout(DeviceInfo device, int fragmentationPercent, RandomGenerator random) {
        this.device = device;
        this.fragmentationPercent = fragmentationPercent;
        this.random = random;
        long sectors = device.capacitySectors() - PARTITION_START_SECTOR;
        this.fsBlocks = Math.max(0, sectors / SECTORS_PER_BLOCK);
        this.groups = (int) ((fsBlocks + BLOCKS_PER_GROUP - 1) / BLOCKS_PER_GROUP);
        this.gdtBlocks = (groups + DESCRIPTORS_PER_BLOCK - 1) / DESCRIPTORS_PER_BLOCK;
        this.journalBlocks = journalSize(fsBlocks);
        int flexGroups = (groups + GROUPS_PER_FLEX - 1) / GROUPS_PER_FLEX;
        long[] ranges = new long[2 * flexGroups + 2];
        for (int f = 0; f < flexGroups; f++) {
            ranges[2 * f] = metaStart(f);
            ranges[2 * f + 1] = metaEnd(f);
        }
        this.journalStart = journalBlocks > 0 ? journalGoal() : -1;
        ranges[2 * flexGroups] = journalStart;
        ranges[2 * flexGroups + 1] = journalStart + journalBlocks;
        this.reserved = sortPairs(ranges, journalBlocks > 0 ? flexGroups + 1 : flexGroups);
        this.highestAllocated = flexGroups > 0 ? metaEnd(0) : 0;
    }

    // ext2fs_default_journal_size, in blocks
    private static int journalSize(long blocks) {
        if (blocks < 2048) {
            return 0;
        }
        if (blocks < 32768) {
            return 1024;
        }
        if (blocks < 256 * 1024) {
            return 4096;
        }
        if (blocks < 512 * 1024) {
            return 8192;
        }
        if (blocks < 1024 * 1024) {
            return 16384;
        }
        return 32768;
    }

    private int groupsInFlex(int flex) {
        return Math.min(GROUPS_PER_FLEX, groups - flex * GROUPS_PER_FLEX);
    }

    private long metaStart(int flex) {
        long start = (long) flex * GROUPS_PER_FLEX * BLOCKS_PER_GROUP;
        return flex == 0 ? start + 1 + gdtBlocks : start;
    }

    private long metaEnd(int flex) {
        int n = groupsInFlex(flex);
        return metaStart(flex) + 2L * n + (long) n * INODE_TABLE_BLOCKS;
    }

    // get_midpoint_journal_block: the middle group, flex-aligned, then the neighbour with the most free blocks
    private long journalGoal() {
        int group = (int) (fsBlocks / 2 / BLOCKS_PER_GROUP);
        int start;
        if (groups > GROUPS_PER_FLEX && group > GROUPS_PER_FLEX) {
            group &= ~(GROUPS_PER_FLEX - 1);
            start = group;
        } else {
            start = group > 0 ? group - 1 : group;
        }
        int end = group + 1 < groups ? group + 1 : group;
        int best = start;
        for (int g = start + 1; g <= end; g++) {
            if (freeBlocksAtMkfs(g) > freeBlocksAtMkfs(best)) {
                best = g;
            }
        }
        long first = (long) best * BLOCKS_PER_GROUP;
        if (best % GROUPS_PER_FLEX == 0) {
            first = metaEnd(best / GROUPS_PER_FLEX);
        }
        return first;
    }

    private long freeBlocksAtMkfs(int group) {
        long size = Math.min(BLOCKS_PER_GROUP, fsBlocks - (long) group * BLOCKS_PER_GROUP);
        if (group % GROUPS_PER_FLEX == 0) {
            int flex = group / GROUPS_PER_FLEX;
            size -= metaEnd(flex) - (long) group * BLOCKS_PER_GROUP;
        }
        return size;
    }

    private static long[] sortPairs(long[] ranges, int count) {
        long[][] pairs = new long[count][];
        for (int i = 0; i < count; i++) {
            pairs[i] = new long[] {ranges[2 * i], ranges[2 * i + 1]};
        }
        Arrays.sort(pairs, (a, b) -> Long.compare(a[0], b[0]));
        long[] out = new long[2 * count];
        for (int i = 0; i < count; i++) {
            out[2 * i] = pairs[i][0];
            out[2 * i + 1] = pairs[i][1];
        }
        return out;
    }

    /** Whether the device holds a file system (and so a journal). */
    boolean hasFileSystem() {
        return journalBlocks > 0;
    }

    /** The device sector of file-system block {@code block}. */
    static long sectorOfBlock(long block) {
        return PARTITION_START_SECTOR + block * SECTORS_PER_BLOCK;
    }

    /** The file-system block holding device sector {@code sector}. */
    static long blockOfSector(long sector) {
        return (sector - PARTITION_START_SECTOR) / SECTORS_PER_BLOCK;
    }

    /** The first block of the journal (its superblock; the log follows). */
    long journalStart() {
        return journalStart;
    }

    /** Journal length in blocks. */
    int journalBlocks() {
        return journalBlocks;
    }

    /** The block bitmap of the group holding {@code block}. */
    long blockBitmapOf(long block) {
        int group = (int) (block / BLOCKS_PER_GROUP);
        return metaStart(group / GROUPS_PER_FLEX) + group % GROUPS_PER_FLEX;
    }

    /** The group descriptor table block describing the group holding {@code block}. */
    static long descriptorBlockOf(long block) {
        int group = (int) (block / BLOCKS_PER_GROUP);
        return 1 + group / DESCRIPTORS_PER_BLOCK;
    }

    /** The inode table block holding inode {@code ino} (all files are in group 0's table). */
    long inodeTableBlock(long ino) {
        int n = groupsInFlex(0);
        return metaStart(0) + 2L * n + (ino - 1) / INODES_PER_BLOCK;
    }

    /** The whole device as a raw block device inode ({@code /dev/sda}), every block holding data. */
    Inode rawDevice(int id, String path) {
        long bytes = device.capacitySectors() << 9;
        long pages = bytes / Inode.PAGE_SIZE;
        if (pages > Integer.MAX_VALUE) {
            throw new InvalidInputException(path + ": devices above 8 TiB are not modelled (" + bytes + " bytes)");
        }
        Inode inode = new Inode(id, path, bytes, true, 0, -1, (int) pages);
        inode.addExtent(0, 0, (int) pages);
        return inode;
    }

    /**
     * A new file of {@code size} bytes for {@code owner}, its blocks allocated.
     *
     * @throws InvalidInputException when it does not fit
     */
    Inode createFile(int id, String path, long size, Task owner) {
        long blocks = (size + Inode.PAGE_SIZE - 1) / Inode.PAGE_SIZE;
        if (!hasFileSystem()) {
            throw new InvalidInputException(path + ": device " + device.name() + " is too small for a file system ("
                    + (device.capacitySectors() << 9) + " bytes); use a /dev/ path");
        }
        if (blocks > Integer.MAX_VALUE) {
            throw new InvalidInputException(path + ": files above 8 TiB are not modelled (" + size + " bytes)");
        }
        long goal;
        if (files == 0) {
            goal = highestAllocated;
        } else if (owner == lastOwner) {
            goal = lastEnd;
        } else {
            goal = (highestAllocated + BLOCKS_PER_GROUP - 1) / BLOCKS_PER_GROUP * BLOCKS_PER_GROUP;
        }
        long ino = nextInode;
        Inode inode = new Inode(id, path, size, false, ino, inodeTableBlock(ino), (int) blocks);
        long cursor = goal;
        long left = blocks;
        int filePage = 0;
        boolean first = true;
        while (left > 0) {
            if (!first && fragmentationPercent > 0 && random.nextInt(100) < fragmentationPercent) {
                cursor += (long) CHUNK_BLOCKS * (1 + random.nextInt(16));
            }
            first = false;
            long chunk = Math.min(left, CHUNK_BLOCKS);
            while (chunk > 0) {
                cursor = skipReserved(cursor);
                long room = Math.min(chunk, nextReservedStart(cursor) - cursor);
                if (cursor + room > fsBlocks) {
                    throw doesNotFit(path, size, cursor);
                }
                inode.addExtent(filePage, sectorOfBlock(cursor), (int) room);
                filePage += (int) room;
                cursor += room;
                chunk -= room;
                left -= room;
            }
        }
        nextInode++;
        files++;
        lastOwner = owner;
        lastEnd = cursor;
        highestAllocated = Math.max(highestAllocated, cursor);
        return inode;
    }

    private InvalidInputException doesNotFit(String path, long size, long cursor) {
        long capacityBytes = device.capacitySectors() << 9;
        long free = Math.max(0, fsBlocks - Math.max(cursor, highestAllocated)) * Inode.PAGE_SIZE;
        return new InvalidInputException(path + ": a file of " + size + " bytes does not fit on device "
                + device.name() + " (" + capacityBytes + " bytes, " + free + " bytes free after " + files
                + " file(s))");
    }

    private long skipReserved(long block) {
        for (int i = 0; i < reserved.length; i += 2) {
            if (block >= reserved[i] && block < reserved[i + 1]) {
                block = reserved[i + 1];
            }
        }
        return block;
    }

    private long nextReservedStart(long block) {
        for (int i = 0; i < reserved.length; i += 2) {
            if (reserved[i] >= block) {
                return reserved[i];
            }
        }
        return Long.MAX_VALUE;
    }
}
