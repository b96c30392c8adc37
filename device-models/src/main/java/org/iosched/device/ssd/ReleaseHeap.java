package org.iosched.device.ssd;

import java.util.Arrays;

/**
 * Times at which buffered pages leave the write buffer (their program ends), as a binary min-heap of
 * {@code (time, pages)} pairs in primitive arrays.
 */
final class ReleaseHeap {
    private long[] times = new long[256];
    private int[] pages = new int[256];
    private int size;
    private long totalPages;

    /** {@code count} pages leave at {@code time}. */
    void add(long time, int count) {
        if (size == times.length) {
            times = Arrays.copyOf(times, size * 2);
            pages = Arrays.copyOf(pages, size * 2);
        }
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (times[parent] <= time) {
                break;
            }
            times[i] = times[parent];
            pages[i] = pages[parent];
            i = parent;
        }
        times[i] = time;
        pages[i] = count;
        totalPages += count;
    }

    /** Pages with a release time still in the heap. */
    long totalPages() {
        return totalPages;
    }

    /** Whether the heap is empty. */
    boolean isEmpty() {
        return size == 0;
    }

    /** The earliest release time. */
    long peekTime() {
        return times[0];
    }

    /** Removes the earliest entry; returns its page count. */
    int poll() {
        int count = pages[0];
        totalPages -= count;
        size--;
        long t = times[size];
        int c = pages[size];
        int i = 0;
        while (true) {
            int child = 2 * i + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && times[child + 1] < times[child]) {
                child++;
            }
            if (times[child] >= t) {
                break;
            }
            times[i] = times[child];
            pages[i] = pages[child];
            i = child;
        }
        if (size > 0) {
            times[i] = t;
            pages[i] = c;
        }
        return count;
    }
}
