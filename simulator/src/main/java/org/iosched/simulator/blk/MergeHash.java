package org.iosched.simulator.blk;

/**
 * The elevator's back-merge hash ({@code elv_rqhash_*} of block/elevator.c): mergeable requests held by the
 * scheduler, keyed by their end sector, so that a bio starting there finds its back-merge candidate in O(1).
 * Chained buckets with intrusive links in the request's block-layer state; the most recently hashed request is
 * found first, as with the kernel's {@code hlist_add_head}. Which request a lookup finds does not depend on the
 * bucket count or key: entries with the same end sector share a bucket, in the order they were hashed.
 *
 * <p>Both block layers use it, each on its own request state through {@link Links}: the 3.0 elevator path
 * (hashed by 4 KiB block, {@code ELV_HASH_BLOCK}, 512 buckets), blk-mq (keyed by the end sector itself as 6.6's
 * {@code rq_hash_key}, {@code ELV_HASH_BITS} buckets). Hashing a hashed request again does nothing.
 */
public final class MergeHash {
    /**
     * How the hash reaches an entry's intrusive links ({@code rq->hash}) and its key, the request's end sector: a
     * constant per kind of entry.
     *
     * @param <E> the entry: a request's block-layer state
     */
    public abstract static class Links<E> {
        protected abstract E next(E e);

        protected abstract void setNext(E e, E next);

        protected abstract E prev(E e);

        protected abstract void setPrev(E e, E prev);

        protected abstract boolean hashed(E e);

        protected abstract void setHashed(E e, boolean hashed);

        protected abstract long endSector(E e);
    }

    private final Object[] buckets;
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
        this.buckets = new Object[1 << bits];
        this.shift = 64 - bits;
        this.keyShift = keyShift;
    }

    private int bucket(long endSector) {
        return (int) (((endSector >>> keyShift) * 0x9E3779B97F4A7C15L) >>> shift);
    }

    /** {@code elv_rqhash_add}: hashes {@code e} by its end sector (nothing if it is hashed). */
    public <E> void add(E e, Links<E> links) {
        if (links.hashed(e)) {
            return;
        }
        int b = bucket(links.endSector(e));
        @SuppressWarnings("unchecked")
        E head = (E) buckets[b];
        links.setPrev(e, null);
        links.setNext(e, head);
        if (head != null) {
            links.setPrev(head, e);
        }
        buckets[b] = e;
        links.setHashed(e, true);
    }

    /** {@code elv_rqhash_del}: removes {@code e} if hashed; its key must be the one it was hashed with. */
    public <E> void remove(E e, Links<E> links) {
        if (links.hashed(e)) {
            removeKeyed(e, links.endSector(e), links);
        }
    }

    /** {@code elv_rqhash_reposition}: re-hashes {@code e}, whose end sector moved from {@code oldEnd}. */
    public <E> void reposition(E e, long oldEnd, Links<E> links) {
        if (links.hashed(e)) {
            removeKeyed(e, oldEnd, links);
            add(e, links);
        }
    }

    private <E> void removeKeyed(E e, long key, Links<E> links) {
        E prev = links.prev(e);
        E next = links.next(e);
        if (prev != null) {
            links.setNext(prev, next);
        } else {
            buckets[bucket(key)] = next;
        }
        if (next != null) {
            links.setPrev(next, prev);
        }
        links.setPrev(e, null);
        links.setNext(e, null);
        links.setHashed(e, false);
    }

    /** {@code elv_rqhash_find}: the hashed request ending at {@code sector}, or null. */
    public <E> E find(long sector, Links<E> links) {
        @SuppressWarnings("unchecked")
        E e = (E) buckets[bucket(sector)];
        for (; e != null; e = links.next(e)) {
            if (links.endSector(e) == sector) {
                return e;
            }
        }
        return null;
    }
}
