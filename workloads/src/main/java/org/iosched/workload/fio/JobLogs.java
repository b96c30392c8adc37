package org.iosched.workload.fio;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.iosched.api.WorkloadContext;

/**
 * A job's {@code write_lat_log}, {@code write_bw_log} and {@code write_iops_log} files in fio's log
 * format (iolog.c {@code flush_samples}): {@code time_ms, value, ddir, bs[, offset], prio} per line.
 * Latencies are in ns, bandwidth in KiB/s, IOPS in I/Os per second. Without {@code log_avg_msec} every
 * I/O is logged (bandwidth as {@code bytes * 10^6 / clat_ns}, IOPS as 1); with it, one averaged entry per
 * direction and window, with {@code bs} 0. The prio column is 1 for RT-class tasks, or fio's
 * {@code 0x%04x} ioprio value with {@code log_prio}. A disabled measurement logs nothing, as fio's
 * {@code account_io_completion} skips its samples: {@code disable_lat} the lat log, {@code disable_clat} the clat
 * log, {@code disable_slat} the slat log, {@code disable_bw_measurement} the bw log, and fio's
 * {@code gtod_reduce()} test the iops log (the files are still created, empty, as fio creates them).
 */
final class JobLogs {
    private final Appendable lat;
    private final Appendable slat;
    private final Appendable clat;
    private final Appendable bw;
    private final Appendable iops;
    private final boolean logOffset;
    private final boolean logLat;
    private final boolean logSlat;
    private final boolean logClat;
    private final boolean logBw;
    private final boolean logIops;
    private final String prio;
    private final int avgMsec;
    private final boolean[] used = new boolean[Ddir.COUNT];
    private final StringBuilder line = new StringBuilder(64);
    private final long[] latSum = new long[Ddir.COUNT];
    private final long[] slatSum = new long[Ddir.COUNT];
    private final long[] clatSum = new long[Ddir.COUNT];
    private final long[] latCount = new long[Ddir.COUNT];
    private final long[] slatCount = new long[Ddir.COUNT];
    private final long[] bytes = new long[Ddir.COUNT];
    private final long[] ios = new long[Ddir.COUNT];
    private long windowStartMs;

    /**
     * @param names     the log file names, as {@link FioJobCompiler#logFiles} orders them
     * @param ioprio    the task's ioprio as the kernel encodes it ({@code class << 13 | level})
     */
    JobLogs(JobOptions o, List<String> names, WorkloadContext context, int ioprio) {
        int i = 0;
        if (o.latLog != null) {
            lat = context.openLog(names.get(i++));
            slat = context.openLog(names.get(i++));
            clat = context.openLog(names.get(i++));
        } else {
            lat = null;
            slat = null;
            clat = null;
        }
        bw = o.bwLog != null ? context.openLog(names.get(i++)) : null;
        iops = o.iopsLog != null ? context.openLog(names.get(i)) : null;
        logOffset = o.logOffset;
        logLat = !o.disableLat;
        logSlat = !o.disableSlat;
        logClat = !o.disableClat;
        logBw = !o.disableBw;
        logIops = !o.gtodReduce;
        prio = o.logPrio ? String.format("0x%04x", ioprio) : ((ioprio >> 13) == 1 ? "1" : "0");
        avgMsec = o.logAvgMsec;
        for (int d = 0; d < Ddir.COUNT; d++) {
            used[d] = o.uses(d);
        }
    }

    /** Whether any log is written. */
    boolean any() {
        return lat != null || bw != null || iops != null;
    }

    /** Whether entries are averaged over windows of {@code log_avg_msec}. */
    int averagingMillis() {
        return avgMsec;
    }

    /** The measured phase starts (the epoch). */
    void start(long nowMs) {
        windowStartMs = nowMs;
    }

    /** A completed I/O. */
    void io(int d, long length, long offset, long slatNs, long clatNs, long latNs, long timeMs) {
        if (avgMsec == 0) {
            if (lat != null) {
                if (logLat) {
                    write(lat, timeMs, latNs, d, length, offset);
                }
                if (slatNs >= 0 && logSlat) {
                    write(slat, timeMs, slatNs, d, length, offset);
                }
                if (logClat) {
                    write(clat, timeMs, clatNs, d, length, offset);
                }
            }
            if (bw != null && logBw) {
                write(bw, timeMs, clatNs > 0 ? length * 1_000_000L / clatNs : 0, d, length, offset);
            }
            if (iops != null && logIops) {
                write(iops, timeMs, 1, d, length, offset);
            }
            return;
        }
        latSum[d] += latNs;
        clatSum[d] += clatNs;
        latCount[d]++;
        if (slatNs >= 0) {
            slatSum[d] += slatNs;
            slatCount[d]++;
        }
        bytes[d] += length;
        ios[d]++;
    }

    /** Close the averaging window ending at {@code timeMs} and write its entries. */
    void window(long timeMs) {
        long spent = timeMs - windowStartMs;
        if (avgMsec == 0 || spent <= 0) {
            return;
        }
        for (int d = 0; d < Ddir.COUNT; d++) {
            if (lat != null && latCount[d] > 0) {
                if (logLat) {
                    write(lat, timeMs, latSum[d] / latCount[d], d, 0, 0);
                }
                if (slatCount[d] > 0 && logSlat) {
                    write(slat, timeMs, slatSum[d] / slatCount[d], d, 0, 0);
                }
                if (logClat) {
                    write(clat, timeMs, clatSum[d] / latCount[d], d, 0, 0);
                }
            }
            if (used[d]) {
                if (bw != null && logBw) {
                    write(bw, timeMs, bytes[d] * 1000 / spent / 1024, d, 0, 0);
                }
                if (iops != null && logIops) {
                    write(iops, timeMs, ios[d] * 1000 / spent, d, 0, 0);
                }
            }
            latSum[d] = 0;
            slatSum[d] = 0;
            clatSum[d] = 0;
            latCount[d] = 0;
            slatCount[d] = 0;
            bytes[d] = 0;
            ios[d] = 0;
        }
        windowStartMs = timeMs;
    }

    private void write(Appendable log, long timeMs, long value, int d, long bs, long offset) {
        line.setLength(0);
        line.append(timeMs).append(", ").append(value).append(", ").append(d).append(", ").append(bs);
        if (logOffset) {
            line.append(", ").append(offset);
        }
        line.append(", ").append(prio).append('\n');
        try {
            log.append(line);
        } catch (IOException e) {
            throw new UncheckedIOException("writing an fio log", e);
        }
    }
}
