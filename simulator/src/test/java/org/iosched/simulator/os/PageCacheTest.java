package org.iosched.simulator.os;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PageCacheTest {
    private final PageCache cache = new PageCache(4);
    private final Inode inode = new Inode(0, "/mnt/f", 1 << 20, false, 12, 100, 256);

    PageCacheTest() {
        cache.register(inode);
        inode.addExtent(0, 10_000, 256);
    }

    private int add(int page) {
        return cache.add(inode, page, PageCache.UPTODATE);
    }

    @Test
    void aFullCacheEvictsTheLeastRecentlyUsedCleanPage() {
        for (int page = 0; page < 4; page++) {
            add(page);
        }
        cache.touch(inode.map.frame(0));
        add(4);

        assertThat(inode.map.frame(1)).isEqualTo(-1);
        assertThat(inode.map.frame(0)).isNotNegative();
        assertThat(cache.cached()).isEqualTo(4);
        assertThat(inode.nrCached).isEqualTo(4);
    }

    @Test
    void dirtyLockedAndWritebackPagesAreNeverEvicted() {
        cache.markDirty(inode, 0, add(0), 0);
        cache.add(inode, 1, PageCache.LOCKED);
        int frame = add(2);
        cache.markDirty(inode, 2, frame, 0);
        cache.startWriteback(inode, 2, frame);
        add(3);
        add(4);

        assertThat(inode.map.frame(3)).isEqualTo(-1);
        assertThat(inode.map.frame(0)).isNotNegative();
        assertThat(inode.map.frame(1)).isNotNegative();
        assertThat(inode.map.frame(2)).isNotNegative();
        // with every frame pinned nothing can be added
        cache.markDirty(inode, 4, inode.map.frame(4), 0);
        assertThat(add(5)).isEqualTo(-1);
    }

    @Test
    void dirtyAccountingFollowsThePagesAndTheInodeLeavesTheDirtyListWhenClean() {
        int frame = add(7);
        cache.markDirty(inode, 7, frame, 123);

        assertThat(cache.nrDirty()).isOne();
        assertThat(cache.firstDirty()).isSameAs(inode);
        assertThat(inode.dirtiedWhen).isEqualTo(123);
        assertThat(inode.map.nextDirty(0, 256)).isEqualTo(7);
        cache.startWriteback(inode, 7, frame);
        assertThat(cache.nrDirty()).isZero();
        assertThat(cache.nrWriteback()).isOne();
        assertThat(cache.firstDirty()).isNull();
        cache.endWriteback(inode, 7);
        assertThat(cache.nrWriteback()).isZero();
        assertThat(cache.has(frame, PageCache.WRITEBACK)).isFalse();
    }

    @Test
    void dirtyPagesAreFoundAcrossChunks() {
        Inode big = new Inode(1, "/mnt/big", 1L << 32, false, 13, 100, 1 << 20);
        cache.register(big);
        PageMap map = big.map;
        map.setDirty(5000, true);
        map.setDirty(900_000, true);

        assertThat(map.nextDirty(0, 1 << 20)).isEqualTo(5000);
        assertThat(map.nextDirty(5001, 1 << 20)).isEqualTo(900_000);
        assertThat(map.nextDirty(5001, 900_000)).isEqualTo(-1);
        map.setDirty(5000, false);
        assertThat(map.nextDirty(0, 1 << 20)).isEqualTo(900_000);
    }
}
