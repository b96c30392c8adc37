package org.iosched.simulator.os;

import org.iosched.api.FileHandle;

/**
 * An open file ({@code struct file}): the inode it addresses and its own readahead state
 * ({@code file_ra_state}), so that two tasks reading one file each have their own stream. Every
 * {@link org.iosched.api.WorkloadContext#open} returns a new one.
 */
final class OpenFile implements FileHandle {
    final Inode inode;
    private final String path;
    /** {@code ra->start}: first page of the current readahead window. */
    int raStart;
    /** {@code ra->size}: pages in the window. */
    int raSize;
    /** {@code ra->async_size}: pages left in the window when the next one is started. */
    int raAsyncSize;
    /** {@code ra->prev_pos}: the last byte read, or -1. */
    long raPrevPos = -1;
    /** {@code ra->ra_pages}: the largest window, from {@code read_ahead_kb} at open. */
    final int raPages;

    OpenFile(Inode inode, String path, int raPages) {
        this.inode = inode;
        this.path = path;
        this.raPages = raPages;
    }

    @Override
    public String path() {
        return path;
    }

    @Override
    public long size() {
        return inode.size;
    }

    @Override
    public boolean isRawDevice() {
        return inode.raw;
    }

    @Override
    public String toString() {
        return path;
    }
}
