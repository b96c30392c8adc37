package org.iosched.simulator.os;

import org.iosched.api.Bio;
import org.iosched.api.BioEndIo;

/**
 * A write of consecutive pages of one inode from the page cache ({@code end_page_writeback} for each page on
 * completion). It is listed on its inode, oldest first, with a sequence number, so that a task can wait for
 * every writeback its inode had in flight at a given moment ({@code filemap_fdatawait}). Recycled.
 */
final class WritebackBio implements BioEndIo {
    private final Kernel kernel;
    Inode inode;
    int firstPage;
    int pages;
    long seq;
    WritebackBio prevInInode;
    WritebackBio nextInInode;
    WritebackBio nextFree;

    WritebackBio(Kernel kernel) {
        this.kernel = kernel;
    }

    @Override
    public void bioCompleted(Bio bio, long completedAt) {
        kernel.writebackDone(this);
    }
}
