package org.iosched.simulator.result;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What fio reports for one direction (read, write or trim) of a job: bytes, I/Os, runtime and the
 * submission, completion and total latencies.
 *
 * @param ioBytes      bytes moved ({@code io_bytes})
 * @param totalIos     I/Os completed ({@code total_ios})
 * @param runtimeNanos the job's runtime when it did I/O in this direction, else 0 ({@code runtime})
 * @param slat         submission latency (empty for sync engines)
 * @param clat         completion latency
 * @param lat          total latency: slat + clat, or clat where slat is unknown
 * @param bwSamples    fio's bandwidth samples in KiB/s ({@code bw_stat})
 * @param iopsSamples  fio's IOPS samples ({@code iops_stat})
 * @param clatPrio     fio's clat per I/O priority ({@code clat_prio}), in first-use order; empty when the job
 *                     accounts no priorities apart
 */
public record DirectionStats(long ioBytes, long totalIos, long runtimeNanos,
                             LatencyStats slat, LatencyStats clat, LatencyStats lat,
                             RateSamples bwSamples, RateSamples iopsSamples, List<PrioLatency> clatPrio) {
    private static final DirectionStats EMPTY = new DirectionStats(0, 0, 0, LatencyStats.empty(),
            LatencyStats.empty(), LatencyStats.empty());

    /** Validates. */
    public DirectionStats {
        Objects.requireNonNull(slat, "slat");
        Objects.requireNonNull(clat, "clat");
        Objects.requireNonNull(lat, "lat");
        Objects.requireNonNull(bwSamples, "bwSamples");
        Objects.requireNonNull(iopsSamples, "iopsSamples");
        clatPrio = List.copyOf(clatPrio);
        if (ioBytes < 0 || totalIos < 0 || runtimeNanos < 0) {
            throw new IllegalArgumentException("negative direction statistics");
        }
    }

    /** Statistics without per-priority latencies. */
    public DirectionStats(long ioBytes, long totalIos, long runtimeNanos, LatencyStats slat, LatencyStats clat,
                          LatencyStats lat, RateSamples bwSamples, RateSamples iopsSamples) {
        this(ioBytes, totalIos, runtimeNanos, slat, clat, lat, bwSamples, iopsSamples, List.of());
    }

    /** The priorities with samples ({@code get_nr_prios_with_samples}): fio splits clat only from 2 on. */
    public int priosWithSamples() {
        int n = 0;
        for (PrioLatency p : clatPrio) {
            if (p.clat().count() > 0) {
                n++;
            }
        }
        return n;
    }

    /** Statistics without bandwidth or IOPS samples. */
    public DirectionStats(long ioBytes, long totalIos, long runtimeNanos, LatencyStats slat, LatencyStats clat,
                          LatencyStats lat) {
        this(ioBytes, totalIos, runtimeNanos, slat, clat, lat, RateSamples.none(), RateSamples.none());
    }

    /** These statistics with other latencies, the same counts and samples. */
    public DirectionStats withLatencies(LatencyStats newSlat, LatencyStats newClat, LatencyStats newLat) {
        return new DirectionStats(ioBytes, totalIos, runtimeNanos, newSlat, newClat, newLat, bwSamples, iopsSamples,
                clatPrio);
    }

    /** Nothing in this direction. */
    public static DirectionStats empty() {
        return EMPTY;
    }

    /** Bandwidth in bytes per second over the runtime ({@code bw_bytes}); 0 without runtime. */
    public double bandwidthBytesPerSec() {
        return runtimeNanos == 0 ? 0.0 : ioBytes * 1e9 / runtimeNanos;
    }

    /** I/Os per second over the runtime ({@code iops}); 0 without runtime. */
    public double iops() {
        return runtimeNanos == 0 ? 0.0 : totalIos * 1e9 / runtimeNanos;
    }

    /**
     * fio's {@code group_reporting} sum: bytes and I/Os add up, the runtime is the longest, latency
     * distributions merge. The merged statistics carry no bandwidth or IOPS samples: fio sums those of the
     * members itself (the report does, from the members).
     */
    public static DirectionStats merge(List<DirectionStats> parts) {
        long bytes = 0;
        long ios = 0;
        long runtime = 0;
        List<LatencyStats> slats = new ArrayList<>(parts.size());
        List<LatencyStats> clats = new ArrayList<>(parts.size());
        List<LatencyStats> lats = new ArrayList<>(parts.size());
        java.util.Map<Integer, List<LatencyStats>> prios = new java.util.LinkedHashMap<>();
        for (DirectionStats d : parts) {
            for (PrioLatency p : d.clatPrio) {
                prios.computeIfAbsent(p.ioPriority(), k -> new ArrayList<>()).add(p.clat());
            }
            bytes += d.ioBytes;
            ios += d.totalIos;
            runtime = Math.max(runtime, d.runtimeNanos);
            slats.add(d.slat);
            clats.add(d.clat);
            lats.add(d.lat);
        }
        List<PrioLatency> clatPrio = new ArrayList<>();
        prios.forEach((prio, stats) -> clatPrio.add(new PrioLatency(prio, LatencyStats.merge(stats))));
        return new DirectionStats(bytes, ios, runtime, LatencyStats.merge(slats), LatencyStats.merge(clats),
                LatencyStats.merge(lats), RateSamples.none(), RateSamples.none(), clatPrio);
    }
}
