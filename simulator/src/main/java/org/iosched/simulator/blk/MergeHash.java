package org.iosched.simulator.blk;

/**
 * The elevator's back-merge hash ({@code elv_rqhash_*} of block/elevator.c): mergeable requests held by the
 * scheduler, keyed by their end sector, so that a bio starting there finds its back-merge candidate in O(1).
 * Chained buckets with intrusive links in the request's block-layer state; the most recently hashed request is
 * found first, as with the kernel's {@code hlist_add_head}. Which request a lookup finds does not depend on the
 * bucket count or key: entries with the same end sector share a bucket, in the order they were hashed.
 *
 * <p>Both block layers use it, each on its own request state (an {@link Entry}): the 3.0 elevator path
 * (hashed by 4 KiB block, {@code ELV_HASH_BLOCK}, 512 buckets), blk-mq (keyed by the end sector itself as 6.6's
 * {@code rq_hash_key}, {@code ELV_HASH_BITS} buckets). Hashing a hashed request again does nothing.
 */
public final class MergeHash {
    /**
     * A request's links in the hash ({@code rq->hash}), in its block-layer state: the hash keys it by its request's
     * end sector.
     */
    public abstract static class Entry extends DeliveryLine.Entry {
        private Entry hashPrev;
        private Entry hashNext;
        private boolean hashed;

        /** Whether it is in a merge hash. */
        public final boolean hashed() {
            return hashed;
        }

        /** Out of any hash (the state is reused for another request). */
        protected final void resetHash() {
            hashPrev = null;
            hashNext = null;
            hashed = false;
        }
    }

    private final Entry[] buckets;
    private final int shift;
    private final int keyShift;

    /**
     * @param bits     log2 of the bucket count
     * @param keyShift the end sector is shifted right by this before hashing (3: by 4 KiB block)
     */
    public MergeHash(int bits, int keyShift) {
        if (bits < 1 || bits > 20 || keyShift < 0 || keyShift > 20) {
            throw new IllegalArgumentException("merge hash of 2^" + bits + " buckets, key >> " + keyShift);
        }
        this.buckets = new Entry[1 << bits];
        this.shift = 64 - bits;
        this.keyShift = keyShift;
    }

    private int bucket(long endSector) {
        return (int) (((endSector >>> keyShift) * 0x9E3779B97F4A7C15L) >>> shift);
    }

    /** {@code elv_rqhash_add}: hashes {@code e} by its end sector (nothing if it is hashed). */
    public void add(Entry e) {
        if (e.hashed) {
            return;
        }
        int b = bucket(e.request().endSector());
        Entry head = buckets[b];
        e.hashPrev = null;
        e.hashNext = head;
        if (head != null) {
            head.hashPrev = e;
        }
        buckets[b] = e;
        e.hashed = true;
    }

    /** {@code elv_rqhash_del}: removes {@code e} if hashed; its key must be the one it was hashed with. */
    public void remove(Entry e) {
        if (e.hashed) {
            removeKeyed(e, e.request().endSector());
        }
    }

    /** {@code elv_rqhash_reposition}: re-hashes {@code e}, whose end sector moved from {@code oldEnd}. */
    public void reposition(Entry e, long oldEnd) {
        if (e.hashed) {
            removeKeyed(e, oldEnd);
            add(e);
        }
    }

    private void removeKeyed(Entry e, long key) {
        Entry prev = e.hashPrev;
        Entry next = e.hashNext;
        if (prev != null) {
            prev.hashNext = next;
        } else {
            buckets[bucket(key)] = next;
        }
        if (next != null) {
            next.hashPrev = prev;
        }
        e.hashPrev = null;
        e.hashNext = null;
        e.hashed = false;
    }

    /** {@code elv_rqhash_find}: the hashed request ending at {@code sector}, or null. */
    public Entry find(long sector) {
        for (Entry e = buckets[bucket(sector)]; e != null; e = e.hashNext) {
            if (e.request().endSector() == sector) {
                return e;
            }
        }
        return null;
    }
}
