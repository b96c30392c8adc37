package org.iosched.runner.report;

import java.util.Map;
import org.iosched.simulator.result.JobResult;
import org.iosched.simulator.result.LatencyStats;

/**
 * fio's completion-latency distribution ({@code io_u_lat_n/u/m}): the share of I/Os whose clat fell in each
 * bucket, in percent of all reads, writes and trims. fio buckets every I/O as it completes
 * (io_u.c {@code io_u_mark_latency}); we bucket the clat histogram's bins, so an I/O is counted at its bin's
 * value (within the histogram's 0.1% resolution of the exact latency), which can move it across a bucket edge.
 */
final class LatencyDistribution {
    /** Bucket labels of the nsec and usec rows; the msec row adds {@code 2000} and {@code >=2000}. */
    static final String[] LABELS = {"2", "4", "10", "20", "50", "100", "250", "500", "750", "1000", "2000", ">=2000"};
    static final int FINE_BUCKETS = 10;
    static final int MSEC_BUCKETS = 12;

    private final double[] nsec;
    private final double[] usec;
    private final double[] msec;
    private final long nsecIos;
    private final long totalIos;

    private LatencyDistribution(double[] nsec, double[] usec, double[] msec, long nsecIos, long totalIos) {
        this.nsec = nsec;
        this.usec = usec;
        this.msec = msec;
        this.nsecIos = nsecIos;
        this.totalIos = totalIos;
    }

    /**
     * The microsecond row of the terse output (stat.c {@code stat_calc_lat_nu}): the I/Os below 1 µs are added to
     * the first bucket, as a share of all I/Os (NaN when there were none, which C prints as {@code -nan}).
     */
    double[] terseUsec() {
        double[] shares = usec.clone();
        shares[0] += 100.0 * (double) nsecIos / (double) totalIos;
        return shares;
    }

    double[] nsec() {
        return nsec.clone();
    }

    double[] usec() {
        return usec.clone();
    }

    double[] msec() {
        return msec.clone();
    }

    /** fio 3.x: nanosecond buckets below 1 µs, microsecond buckets below 1 ms, then milliseconds. */
    static LatencyDistribution of(JobResult job) {
        long[] n = new long[FINE_BUCKETS];
        long[] u = new long[FINE_BUCKETS];
        long[] m = new long[MSEC_BUCKETS];
        for (Direction direction : Direction.values()) {
            LatencyStats clat = direction.of(job).clat();
            for (Map.Entry<Long, Long> bin : clat.bins().entrySet()) {
                long nanos = bin.getKey();
                if (nanos < 1000) {
                    n[bucket(nanos)] += bin.getValue();
                } else if (nanos < 1_000_000) {
                    u[bucket(nanos / 1000)] += bin.getValue();
                } else {
                    m[bucket(nanos / 1_000_000)] += bin.getValue();
                }
            }
        }
        long total = totalIos(job);
        long below = 0;
        for (long count : n) {
            below += count;
        }
        return new LatencyDistribution(percent(n, total), percent(u, total), percent(m, total), below, total);
    }

    /** fio 1.5x: latencies were kept in µs, so there is no nanosecond row. */
    static LatencyDistribution legacy(JobResult job) {
        long[] u = new long[FINE_BUCKETS];
        long[] m = new long[MSEC_BUCKETS];
        for (Direction direction : Direction.values()) {
            LatencyStats clat = direction.of(job).clat();
            for (Map.Entry<Long, Long> bin : clat.bins().entrySet()) {
                long micros = bin.getKey() / 1000;
                if (micros < 1000) {
                    u[bucket(micros)] += bin.getValue();
                } else {
                    m[bucket(micros / 1000)] += bin.getValue();
                }
            }
        }
        long total = totalIos(job);
        return new LatencyDistribution(new double[FINE_BUCKETS], percent(u, total), percent(m, total), 0, total);
    }

    private static long totalIos(JobResult job) {
        long total = 0;
        for (Direction direction : Direction.values()) {
            total += direction.of(job).totalIos();
        }
        return total;
    }

    /** The bucket of {@code value} (in the row's unit), as io_u.c's switch statements place it. */
    static int bucket(long value) {
        if (value < 2) {
            return 0;
        } else if (value < 4) {
            return 1;
        } else if (value < 10) {
            return 2;
        } else if (value < 20) {
            return 3;
        } else if (value < 50) {
            return 4;
        } else if (value < 100) {
            return 5;
        } else if (value < 250) {
            return 6;
        } else if (value < 500) {
            return 7;
        } else if (value < 750) {
            return 8;
        } else if (value < 1000) {
            return 9;
        } else if (value < 2000) {
            return 10;
        }
        return 11;
    }

    /** stat.c {@code stat_calc_lat}: a non-empty bucket shows at least 0.01%. */
    private static double[] percent(long[] counts, long total) {
        double[] shares = new double[counts.length];
        for (int i = 0; i < counts.length; i++) {
            if (total == 0) {
                continue;
            }
            shares[i] = (double) counts[i] / (double) total * 100.0;
            if (shares[i] < 0.01 && counts[i] != 0) {
                shares[i] = 0.01;
            }
        }
        return shares;
    }
}
