/**
 * What a run gives back, as fio and the kernel report it: {@link org.iosched.simulator.result.SimulationResult}
 * (one run: settings, jobs, {@code /proc/diskstats}, device statistics, per-task figures, notices) with
 * {@link org.iosched.simulator.result.JobResult}, {@link org.iosched.simulator.result.DirectionStats},
 * {@link org.iosched.simulator.result.LatencyStats} (fio's slat/clat/lat with percentiles and bins),
 * {@link org.iosched.simulator.result.PrioLatency}, {@link org.iosched.simulator.result.RateSamples} and
 * {@link org.iosched.simulator.result.RateSeries} (fio's bw/iops samples and logs),
 * {@link org.iosched.simulator.result.CpuUsage}, {@link org.iosched.simulator.result.DiskStats} and
 * {@link org.iosched.simulator.result.TaskStats}; {@link org.iosched.simulator.result.KernelVersion}, the kernel a
 * result models; {@link org.iosched.simulator.result.Latencies}, the histograms behind the latency figures.
 *
 * <p>Immutable values, nothing internal; the recorders that fill them are in {@link org.iosched.simulator.stats}.
 */
package org.iosched.simulator.result;
