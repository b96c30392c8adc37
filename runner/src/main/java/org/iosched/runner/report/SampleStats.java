package org.iosched.runner.report;

import java.util.List;
import org.iosched.simulator.result.DirectionStats;
import org.iosched.simulator.result.RateSamples;

/**
 * fio's bandwidth and IOPS sample statistics ({@code bw_stat}, {@code iops_stat}) of a report block: the
 * samples each job took per {@code bwavgtime}/{@code iopsavgtime} window (or per I/O with a per-I/O log), as
 * the simulator kept them ({@link RateSamples}), summed over the block's members as fio 3.x sums them. The
 * fio 1.5x layout still has one sample per job: its average over its whole runtime.
 *
 * @param min     smallest sample
 * @param max     largest sample
 * @param mean    mean of the samples
 * @param dev     sample standard deviation
 * @param samples number of samples (0: fio prints no bw/iops line)
 */
record SampleStats(long min, long max, double mean, double dev, long samples) {
    static final SampleStats NONE = new SampleStats(0, 0, 0.0, 0.0, 0);

    /** A job's one bandwidth sample in KiB/s: its average over its runtime in this direction. */
    static long bandwidthKib(DirectionStats stats) {
        return FioMath.bandwidthBytes(stats) / 1024;
    }

    /**
     * Bandwidth samples, KiB/s, as fio 3.x sums them for group_reporting and for the directions of
     * {@code unified_rw_reporting} ({@code sum_stat(..., pure_sum=true)}): min, max, mean, the sums of squared
     * deviations and the sample counts of the sources are added up, so the block shows the total (its stdev is
     * {@code sqrt(sum S / (sum n - 1))}); a source without samples adds nothing.
     */
    static SampleStats summedBandwidth(List<DirectionStats> sources) {
        return summed(sources, false);
    }

    /** IOPS samples, summed as {@link #summedBandwidth}. */
    static SampleStats summedIops(List<DirectionStats> sources) {
        return summed(sources, true);
    }

    private static SampleStats summed(List<DirectionStats> sources, boolean iops) {
        long min = 0;
        long max = 0;
        double mean = 0;
        double squares = 0;
        long samples = 0;
        for (DirectionStats stats : sources) {
            RateSamples source = iops ? stats.iopsSamples() : stats.bwSamples();
            if (source.count() == 0) {
                continue;
            }
            min += source.min();
            max += source.max();
            mean += source.mean();
            squares += source.squares();
            samples += source.count();
        }
        if (samples == 0) {
            return NONE;
        }
        return new SampleStats(min, max, mean, samples > 1 ? Math.sqrt(squares / (samples - 1)) : 0.0, samples);
    }

    /**
     * fio 1.5x group_reporting ({@code sum_stat} merging means and variances): the block shows the spread
     * of the members' bandwidths.
     */
    static SampleStats merged(List<DirectionStats> sources) {
        long min = Long.MAX_VALUE;
        long max = 0;
        double mean = 0;
        double squares = 0;
        long samples = 0;
        for (DirectionStats stats : sources) {
            if (FioMath.runtimeMillis(stats) == 0) {
                continue;
            }
            long value = bandwidthKib(stats);
            min = Math.min(min, value);
            max = Math.max(max, value);
            samples++;
            double delta = value - mean;
            mean += delta / samples;
            squares += delta * (value - mean);
        }
        if (samples == 0) {
            return NONE;
        }
        return new SampleStats(min, max, mean, samples > 1 ? Math.sqrt(squares / (samples - 1)) : 0.0, samples);
    }
}
