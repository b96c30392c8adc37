package org.iosched.device.rotational;

import java.util.List;
import org.iosched.api.DeviceInfo;
import org.iosched.api.InvalidInputException;
import org.iosched.api.Settings;
import org.iosched.api.TunableDescriptor;

/**
 * Every parameter of {@link RotationalDisk}: a preset is one instance, and {@link #tunables()} turns it into the
 * provider's tunables (so that every figure is overridable with {@code --set device.<name>=<value>}).
 *
 * @param capacitySectors  capacity in 512-byte sectors
 * @param heads            recording surfaces
 * @param cylinders        cylinders (N of the seek curve)
 * @param zones            recording zones (zoned bit recording), each with its own sectors per track
 * @param innerOuterRatio  k = inner radius / outer radius, hence inner / outer media rate
 * @param rpm              spindle speed
 * @param seekTrackMs      single-cylinder seek (t1)
 * @param seekAvgMs        average read seek over all cylinder pairs (tavg)
 * @param seekFullMs       full-stroke seek (tmax)
 * @param writeSettleMs    extra settle time of a write after a seek or head switch
 * @param headSwitchMs     head switch time; also sets the track skew
 * @param interfaceMbs     host link payload rate, MB/s
 * @param overheadHitMs    controller overhead of a command served from the cache
 * @param overheadMissMs   controller overhead of a command that needs the medium
 * @param cacheKb          on-drive cache size
 * @param cacheSegments    read segments the cache is divided into
 * @param readAhead        read ahead into the segment after a miss
 * @param writeCache       volatile write-back cache on
 * @param destageHighPct   dirty share of the cache above which destage competes with queued commands (aged SATF)
 * @param flushMs          FLUSH CACHE time on a clean cache
 * @param fua              FUA honoured natively
 * @param queueDepth       commands the drive accepts at once (1 = no NCQ)
 * @param ncqAgeWeight     w of aged SATF: a command's cost is T_pos - w * T_wait
 * @param ncqMaxAgeMs      T_max of aged SATF: a command waiting longer is served next
 * @param nonqueuedFlush   FLUSH and DISCARD are non-queued commands: the queue drains before them
 * @param maxHwSectorsKb   {@code max_hw_sectors_kb}: the largest request
 */
public record RotationalParameters(long capacitySectors, int heads, int cylinders, int zones, double innerOuterRatio,
                                   int rpm, double seekTrackMs, double seekAvgMs, double seekFullMs,
                                   double writeSettleMs, double headSwitchMs, double interfaceMbs,
                                   double overheadHitMs, double overheadMissMs, int cacheKb, int cacheSegments,
                                   boolean readAhead, boolean writeCache, int destageHighPct, double flushMs,
                                   boolean fua, int queueDepth, double ncqAgeWeight, double ncqMaxAgeMs,
                                   boolean nonqueuedFlush, int maxHwSectorsKb) {

    /** Checks what the tunable ranges cannot: the relations between parameters. */
    public RotationalParameters {
        if (!(seekTrackMs <= seekAvgMs && seekAvgMs <= seekFullMs)) {
            throw new InvalidInputException("device: need seek_track_ms <= seek_avg_ms <= seek_full_ms, got "
                    + seekTrackMs + ", " + seekAvgMs + ", " + seekFullMs);
        }
        if ((long) heads * cylinders < zones) {
            throw new InvalidInputException("device: zones (" + zones + ") exceed cylinders (" + cylinders + ")");
        }
        if ((long) cacheKb * 2 / cacheSegments < 8) {
            throw new InvalidInputException("device: cache_kb / cache_segments must be at least 4 KiB");
        }
    }

    /** The tunables, with this instance's values as defaults. */
    public List<TunableDescriptor> tunables() {
        return List.of(
                TunableDescriptor.integer("capacity_sectors", capacitySectors, "sectors", 1L << 16, 1L << 40,
                        "capacity in 512-byte sectors"),
                TunableDescriptor.integer("heads", heads, "", 1, 64, "recording surfaces (heads)"),
                TunableDescriptor.integer("cylinders", cylinders, "", 16, 10_000_000,
                        "cylinders; sectors per track follow from capacity, heads, zones and inner_outer_ratio"),
                TunableDescriptor.integer("zones", zones, "", 1, 1000,
                        "recording zones of equal cylinder count (zoned bit recording)"),
                TunableDescriptor.decimal("inner_outer_ratio", innerOuterRatio, "", 0.2, 1.0,
                        "inner/outer track radius, hence inner/outer media rate (constant linear density)"),
                TunableDescriptor.integer("rpm", rpm, "rpm", 1000, 20000, "spindle speed"),
                TunableDescriptor.decimal("seek_track_ms", seekTrackMs, "ms", 0.01, 100,
                        "single-cylinder seek (t1 of the Lee three-point curve)"),
                TunableDescriptor.decimal("seek_avg_ms", seekAvgMs, "ms", 0.01, 100,
                        "average read seek over all cylinder pairs (tavg)"),
                TunableDescriptor.decimal("seek_full_ms", seekFullMs, "ms", 0.01, 200, "full-stroke seek (tmax)"),
                TunableDescriptor.decimal("write_settle_ms", writeSettleMs, "ms", 0, 20,
                        "extra settle of a write after a seek or head switch"),
                TunableDescriptor.decimal("head_switch_ms", headSwitchMs, "ms", 0, 20,
                        "head switch; the track skew hides it on sequential transfers"),
                TunableDescriptor.decimal("interface_mbs", interfaceMbs, "MB/s", 1, 100_000,
                        "host link payload rate"),
                TunableDescriptor.decimal("overhead_hit_ms", overheadHitMs, "ms", 0, 100,
                        "controller overhead of a command served from the cache"),
                TunableDescriptor.decimal("overhead_miss_ms", overheadMissMs, "ms", 0, 100,
                        "controller overhead of a command that needs the medium"),
                TunableDescriptor.integer("cache_kb", cacheKb, "KiB", 64, 4L << 20, "on-drive cache size"),
                TunableDescriptor.integer("cache_segments", cacheSegments, "", 1, 1024,
                        "read segments of the cache (each cache_kb/cache_segments)"),
                TunableDescriptor.bool("read_ahead", readAhead,
                        "read ahead after a miss until the segment is full or the medium is needed"),
                TunableDescriptor.bool("write_cache", writeCache,
                        "volatile write-back cache (hdparm -W): writes complete once buffered"),
                TunableDescriptor.integer("destage_high_pct", destageHighPct, "%", 1, 100,
                        "dirty share of the cache above which destage competes with queued commands by"
                                + " positioning time (aged SATF)"),
                TunableDescriptor.decimal("flush_ms", flushMs, "ms", 0, 100, "FLUSH CACHE time on a clean cache"),
                TunableDescriptor.bool("fua", fua, "FUA honoured natively (libata's fua=0 hides it on SATA)"),
                TunableDescriptor.integer("queue_depth", queueDepth, "commands", 1, 32,
                        "commands the drive accepts at once: 1 = no NCQ, 31 = libata NCQ, 32 = TCQ"),
                TunableDescriptor.decimal("ncq_age_weight", ncqAgeWeight, "", 0, 100,
                        "aged SATF weight w: a queued command costs T_pos - w * T_wait"),
                TunableDescriptor.decimal("ncq_max_age_ms", ncqMaxAgeMs, "ms", 1, 1_000_000,
                        "aged SATF bound: a command queued this long is served next, before destage too"
                                + " (so it applies at queue_depth 1)"),
                TunableDescriptor.bool("nonqueued_flush", nonqueuedFlush,
                        "FLUSH and DISCARD are non-queued (SATA): the queue drains before them"),
                TunableDescriptor.integer("max_hw_sectors_kb", maxHwSectorsKb, "KiB", 4, 1 << 20,
                        "largest request the device takes"));
    }

    /** Reads validated settings declared by {@link #tunables()}. */
    public static RotationalParameters from(Settings s) {
        return new RotationalParameters(s.getLong("capacity_sectors"), s.getInt("heads"), s.getInt("cylinders"),
                s.getInt("zones"), s.getDouble("inner_outer_ratio"), s.getInt("rpm"), s.getDouble("seek_track_ms"),
                s.getDouble("seek_avg_ms"), s.getDouble("seek_full_ms"), s.getDouble("write_settle_ms"),
                s.getDouble("head_switch_ms"), s.getDouble("interface_mbs"), s.getDouble("overhead_hit_ms"),
                s.getDouble("overhead_miss_ms"), s.getInt("cache_kb"), s.getInt("cache_segments"),
                s.getBoolean("read_ahead"), s.getBoolean("write_cache"), s.getInt("destage_high_pct"),
                s.getDouble("flush_ms"), s.getBoolean("fua"), s.getInt("queue_depth"),
                s.getDouble("ncq_age_weight"), s.getDouble("ncq_max_age_ms"), s.getBoolean("nonqueued_flush"),
                s.getInt("max_hw_sectors_kb"));
    }

    /** A copy with another queue depth. */
    public RotationalParameters withQueueDepth(int depth) {
        return new RotationalParameters(capacitySectors, heads, cylinders, zones, innerOuterRatio, rpm, seekTrackMs,
                seekAvgMs, seekFullMs, writeSettleMs, headSwitchMs, interfaceMbs, overheadHitMs, overheadMissMs,
                cacheKb, cacheSegments, readAhead, writeCache, destageHighPct, flushMs, fua, depth, ncqAgeWeight,
                ncqMaxAgeMs, nonqueuedFlush, maxHwSectorsKb);
    }

    /** What the block layer learns about a disk with these parameters, under the preset's name. */
    public DeviceInfo info(String name) {
        return new DeviceInfo(name, capacitySectors, true, queueDepth, writeCache, fua,
                (int) Math.min(Integer.MAX_VALUE, (long) maxHwSectorsKb * 2));
    }

    /** Nanoseconds from milliseconds. */
    static long nanos(double ms) {
        return Math.round(ms * 1_000_000.0);
    }
}
