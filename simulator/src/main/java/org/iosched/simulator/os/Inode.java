package org.iosched.simulator.os;

import org.iosched.api.Cgroup;

import java.util.Arrays;
import org.iosched.api.Task;

/**
 * A file or the raw device as the kernel keeps it ({@code struct inode} with its {@code address_space} and
 * {@code ext4_inode_info}): its extents on the device, its pages ({@link PageMap}), its dirty and writeback
 * counts, its place on the flusher's dirty list ({@code b_dirty}, with {@code dirtied_when}), the writeback
 * bios in flight (oldest first, so that {@code filemap_fdatawait} can wait for those submitted before it), and
 * the journal transaction ids an fsync must wait for ({@code i_sync_tid}, {@code i_datasync_tid}).
 */
final class Inode {
    static final int PAGE_SIZE = 4096;
    static final int PAGE_SHIFT = 12;
    static final int SECTORS_PER_PAGE = PAGE_SIZE >> 9;

    final int id;
    final String path;
    final long size;
    final boolean raw;
    final long ino;
    /** The inode table block holding this inode, or -1 for the raw device. */
    final long inodeBlock;
    final PageMap map;

    private int[] extentPage = new int[1];
    private long[] extentSector = new long[1];
    private int[] extentPages = new int[1];
    private int extents;

    int nrCached;
    int nrDirty;
    int nrWriteback;

    // the flusher's dirty list (b_dirty), in the order inodes became dirty, rotated as slices are written
    Inode dirtyPrev;
    Inode dirtyNext;
    boolean onDirtyList;
    long dirtiedWhen;
    /** {@code mapping->writeback_index}: where cyclic writeback resumes. */
    int writebackIndex;
    /** The cgroup of the task that last dirtied a page of this inode (page-owner tracking), or null. */
    Cgroup dirtiedBy;
    /** {@code I_SYNC}: the task writing this inode back in WB_SYNC_NONE mode, or null. */
    Task writebackOwner;
    /** The device pass that last visited this inode, and in which of its rounds (to visit each once). */
    WritebackPass visitedBy;
    long visitedGeneration;

    // writeback bios in flight, in submission order
    WritebackBio inFlightHead;
    WritebackBio inFlightTail;
    long writebackSeq;
    final WaitList writebackWaiters = new WaitList();

    /** {@code i_sync_tid}: the last transaction that changed the inode. */
    long syncTid;
    /** {@code i_datasync_tid}: the last transaction that changed what is needed to read the data back. */
    long datasyncTid;
    /** The jiffy of the last mtime update ({@code file_update_time} compares at tick granularity). */
    long mtimeJiffy = -1;
    /** The transaction this inode's allocations are ordered against ({@code jinode->i_transaction}), or 0. */
    long orderedTid;

    Inode(int id, String path, long size, boolean raw, long ino, long inodeBlock, int pages) {
        this.id = id;
        this.path = path;
        this.size = size;
        this.raw = raw;
        this.ino = ino;
        this.inodeBlock = inodeBlock;
        this.map = new PageMap(pages, raw);
    }

    /** Size in pages. */
    int pages() {
        return map.pages();
    }

    void addExtent(int filePage, long sector, int pages) {
        if (extents > 0) {
            int last = extents - 1;
            if (extentPage[last] + extentPages[last] == filePage
                    && extentSector[last] + (long) extentPages[last] * SECTORS_PER_PAGE == sector) {
                extentPages[last] += pages;
                return;
            }
        }
        if (extents == extentPage.length) {
            extentPage = Arrays.copyOf(extentPage, extents * 2);
            extentSector = Arrays.copyOf(extentSector, extents * 2);
            extentPages = Arrays.copyOf(extentPages, extents * 2);
        }
        extentPage[extents] = filePage;
        extentSector[extents] = sector;
        extentPages[extents] = pages;
        extents++;
    }

    /** Number of extents. */
    int extentCount() {
        return extents;
    }

    private int extentOf(int page) {
        int lo = 0;
        int hi = extents - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (extentPage[mid] <= page) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    /** The device sector of byte {@code offset}. */
    long sectorOf(long offset) {
        int page = (int) (offset >>> PAGE_SHIFT);
        int e = extentOf(page);
        return extentSector[e] + (long) (page - extentPage[e]) * SECTORS_PER_PAGE + ((offset & (PAGE_SIZE - 1)) >> 9);
    }

    /** Pages from {@code page} to the end of its extent (contiguous on disk). */
    int contiguousPages(int page) {
        int e = extentOf(page);
        return extentPage[e] + extentPages[e] - page;
    }

    /** Sectors from byte {@code offset} (512-aligned) to the end of its extent. */
    long contiguousSectors(long offset) {
        int page = (int) (offset >>> PAGE_SHIFT);
        return (long) contiguousPages(page) * SECTORS_PER_PAGE - ((offset & (PAGE_SIZE - 1)) >> 9);
    }

    /** The oldest writeback bio in flight's sequence number, or {@code Long.MAX_VALUE} when none. */
    long oldestWritebackInFlight() {
        return inFlightHead == null ? Long.MAX_VALUE : inFlightHead.seq;
    }

    /**
     * Whether a writeback bio submitted at or before sequence {@code upToSeq} is still in flight over a page of
     * {@code [from, to)}: what {@code filemap_fdatawait_range} waits for. Walks the bios in flight, oldest first,
     * up to {@code upToSeq} (bounded by the requests in flight).
     */
    boolean writebackInFlight(int from, int to, long upToSeq) {
        for (WritebackBio wb = inFlightHead; wb != null && wb.seq <= upToSeq; wb = wb.nextInInode) {
            if (wb.firstPage < to && wb.firstPage + wb.pages > from) {
                return true;
            }
        }
        return false;
    }

    void addInFlight(WritebackBio wb) {
        wb.seq = ++writebackSeq;
        wb.prevInInode = inFlightTail;
        wb.nextInInode = null;
        if (inFlightTail == null) {
            inFlightHead = wb;
        } else {
            inFlightTail.nextInInode = wb;
        }
        inFlightTail = wb;
    }

    void removeInFlight(WritebackBio wb) {
        if (wb.prevInInode == null) {
            inFlightHead = wb.nextInInode;
        } else {
            wb.prevInInode.nextInInode = wb.nextInInode;
        }
        if (wb.nextInInode == null) {
            inFlightTail = wb.prevInInode;
        } else {
            wb.nextInInode.prevInInode = wb.prevInInode;
        }
        wb.prevInInode = null;
        wb.nextInInode = null;
    }

    @Override
    public String toString() {
        return path;
    }
}
