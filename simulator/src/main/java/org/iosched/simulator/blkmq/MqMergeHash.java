package org.iosched.simulator.blkmq;

/**
 * The elevator's back-merge hash of blk-mq ({@code elv_rqhash_*}, 64 buckets keyed by the request's end sector):
 * a bio starting at a hashed request's end finds it at once. The most recently hashed request is found first
 * ({@code hash_add} heads the chain).
 */
final class MqMergeHash {
    /** {@code ELV_HASH_BITS}. */
    static final int BITS = 6;
    private final MqRq[] buckets = new MqRq[1 << BITS];

    private static int bucket(long endSector) {
        return (int) ((endSector * 0x9E3779B97F4A7C15L) >>> (64 - BITS));
    }

    void add(MqRq rs) {
        if (rs.hashed) {
            return;
        }
        int b = bucket(rs.rq.endSector());
        MqRq head = buckets[b];
        rs.hashPrev = null;
        rs.hashNext = head;
        if (head != null) {
            head.hashPrev = rs;
        }
        buckets[b] = rs;
        rs.hashed = true;
    }

    void remove(MqRq rs) {
        if (rs.hashed) {
            removeKeyed(rs, rs.rq.endSector());
        }
    }

    /** Re-hash a request whose end sector moved from {@code oldEnd}. */
    void reposition(MqRq rs, long oldEnd) {
        if (rs.hashed) {
            removeKeyed(rs, oldEnd);
            add(rs);
        }
    }

    private void removeKeyed(MqRq rs, long key) {
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
    MqRq find(long sector) {
        for (MqRq rs = buckets[bucket(sector)]; rs != null; rs = rs.hashNext) {
            if (rs.rq.endSector() == sector) {
                return rs;
            }
        }
        return null;
    }
}
