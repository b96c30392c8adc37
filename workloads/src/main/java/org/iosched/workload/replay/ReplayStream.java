package org.iosched.workload.replay;

import java.util.Arrays;
import org.iosched.api.FileIo;

/**
 * The recorded operations of one task (a blkparse pid or an iolog file), in recorded order, in compact
 * arrays: issue time (ns from the start of the trace), operation, byte offset on the device, length in
 * bytes and the line of the trace it came from.
 */
final class ReplayStream {
    private static final FileIo.Kind[] KINDS = FileIo.Kind.values();

    final String name;
    final int pid;
    private long[] times = new long[16];
    private long[] offsets = new long[16];
    private int[] lengths = new int[16];
    private byte[] kinds = new byte[16];
    private int[] lines = new int[16];
    private int size;

    ReplayStream(String name, int pid) {
        this.name = name;
        this.pid = pid;
    }

    void add(long timeNanos, FileIo.Kind kind, long offset, int length, int line) {
        if (size == times.length) {
            int n = size * 2;
            times = Arrays.copyOf(times, n);
            offsets = Arrays.copyOf(offsets, n);
            lengths = Arrays.copyOf(lengths, n);
            kinds = Arrays.copyOf(kinds, n);
            lines = Arrays.copyOf(lines, n);
        }
        times[size] = timeNanos;
        offsets[size] = offset;
        lengths[size] = length;
        kinds[size] = (byte) kind.ordinal();
        lines[size] = line;
        size++;
    }

    int size() {
        return size;
    }

    long time(int i) {
        return times[i];
    }

    long offset(int i) {
        return offsets[i];
    }

    int length(int i) {
        return lengths[i];
    }

    FileIo.Kind kind(int i) {
        return KINDS[kinds[i]];
    }

    int line(int i) {
        return lines[i];
    }

    /** Shift every time by {@code -origin} (the trace's first time becomes 0). */
    void rebase(long origin) {
        for (int i = 0; i < size; i++) {
            times[i] -= origin;
        }
    }
}
