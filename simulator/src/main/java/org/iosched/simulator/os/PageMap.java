package org.iosched.simulator.os;

import java.util.Arrays;

/**
 * One inode's pages ({@code address_space->page_tree}, compactly): for every 4 KiB page of the file, the page
 * cache frame holding it, whether it is dirty ({@code PAGECACHE_TAG_DIRTY}) and whether its block was ever
 * initialised on disk. Pages are kept in chunks of {@value #CHUNK_PAGES}, allocated when first touched; the frame
 * array of a chunk is dropped when its last page leaves the cache, so memory follows the cached pages. A bit per
 * chunk tells which chunks hold dirty pages, so that writeback finds them without walking a large file.
 */
final class PageMap {
    static final int CHUNK_SHIFT = 10;
    static final int CHUNK_PAGES = 1 << CHUNK_SHIFT;
    private static final int CHUNK_MASK = CHUNK_PAGES - 1;
    private static final int WORDS = CHUNK_PAGES / 64;

    private static final class Chunk {
        int[] frames;
        final long[] dirty = new long[WORDS];
        long[] initialised;
        int cached;
        int dirtyPages;
    }

    private final int pages;
    private final boolean allInitialised;
    private Chunk[] chunks = new Chunk[4];
    private long[] dirtyChunks = new long[1];

    /**
     * @param pages          the file's size in pages
     * @param allInitialised every block holds data already (a raw device)
     */
    PageMap(int pages, boolean allInitialised) {
        this.pages = pages;
        this.allInitialised = allInitialised;
    }

    int pages() {
        return pages;
    }

    private Chunk chunk(int page) {
        int c = page >>> CHUNK_SHIFT;
        return c < chunks.length ? chunks[c] : null;
    }

    private Chunk chunkForUpdate(int page) {
        int c = page >>> CHUNK_SHIFT;
        if (c >= chunks.length) {
            chunks = Arrays.copyOf(chunks, Math.max(c + 1, chunks.length * 2));
        }
        Chunk chunk = chunks[c];
        if (chunk == null) {
            chunk = new Chunk();
            chunks[c] = chunk;
        }
        return chunk;
    }

    /** The frame holding {@code page}, or -1. */
    int frame(int page) {
        Chunk chunk = chunk(page);
        if (chunk == null || chunk.frames == null) {
            return -1;
        }
        return chunk.frames[page & CHUNK_MASK] - 1;
    }

    void setFrame(int page, int frame) {
        Chunk chunk = chunkForUpdate(page);
        if (chunk.frames == null) {
            chunk.frames = new int[CHUNK_PAGES];
        }
        int i = page & CHUNK_MASK;
        if (chunk.frames[i] != 0) {
            throw new IllegalStateException("page " + page + " is cached twice");
        }
        chunk.frames[i] = frame + 1;
        chunk.cached++;
    }

    void clearFrame(int page) {
        Chunk chunk = chunk(page);
        int i = page & CHUNK_MASK;
        if (chunk == null || chunk.frames == null || chunk.frames[i] == 0) {
            throw new IllegalStateException("page " + page + " is not cached");
        }
        chunk.frames[i] = 0;
        if (--chunk.cached == 0) {
            chunk.frames = null;
        }
    }

    boolean dirty(int page) {
        Chunk chunk = chunk(page);
        return chunk != null && (chunk.dirty[(page & CHUNK_MASK) >>> 6] & (1L << page)) != 0;
    }

    /** Sets or clears the dirty tag; returns whether it changed. */
    boolean setDirty(int page, boolean dirty) {
        Chunk chunk = dirty ? chunkForUpdate(page) : chunk(page);
        if (chunk == null) {
            return false;
        }
        int word = (page & CHUNK_MASK) >>> 6;
        long bit = 1L << page;
        boolean was = (chunk.dirty[word] & bit) != 0;
        if (was == dirty) {
            return false;
        }
        int c = page >>> CHUNK_SHIFT;
        if (dirty) {
            chunk.dirty[word] |= bit;
            if (chunk.dirtyPages++ == 0) {
                markDirtyChunk(c, true);
            }
        } else {
            chunk.dirty[word] &= ~bit;
            if (--chunk.dirtyPages == 0) {
                markDirtyChunk(c, false);
            }
        }
        return true;
    }

    private void markDirtyChunk(int c, boolean on) {
        int word = c >>> 6;
        if (word >= dirtyChunks.length) {
            dirtyChunks = Arrays.copyOf(dirtyChunks, Math.max(word + 1, dirtyChunks.length * 2));
        }
        if (on) {
            dirtyChunks[word] |= 1L << c;
        } else {
            dirtyChunks[word] &= ~(1L << c);
        }
    }

    /** The first dirty page in {@code [from, to)}, or -1. */
    int nextDirty(int from, int to) {
        int page = from;
        while (page < to) {
            int c = nextDirtyChunk(page >>> CHUNK_SHIFT);
            if (c < 0) {
                return -1;
            }
            int start = Math.max(page, c << CHUNK_SHIFT);
            if (start >= to) {
                return -1;
            }
            Chunk chunk = chunks[c];
            int offset = start & CHUNK_MASK;
            for (int word = offset >>> 6; word < WORDS; word++) {
                long bits = chunk.dirty[word];
                if (word == offset >>> 6) {
                    bits &= -1L << offset;
                }
                if (bits != 0) {
                    int found = (c << CHUNK_SHIFT) + (word << 6) + Long.numberOfTrailingZeros(bits);
                    return found < to ? found : -1;
                }
            }
            page = (c + 1) << CHUNK_SHIFT;
        }
        return -1;
    }

    private int nextDirtyChunk(int fromChunk) {
        int word = fromChunk >>> 6;
        if (word >= dirtyChunks.length) {
            return -1;
        }
        long bits = dirtyChunks[word] & (-1L << fromChunk);
        while (true) {
            if (bits != 0) {
                return (word << 6) + Long.numberOfTrailingZeros(bits);
            }
            if (++word >= dirtyChunks.length) {
                return -1;
            }
            bits = dirtyChunks[word];
        }
    }

    /** Whether the block behind {@code page} holds data on disk (written before, or read as laid out). */
    boolean initialised(int page) {
        if (allInitialised) {
            return true;
        }
        Chunk chunk = chunk(page);
        return chunk != null && chunk.initialised != null
                && (chunk.initialised[(page & CHUNK_MASK) >>> 6] & (1L << page)) != 0;
    }

    void setInitialised(int page) {
        if (allInitialised) {
            return;
        }
        Chunk chunk = chunkForUpdate(page);
        if (chunk.initialised == null) {
            chunk.initialised = new long[WORDS];
        }
        chunk.initialised[(page & CHUNK_MASK) >>> 6] |= 1L << page;
    }
}
