package org.iosched.scheduler.kyber;

/**
 * Kyber's latency histograms of Linux 6.6: per CPU ({@code kyber_cpu_latency}) and accumulated
 * ({@code kqd->latency_buckets}), for the READ, WRITE and DISCARD domains, each with a TOTAL and an I/O histogram
 * of {@link #BUCKETS} buckets relative to the domain's target latency.
 *
 * <h2>Features</h2>
 * <ul>
 *   <li>{@link #add}: bucket {@code min((latency - 1) / max(target >> 2, 1), 7)}, 0 for a latency of 0
 *       ({@code add_latency_sample}); buckets 0-3 are at or below the target ({@code KYBER_GOOD_BUCKETS}).</li>
 *   <li>{@link #flush}: every CPU's buckets added into the accumulated ones and zeroed
 *       ({@code flush_latency_buckets} for each possible CPU).</li>
 *   <li>{@link #percentile}: {@code calculate_percentile}: -1 without samples; the domain's evaluation window
 *       (one {@code latency_timeout} shared by both histogram types) starts at the first call that sees samples and
 *       lasts {@code HZ} jiffies; with fewer than 500 samples before it ends, -1 and keep accumulating; otherwise
 *       clear the window, find the first bucket whose cumulative count reaches
 *       {@code DIV_ROUND_UP(samples * percentile, 100)} (bucket 7 if none before it), zero that histogram and return
 *       the bucket.</li>
 * </ul>
 */
final class LatencyHistograms {
    /** {@code KYBER_LATENCY_SHIFT}. */
    static final int LATENCY_SHIFT = 2;
    /** {@code KYBER_GOOD_BUCKETS}. */
    static final int GOOD_BUCKETS = 1 << LATENCY_SHIFT;
    /** {@code KYBER_LATENCY_BUCKETS}. */
    static final int BUCKETS = 2 << LATENCY_SHIFT;
    /** {@code KYBER_TOTAL_LATENCY}. */
    static final int TOTAL = 0;
    /** {@code KYBER_IO_LATENCY}. */
    static final int IO = 1;
    /** Domains with histograms: READ, WRITE, DISCARD ({@code KYBER_OTHER} of them). */
    static final int DOMAINS = KyberScheduler.OTHER;
    /** Samples that end an evaluation window before its second is up. */
    static final int ENOUGH_SAMPLES = 500;

    private final int cpuCount;
    /** [cpu][domain][type][bucket], flattened. */
    private final int[] perCpu;
    /** [domain][type][bucket], flattened. */
    private final int[] buckets = new int[DOMAINS * 2 * BUCKETS];
    /** {@code latency_timeout[domain]} in jiffies; 0 = no window open. */
    private final long[] timeout = new long[DOMAINS];
    /** Samples of the last {@link #percentile} call that returned a bucket, for the trace. */
    private int lastSamples;

    LatencyHistograms(int cpuCount) {
        if (cpuCount <= 0) {
            throw new IllegalArgumentException("cpu count must be positive: " + cpuCount);
        }
        this.cpuCount = cpuCount;
        this.perCpu = new int[cpuCount * DOMAINS * 2 * BUCKETS];
    }

    /** {@code add_latency_sample}: the bucket of {@code latency} for {@code target}. */
    static int bucketOf(long latency, long target) {
        if (latency <= 0) {
            return 0;
        }
        long divisor = Math.max(target >>> LATENCY_SHIFT, 1);
        return (int) Math.min((latency - 1) / divisor, BUCKETS - 1);
    }

    /** One sample of {@code latency} ns on {@code cpu}'s histogram {@code type} of {@code domain}. */
    void add(int cpu, int domain, int type, long target, long latency) {
        perCpu[index(cpu, domain, type) + bucketOf(latency, target)]++;
    }

    /** Add every CPU's histograms into the accumulated ones and zero them. */
    void flush() {
        int size = DOMAINS * 2 * BUCKETS;
        for (int cpu = 0; cpu < cpuCount; cpu++) {
            int base = cpu * size;
            for (int i = 0; i < size; i++) {
                buckets[i] += perCpu[base + i];
                perCpu[base + i] = 0;
            }
        }
    }

    /** {@code calculate_percentile} at jiffy {@code jiffies} with the kernel's {@code HZ}. */
    int percentile(int domain, int type, int percentile, long jiffies, int hz) {
        int base = (domain * 2 + type) * BUCKETS;
        long samples = 0;
        for (int b = 0; b < BUCKETS; b++) {
            samples += buckets[base + b];
        }
        if (samples == 0) {
            return -1;
        }
        if (timeout[domain] == 0) {
            timeout[domain] = Math.max(jiffies + hz, 1);
        }
        // time_is_after_jiffies(timeout): the window is still open
        if (samples < ENOUGH_SAMPLES && timeout[domain] > jiffies) {
            return -1;
        }
        timeout[domain] = 0;
        long needed = (samples * percentile + 99) / 100;
        int bucket = 0;
        for (; bucket < BUCKETS - 1; bucket++) {
            if (buckets[base + bucket] >= needed) {
                break;
            }
            needed -= buckets[base + bucket];
        }
        for (int b = 0; b < BUCKETS; b++) {
            buckets[base + b] = 0;
        }
        lastSamples = (int) samples;
        return bucket;
    }

    /** Samples counted by the last {@link #percentile} that returned a bucket. */
    int lastSamples() {
        return lastSamples;
    }

    /** A CPU's bucket count (tests). */
    int perCpuBucket(int cpu, int domain, int type, int bucket) {
        return perCpu[index(cpu, domain, type) + bucket];
    }

    /** An accumulated bucket count (tests). */
    int bucket(int domain, int type, int bucket) {
        return buckets[(domain * 2 + type) * BUCKETS + bucket];
    }

    /** {@code latency_timeout[domain]}, 0 when no window is open (tests). */
    long timeout(int domain) {
        return timeout[domain];
    }

    private int index(int cpu, int domain, int type) {
        return ((cpu * DOMAINS + domain) * 2 + type) * BUCKETS;
    }
}
