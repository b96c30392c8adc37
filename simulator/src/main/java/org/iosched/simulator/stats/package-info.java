/**
 * fio's statistics as a run records them (fio's stat.c): {@link org.iosched.simulator.stats.JobStatistics}, per job
 * and direction, the latencies ({@link org.iosched.simulator.stats.LatencyRecorder}: exact moments and an
 * HdrHistogram), bandwidth and IOPS samples, CPU usage, the {@code cmdprio} latencies; it makes the
 * {@link org.iosched.simulator.result} records.
 *
 * <p>Internal: {@code RateRecorder} and {@code WindowSampler} (fio's {@code add_stat_sample} and the
 * {@code bwavgtime}/{@code iopsavgtime} windows of {@code add_bw_samples}).
 */
package org.iosched.simulator.stats;
