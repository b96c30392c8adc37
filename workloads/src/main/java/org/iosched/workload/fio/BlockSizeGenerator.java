package org.iosched.workload.fio;

import java.util.random.RandomGenerator;

/**
 * fio's {@code get_next_buflen}: the length of the next I/O from {@code bs}, {@code bsrange}
 * ({@code minbs + maxbs * u}, aligned down to a multiple of {@code minbs} unless {@code bs_unaligned},
 * capped at {@code maxbs}) or {@code bssplit} (the first entry, in ascending percentage order, whose
 * running percentage covers the draw), re-drawn until the I/O fits the region.
 */
final class BlockSizeGenerator {
    /** Re-draws before falling back to the smallest block size (fio loops until one fits). */
    private static final int MAX_DRAWS = 1000;

    private final JobOptions o;
    private final RandomGenerator[] random;

    BlockSizeGenerator(JobOptions o, RandomGenerator[] random) {
        this.o = o;
        this.random = random;
    }

    /**
     * @param d        direction
     * @param isRandom whether the offset was random ({@code bs_is_seq_rand} picks the write sizes then)
     * @return the length in bytes, or 0 if not even the smallest block fits
     */
    long next(int d, boolean isRandom, FileState f, long offset) {
        int dd = o.bsIsSeqRand ? (isRandom ? Ddir.WRITE.ordinal() : Ddir.READ.ordinal()) : d;
        long minbs = o.minBs[dd];
        long maxbs = o.maxBs[dd];
        if (minbs == maxbs) {
            return minbs;
        }
        if (!f.fits(offset, minbs)) {
            return 0;
        }
        BlockSizeSplit split = o.bssplit[dd];
        RandomGenerator r = random[dd];
        for (int draw = 0; draw < MAX_DRAWS; draw++) {
            double u = r.nextDouble();
            long buflen;
            if (split == null) {
                buflen = minbs + (long) (maxbs * u);
            } else {
                buflen = split.sizes()[split.sizes().length - 1];
                int perc = 0;
                for (int i = 0; i < split.sizes().length; i++) {
                    if (split.percentages()[i] == 0) {
                        continue;
                    }
                    perc += split.percentages()[i];
                    if (u * 100.0 <= perc && f.fits(offset, split.sizes()[i])) {
                        buflen = split.sizes()[i];
                        break;
                    }
                }
            }
            if (!o.bsUnaligned) {
                buflen -= buflen % minbs;
            }
            if (buflen > maxbs) {
                buflen = maxbs;
            }
            if (buflen > 0 && f.fits(offset, buflen)) {
                return buflen;
            }
        }
        return minbs;
    }
}
