package org.iosched.workload.fio;

/**
 * The line fio prints for a job before it runs (init.c {@code add_job}), without the leading
 * {@code name: (g=N): }: {@code rw=randread, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B,
 * ioengine=libaio, iodepth=32}.
 */
final class JobSummary {
    private JobSummary() {
    }

    static String describe(JobOptions o) {
        boolean pow2 = Integer.bitCount(o.kbBase) == 1;
        StringBuilder sb = new StringBuilder();
        sb.append("rw=").append(o.rw.fioName()).append(", ");
        sb.append("bs=(R) ").append(bs(o.minBs[0], pow2)).append('-').append(bs(o.maxBs[0], pow2));
        sb.append(", (W) ").append(bs(o.minBs[1], pow2)).append('-').append(bs(o.maxBs[1], pow2));
        if (o.bsIsSeqRand) {
            sb.append(", bs_is_seq_rand, ");
        } else {
            sb.append(", (T) ").append(bs(o.minBs[2], pow2)).append('-').append(bs(o.maxBs[2], pow2)).append(", ");
        }
        sb.append("ioengine=").append(o.ioengine.fioName()).append(", iodepth=").append(o.iodepth);
        return sb.toString();
    }

    private static String bs(long v, boolean pow2) {
        return Num2Str.modern(v, 4, 1, pow2, Num2Str.Unit.BYTE, Num2Str.Rounding.HALF_UP);
    }
}
