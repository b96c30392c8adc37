package org.iosched.device.ssd;

import java.util.Arrays;

/**
 * An open-addressing map from non-negative {@code long} keys to {@code int} values, without boxing; holds only
 * the logical pages written during a run, so that memory follows what was written, not the capacity.
 */
final class LongIntMap {
    private static final long EMPTY = -1;

    private long[] keys;
    private int[] values;
    private int size;

    LongIntMap() {
        keys = new long[1024];
        values = new int[1024];
        Arrays.fill(keys, EMPTY);
    }

    /** Whether {@code key} has a value. */
    boolean contains(long key) {
        return keys[slot(key, keys)] == key;
    }

    /** The value of {@code key}, or {@code absent}. */
    int get(long key, int absent) {
        int i = slot(key, keys);
        return keys[i] == key ? values[i] : absent;
    }

    /** Sets {@code key} to {@code value}. */
    void put(long key, int value) {
        int i = slot(key, keys);
        if (keys[i] != key) {
            if ((size + 1) * 3L > keys.length * 2L) {
                grow();
                i = slot(key, keys);
            }
            keys[i] = key;
            size++;
        }
        values[i] = value;
    }

    /** Number of keys. */
    int size() {
        return size;
    }

    private static int slot(long key, long[] table) {
        int mask = table.length - 1;
        int i = (int) (mix(key) & mask);
        while (table[i] != EMPTY && table[i] != key) {
            i = (i + 1) & mask;
        }
        return i;
    }

    private static long mix(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return h ^ (h >>> 29);
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldValues = values;
        keys = new long[oldKeys.length * 2];
        values = new int[oldKeys.length * 2];
        Arrays.fill(keys, EMPTY);
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldKeys[j] != EMPTY) {
                int i = slot(oldKeys[j], keys);
                keys[i] = oldKeys[j];
                values[i] = oldValues[j];
            }
        }
    }
}
