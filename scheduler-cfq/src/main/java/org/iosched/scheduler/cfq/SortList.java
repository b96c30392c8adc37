package org.iosched.scheduler.cfq;

import java.util.Arrays;

/**
 * A queue's sort tree ({@code cfqq->sort_list}): its requests by {@link CfqRq#sortKey}, ties by request id, as a
 * sorted array searched by bisection (a queue holds at most {@code nr_requests} requests). The order and every
 * answer are those of the red-black tree; an array walks no nodes and boxes nothing.
 */
final class SortList {
    private CfqRq[] items = new CfqRq[4];
    private int size;

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    /** The index of the first request not before ({@code key}, {@code id}). */
    private int lowerBound(long key, long id) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            CfqRq r = items[mid];
            if (r.sortKey < key || (r.sortKey == key && r.id < id)) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    void add(CfqRq crq) {
        int i = lowerBound(crq.sortKey, crq.id);
        if (size == items.length) {
            items = Arrays.copyOf(items, size * 2);
        }
        System.arraycopy(items, i, items, i + 1, size - i);
        items[i] = crq;
        size++;
    }

    /** Removes {@code crq} (found under its current sort key); false if it is not in the list. */
    boolean remove(CfqRq crq) {
        int i = lowerBound(crq.sortKey, crq.id);
        if (i >= size || items[i] != crq) {
            return false;
        }
        size--;
        System.arraycopy(items, i + 1, items, i, size - i);
        items[size] = null;
        return true;
    }

    /** {@code rb_next}: the first request after {@code crq}, or null. */
    CfqRq higher(CfqRq crq) {
        int i = lowerBound(crq.sortKey, crq.id);
        if (i < size && items[i] == crq) {
            i++;
        }
        return i < size ? items[i] : null;
    }

    /** {@code rb_prev}: the last request before {@code crq}, or null. */
    CfqRq lower(CfqRq crq) {
        int i = lowerBound(crq.sortKey, crq.id);
        return i > 0 ? items[i - 1] : null;
    }

    /** {@code rb_first}, or null. */
    CfqRq first() {
        return size == 0 ? null : items[0];
    }

    /** {@code elv_rb_find}: the first request at {@code sector}, or null. */
    CfqRq firstAt(long sector) {
        int i = lowerBound(sector, Long.MIN_VALUE);
        return i < size && items[i].sortKey == sector ? items[i] : null;
    }
}
