package org.iosched.simulator.os;

import java.util.Arrays;

/**
 * The page cache: {@code vm.memory_mb} of 4 KiB frames, each holding one page of one inode, with the page flags
 * the I/O path depends on ({@code PG_uptodate}, {@code PG_locked} while a read is in flight, {@code PG_dirty},
 * {@code PG_writeback}, {@code PG_readahead}), one LRU list, the global dirty and writeback counts
 * ({@code NR_FILE_DIRTY}, {@code NR_WRITEBACK}) and the list of dirty inodes ({@code b_dirty}).
 *
 * <p>Frames live in parallel arrays (no object per page), grown as the cache fills and never beyond
 * {@code vm.memory_mb}. A page is added at the hot end of the LRU and moved there when used; eviction takes the
 * coldest page that is clean, unlocked and not under writeback, moving the others it passes to the hot end.
 *
 * <p>Simplified: one LRU instead of the active and inactive lists; no reclaim of dirty pages (pageout): a
 * task that finds no evictable page waits until a read or a writeback completes.
 */
final class PageCache {
    static final int UPTODATE = 1;
    static final int LOCKED = 1 << 1;
    static final int DIRTY = 1 << 2;
    static final int WRITEBACK = 1 << 3;
    static final int READAHEAD = 1 << 4;
    /** Allocated by a readahead and not yet put in a bio. */
    static final int NEW = 1 << 5;
    private static final int PINNED = LOCKED | DIRTY | WRITEBACK;

    private final int maxFrames;
    private Inode[] inodes = new Inode[8];
    private int[] owner = new int[0];
    private int[] index = new int[0];
    private byte[] flags = new byte[0];
    private int[] prev = new int[0];
    private int[] next = new int[0];
    private int allocated;
    private int freeHead = -1;
    private int lruCold = -1;
    private int lruHot = -1;
    private int cached;
    private long nrDirty;
    private long nrWriteback;
    private Inode dirtyHead;
    private Inode dirtyTail;
    private Runnable firstDirtyListener = () -> { };
    /** Tasks waiting for a frame to become evictable. */
    final WaitList memoryWaiters = new WaitList();

    /** @param maxFrames memory in pages */
    PageCache(long maxFrames) {
        this.maxFrames = (int) Math.min(Integer.MAX_VALUE - 8, maxFrames);
    }

    void register(Inode inode) {
        if (inode.id >= inodes.length) {
            inodes = Arrays.copyOf(inodes, Math.max(inode.id + 1, inodes.length * 2));
        }
        inodes[inode.id] = inode;
    }

    /** Called when dirty memory goes from none to some ({@code bdi_wakeup_thread_delayed}). */
    void onFirstDirty(Runnable listener) {
        this.firstDirtyListener = listener;
    }

    int maxFrames() {
        return maxFrames;
    }

    /** Pages cached. */
    int cached() {
        return cached;
    }

    /** {@code NR_FILE_DIRTY}. */
    long nrDirty() {
        return nrDirty;
    }

    /** {@code NR_WRITEBACK}. */
    long nrWriteback() {
        return nrWriteback;
    }

    int flags(int frame) {
        return flags[frame];
    }

    boolean has(int frame, int flag) {
        return (flags[frame] & flag) != 0;
    }

    void set(int frame, int flag) {
        flags[frame] |= (byte) flag;
    }

    void clear(int frame, int flag) {
        flags[frame] &= (byte) ~flag;
    }

    // ---------------------------------------------------------------- frames

    /**
     * {@code add_to_page_cache_lru}: cache {@code page} of {@code inode} in a new frame with {@code initialFlags},
     * evicting the coldest clean page if memory is full.
     *
     * @return the frame, or -1 when every frame is pinned (locked, dirty or under writeback)
     */
    int add(Inode inode, int page, int initialFlags) {
        int frame = newFrame();
        if (frame < 0) {
            return -1;
        }
        owner[frame] = inode.id;
        index[frame] = page;
        flags[frame] = (byte) initialFlags;
        inode.map.setFrame(page, frame);
        inode.nrCached++;
        cached++;
        linkHot(frame);
        return frame;
    }

    private int newFrame() {
        if (freeHead >= 0) {
            int frame = freeHead;
            freeHead = next[frame];
            return frame;
        }
        if (allocated < maxFrames) {
            if (allocated == owner.length) {
                grow();
            }
            return allocated++;
        }
        return evict();
    }

    private void grow() {
        int size = (int) Math.min(maxFrames, Math.max(1024L, owner.length * 2L));
        owner = Arrays.copyOf(owner, size);
        index = Arrays.copyOf(index, size);
        flags = Arrays.copyOf(flags, size);
        prev = Arrays.copyOf(prev, size);
        next = Arrays.copyOf(next, size);
    }

    // shrink_inactive_list, reduced: the coldest evictable page; pinned pages passed over move to the hot end
    private int evict() {
        int scanned = 0;
        int frame = lruCold;
        while (frame >= 0 && scanned < cached) {
            int after = next[frame];
            scanned++;
            if ((flags[frame] & PINNED) == 0) {
                remove(frame);
                return freeHead >= 0 ? popFree() : -1;
            }
            unlink(frame);
            linkHot(frame);
            frame = after;
        }
        return -1;
    }

    private int popFree() {
        int frame = freeHead;
        freeHead = next[frame];
        return frame;
    }

    /** Drop a clean, unpinned frame from the cache. */
    void remove(int frame) {
        Inode inode = inodes[owner[frame]];
        inode.map.clearFrame(index[frame]);
        inode.nrCached--;
        cached--;
        unlink(frame);
        flags[frame] = 0;
        next[frame] = freeHead;
        freeHead = frame;
    }

    /** {@code mark_page_accessed}, reduced: move to the hot end. */
    void touch(int frame) {
        if (lruHot != frame) {
            unlink(frame);
            linkHot(frame);
        }
    }

    private void linkHot(int frame) {
        prev[frame] = lruHot;
        next[frame] = -1;
        if (lruHot >= 0) {
            next[lruHot] = frame;
        } else {
            lruCold = frame;
        }
        lruHot = frame;
    }

    private void unlink(int frame) {
        int p = prev[frame];
        int n = next[frame];
        if (p >= 0) {
            next[p] = n;
        } else {
            lruCold = n;
        }
        if (n >= 0) {
            prev[n] = p;
        } else {
            lruHot = p;
        }
    }

    /** {@code invalidate_inode_pages2_range}, reduced: drop the clean, unpinned pages of {@code [from, to)}. */
    void invalidate(Inode inode, int from, int to) {
        if (inode.nrCached == 0) {
            return;
        }
        for (int page = from; page < to; page++) {
            int frame = inode.map.frame(page);
            if (frame >= 0 && (flags[frame] & PINNED) == 0) {
                remove(frame);
            }
        }
    }

    // ---------------------------------------------------------------- dirty and writeback

    /** {@code __set_page_dirty_nobuffers}: tag the page dirty, account it, put the inode on the dirty list. */
    boolean markDirty(Inode inode, int page, int frame, long now) {
        if ((flags[frame] & DIRTY) != 0) {
            return false;
        }
        flags[frame] |= DIRTY;
        inode.map.setDirty(page, true);
        inode.nrDirty++;
        if (nrDirty++ == 0) {
            firstDirtyListener.run();
        }
        if (!inode.onDirtyList) {
            inode.dirtiedWhen = now;
            appendDirty(inode);
        }
        return true;
    }

    /** {@code clear_page_dirty_for_io} then {@code set_page_writeback}. */
    void startWriteback(Inode inode, int page, int frame) {
        flags[frame] = (byte) ((flags[frame] & ~DIRTY) | WRITEBACK);
        inode.map.setDirty(page, false);
        inode.nrDirty--;
        nrDirty--;
        inode.nrWriteback++;
        nrWriteback++;
        if (inode.nrDirty == 0) {
            unlinkDirty(inode);
        }
    }

    /** {@code end_page_writeback}. */
    void endWriteback(Inode inode, int page) {
        int frame = inode.map.frame(page);
        flags[frame] &= (byte) ~WRITEBACK;
        inode.nrWriteback--;
        nrWriteback--;
    }

    /** A read completed: {@code SetPageUptodate}, {@code unlock_page}. */
    void endRead(Inode inode, int page) {
        int frame = inode.map.frame(page);
        flags[frame] = (byte) ((flags[frame] & ~LOCKED) | UPTODATE);
    }

    // ---------------------------------------------------------------- the dirty inode list

    /** The first inode on the dirty list, or null. */
    Inode firstDirty() {
        return dirtyHead;
    }

    /** {@code requeue_io}: the inode goes behind the others, keeping its {@code dirtied_when}. */
    void requeue(Inode inode) {
        if (inode.onDirtyList && dirtyTail != inode) {
            unlinkDirty(inode);
            appendDirty(inode);
        }
    }

    private void appendDirty(Inode inode) {
        inode.dirtyPrev = dirtyTail;
        inode.dirtyNext = null;
        if (dirtyTail == null) {
            dirtyHead = inode;
        } else {
            dirtyTail.dirtyNext = inode;
        }
        dirtyTail = inode;
        inode.onDirtyList = true;
    }

    private void unlinkDirty(Inode inode) {
        if (!inode.onDirtyList) {
            return;
        }
        if (inode.dirtyPrev == null) {
            dirtyHead = inode.dirtyNext;
        } else {
            inode.dirtyPrev.dirtyNext = inode.dirtyNext;
        }
        if (inode.dirtyNext == null) {
            dirtyTail = inode.dirtyPrev;
        } else {
            inode.dirtyNext.dirtyPrev = inode.dirtyPrev;
        }
        inode.dirtyPrev = null;
        inode.dirtyNext = null;
        inode.onDirtyList = false;
    }
}
