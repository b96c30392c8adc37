package org.iosched.simulator.block;

/**
 * The elevator's back-merge hash ({@code elv_rqhash_*}): mergeable requests held by the scheduler, keyed
 * by their end sector, so that a bio starting there finds its back-merge candidate in O(1). Chained
 * buckets with intrusive links in {@link RqState}; the most recently hashed request is found first, as
 * with the kernel's {@code hlist_add_head}.
 */
final class MergeHash {
    private static final int BITS = 9;
    private final RqState[] buckets = new RqState[1 << BITS];

    private static int bucket(long endSector) {
        // the kernel hashes the end sector in 4 KiB blocks (ELV_HASH_BLOCK)
        return (int) (((endSector >>> 3) * 0x9E3779B97F4A7C15L) >>> (64 - BITS));
    }

    void add(RqState rs) {
        int b = bucket(rs.rq.endSector());
        RqState head = buckets[b];
        rs.hashPrev = null;
        rs.hashNext = head;
        if (head != null) {
            head.hashPrev = rs;
        }
        buckets[b] = rs;
        rs.hashed = true;
    }

    /** Removes {@code rs} if hashed; its key must be the one it was hashed with. */
    void remove(RqState rs) {
        if (!rs.hashed) {
            return;
        }
        removeKeyed(rs, rs.rq.endSector());
    }

    /** Re-hashes a request whose end sector moved from {@code oldEnd}. */
    void reposition(RqState rs, long oldEnd) {
        if (!rs.hashed) {
            return;
        }
        removeKeyed(rs, oldEnd);
        add(rs);
    }

    private void removeKeyed(RqState rs, long key) {
        if (rs.hashPrev != null) {
            rs.hashPrev.hashNext = rs.hashNext;
        } else {
            buckets[bucket(key)] = rs.hashNext;
        }
        if (rs.hashNext != null) {
            rs.hashNext.hashPrev = rs.hashPrev;
        }
        rs.hashPrev = null;
        rs.hashNext = null;
        rs.hashed = false;
    }

    /** The hashed request ending at {@code sector}, or null. */
    RqState find(long sector) {
        for (RqState rs = buckets[bucket(sector)]; rs != null; rs = rs.hashNext) {
            if (rs.rq.endSector() == sector) {
                return rs;
            }
        }
        return null;
    }
}
