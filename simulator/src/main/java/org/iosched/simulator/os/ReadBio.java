package org.iosched.simulator.os;

import org.iosched.api.Bio;
import org.iosched.api.BioEndIo;

/**
 * A read of consecutive pages of one inode into the page cache ({@code mpage_end_io} for
 * {@code mpage_readpages}/{@code readpage}): when it completes its pages become up to date and unlocked, and
 * tasks waiting on locked pages are woken. Recycled.
 */
final class ReadBio implements BioEndIo {
    private final Kernel kernel;
    Inode inode;
    int firstPage;
    int pages;
    ReadBio nextFree;

    ReadBio(Kernel kernel) {
        this.kernel = kernel;
    }

    @Override
    public void bioCompleted(Bio bio, long completedAt) {
        kernel.readDone(this);
    }
}
