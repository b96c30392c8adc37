package org.iosched.workload.fio;

import java.util.Arrays;

/**
 * One direction of fio's {@code bssplit}: block sizes with percentages, sorted by percentage as fio
 * sorts them ({@code bssplit_ddir}), so that a uniform draw picks the first entry whose running total it
 * does not exceed.
 *
 * @param sizes       block sizes in bytes
 * @param percentages their shares, summing to at most 100
 */
record BlockSizeSplit(long[] sizes, int[] percentages) {
    /** Copies the arrays. */
    BlockSizeSplit {
        sizes = sizes.clone();
        percentages = percentages.clone();
    }

    long min() {
        return Arrays.stream(sizes).min().orElse(0);
    }

    long max() {
        return Arrays.stream(sizes).max().orElse(0);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BlockSizeSplit b && Arrays.equals(sizes, b.sizes)
                && Arrays.equals(percentages, b.percentages);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(sizes) + Arrays.hashCode(percentages);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < sizes.length; i++) {
            sb.append(i == 0 ? "" : ":").append(sizes[i]).append('/').append(percentages[i]);
        }
        return sb.toString();
    }
}
