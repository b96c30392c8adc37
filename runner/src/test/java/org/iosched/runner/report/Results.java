package org.iosched.runner.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.iosched.api.JobDescriptor;
import org.iosched.simulator.result.CpuUsage;
import org.iosched.simulator.result.DirectionStats;
import org.iosched.simulator.result.DiskStats;
import org.iosched.simulator.result.JobResult;
import org.iosched.simulator.result.LatencyStats;
import org.iosched.simulator.result.RateSamples;
import org.iosched.simulator.result.SimulationResult;

/** Hand-built simulation results for the report tests, among them the runs behind the reference's samples. */
final class Results {
    static final String SUMMARY_RANDWRITE =
            "rw=randwrite, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B, ioengine=libaio, iodepth=8";
    static final double[] DEFAULT_PERCENTILES =
        {1, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99, 99.5, 99.9, 99.95, 99.99};

    private Results() {
    }

    static LatencyStats latency(long count, long min, long max, double mean, double stdev) {
        return new LatencyStats(count, min, max, mean, stdev, new TreeMap<>(), new TreeMap<>());
    }

    static LatencyStats latency(long count, long min, long max, double mean, double stdev,
            SortedMap<Double, Long> percentiles, SortedMap<Long, Long> bins) {
        return new LatencyStats(count, min, max, mean, stdev, percentiles, bins);
    }

    static LatencyStats none() {
        return latency(0, 0, 0, 0, 0);
    }

    /**
     * {@code stats} with one bandwidth and one IOPS sample each of its average over its runtime (fio's
     * {@code bw} and {@code iops}, truncated), as a job shorter than two sampling windows would have.
     */
    static DirectionStats sampled(DirectionStats stats) {
        long millis = (stats.runtimeNanos() / 1000 + 999) / 1000;
        if (millis == 0) {
            return stats;
        }
        return new DirectionStats(stats.ioBytes(), stats.totalIos(), stats.runtimeNanos(), stats.slat(),
                stats.clat(), stats.lat(), RateSamples.single(1000 * stats.ioBytes() / millis / 1024),
                RateSamples.single(1000 * stats.totalIos() / millis));
    }

    /** Samples as fio printed them: n samples of min, max, mean and sample stdev. */
    static RateSamples samples(long n, long min, long max, double mean, double stdev) {
        return new RateSamples(n, min, max, mean, stdev * stdev * (n - 1), org.iosched.simulator.result.RateSeries.empty());
    }

    static DirectionStats idle() {
        return new DirectionStats(0, 0, 0, none(), none(), none());
    }

    static SortedMap<Double, Long> percentiles(long... values) {
        SortedMap<Double, Long> table = new TreeMap<>();
        for (int i = 0; i < values.length; i++) {
            table.put(DEFAULT_PERCENTILES[i], values[i]);
        }
        return table;
    }

    static SortedMap<Long, Long> bins(long... valueCountPairs) {
        SortedMap<Long, Long> bins = new TreeMap<>();
        for (int i = 0; i < valueCountPairs.length; i += 2) {
            bins.put(valueCountPairs[i], valueCountPairs[i + 1]);
        }
        return bins;
    }

    static JobDescriptor descriptor(int index, String name, int group, boolean groupReporting, String summary,
            Map<String, String> options) {
        return new JobDescriptor(index, name, group, groupReporting, summary, options, List.of());
    }

    /** An idle disk, for results whose disk statistics do not matter. */
    static final DiskStats DISK = new DiskStats("sda", 0, 0, 0, 0, 0, 0, 0, 0.0, 0, 0);

    static SimulationResult simulation(long durationNanos, List<JobResult> jobs) {
        return simulation(durationNanos, jobs, DISK);
    }

    static SimulationResult simulation(long durationNanos, List<JobResult> jobs, DiskStats disk) {
        return new SimulationResult("cfq", "nvme", 42, Map.of("cfq.slice_idle", "8", "queue.nr_requests", "128"),
                durationNanos, jobs, disk, List.of(), Map.of());
    }

    /**
     * The fio-3.42 direct libaio randwrite run of fio-blktrace.md §3 and §4 (iodepth=8, runtime=10,
     * ramp_time=10): the same counts, runtimes, latencies, percentiles and disk statistics. The clat bins put
     * the I/Os in the reference's latency buckets.
     */
    static SimulationResult referenceRandwrite() {
        Map<String, String> options = new LinkedHashMap<>();
        options.put("rw", "randwrite");
        options.put("ioengine", "libaio");
        options.put("runtime", "10");
        options.put("ramp_time", "10");
        options.put("numjobs", "1");
        options.put("direct", "1");
        options.put("bs", "4096B");
        options.put("iodepth", "8");
        JobDescriptor job = descriptor(0, "/dev/nvme8n6", 0, false, SUMMARY_RANDWRITE, options);
        LatencyStats slat = latency(32023, 1332, 518422, 6455.719358, 4135.428598);
        LatencyStats clat = latency(32030, 794610, 16898898, 2486019.027849, 773033.868604,
                percentiles(1220608, 1482752, 1646592, 1859584, 2039808, 2211840, 2375680, 2539520, 2768896,
                        3031040, 3457024, 3883008, 4751360, 5210112, 6127616, 7831552, 11993088),
                bins(950_000, 38, 1_500_000, 8847, 3_000_000, 21861, 5_000_000, 1273, 15_000_000, 11));
        LatencyStats lat = latency(32030, 800360, 16908544, 2492474.939713, 772991.330043);
        // the capture's samples: write_bw_log/write_iops_log without log_avg_msec, so one per I/O
        DirectionStats write = new DirectionStats(131194880, 32023, 10_002_000_000L, slat, clat, lat,
                samples(32030, 242, 5154, 1795.90, 531.20), samples(32030, 1, 1, 1.0, 0.0));
        // the capture's cpu line: usr=1.649835%, sys=2.569743% of 10001.5 ms, ctx=27483, majf=0, minf=2754
        JobResult result = new JobResult(job, 473225, 11_000_000_000L, 21_001_500_000L, idle(), write, idle(), none(),
                new CpuUsage(165_008_248L, 257_012_846L, 10_001_500_000L, 27483, 0, 2754));
        DiskStats disk = new DiskStats("nvme8n6", 0, 65981, 0, 0, 0, 164146, 164146, 99.494171, 0, 527848);
        return simulation(22_100_000_000L, List.of(result), disk);
    }

    /** {@code job} with {@code extra} added to its options (as if written in its section). */
    static JobResult withOptions(JobResult job, Map<String, String> extra) {
        Map<String, String> options = new LinkedHashMap<>(job.job().options());
        options.putAll(extra);
        JobDescriptor d = job.job();
        return new JobResult(new JobDescriptor(d.index(), d.name(), d.groupId(), d.groupReporting(), d.summary(),
                options, d.logFiles()), job.pid(), job.startNanos(), job.endNanos(), job.read(), job.write(),
                job.trim(), job.sync());
    }

    /** {@code result} with {@code extra} added to every job's options. */
    static SimulationResult withOptions(SimulationResult result, Map<String, String> extra) {
        List<JobResult> jobs = new java.util.ArrayList<>();
        for (JobResult job : result.jobs()) {
            jobs.add(withOptions(job, extra));
        }
        return new SimulationResult(result.scheduler(), result.device(), result.seed(), result.settings(),
                result.durationNanos(), jobs, result.disk(), result.notices(), result.deviceStatistics());
    }

    /**
     * A 4 KiB randrw job: 1000 reads in 1 s (4000 KiB/s) and 500 writes in 2 s (1000 KiB/s), with slat,
     * clat and lat histograms (reads at 200 and 400 µs, writes at 1 ms) and the simulator's percentiles of
     * them, and 10 fsyncs.
     */
    static JobResult readsAndWrites(int index, String name, int group, boolean groupReporting,
            Map<String, String> options) {
        DirectionStats read = sampled(new DirectionStats(1000 * 4096, 1000, 1_000_000_000L,
                latency(1000, 2_000, 9_000, 4_000, 1_000, uniform(4_096), bins(3_000, 500, 5_000, 500)),
                latency(1000, 100_000, 900_000, 300_000, 50_000, uniform(401_000), bins(200_000, 500, 400_000, 500)),
                latency(1000, 110_000, 910_000, 304_000, 50_000, uniform(405_000), bins(204_000, 500, 405_000, 500))));
        DirectionStats write = sampled(new DirectionStats(500 * 4096, 500, 2_000_000_000L,
                latency(500, 2_000, 9_000, 6_000, 1_000, uniform(6_016), bins(6_000, 500)),
                latency(500, 800_000, 1_200_000, 1_000_000, 100_000, uniform(1_000_447), bins(1_000_000, 500)),
                latency(500, 810_000, 1_210_000, 1_006_000, 100_000, uniform(1_006_591), bins(1_006_000, 500))));
        JobResult job = new JobResult(descriptor(index, name, group, groupReporting, "rw=randrw", Map.of()),
                100 + index, 0, 2_000_000_000L, read, write, idle(),
                latency(10, 150_000, 250_000, 200_000, 20_000, uniform(200_191), bins(200_000, 10)));
        return withOptions(job, options);
    }

    /** A percentile table that says {@code value} for every default percentile. */
    static SortedMap<Double, Long> uniform(long value) {
        long[] values = new long[DEFAULT_PERCENTILES.length];
        java.util.Arrays.fill(values, value);
        return percentiles(values);
    }
}
