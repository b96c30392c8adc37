package org.iosched.scheduler.bfq;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.iosched.api.InvalidInputException;
import org.iosched.api.Settings;
import org.iosched.api.TunableDescriptor;

/**
 * BFQ's sysfs knobs ({@code /sys/block/DEV/queue/iosched/}, 6.6's {@code bfq_attrs}) with the kernel's names,
 * units, defaults and store ranges, plus {@code weight}: the {@code io.bfq.weight} of cgroups (see docs/bfq.md).
 *
 * @param sliceIdleNs       {@code slice_idle} / {@code slice_idle_us}, in ns
 * @param fifoExpireSyncMs  {@code fifo_expire_sync}, ms
 * @param fifoExpireAsyncMs {@code fifo_expire_async}, ms
 * @param backSeekMaxKib    {@code back_seek_max}, KiB
 * @param backSeekPenalty   {@code back_seek_penalty}
 * @param timeoutSyncMs     {@code timeout_sync}, ms ({@link #DEFAULT_TIMEOUT_SYNC_MS}: the kernel's {@code HZ/8})
 * @param maxBudget         {@code max_budget}, sectors; 0 = auto-tuned from the peak rate
 * @param lowLatency        {@code low_latency}
 * @param strictGuarantees  {@code strict_guarantees}
 * @param groupWeights      cgroup path to {@code io.bfq.weight}
 */
public record BfqTunables(long sliceIdleNs, long fifoExpireSyncMs, long fifoExpireAsyncMs, long backSeekMaxKib,
                          long backSeekPenalty, long timeoutSyncMs, long maxBudget, boolean lowLatency,
                          boolean strictGuarantees, Map<String, Integer> groupWeights) {
    public static final int DEFAULT_SLICE_IDLE_MS = 8;
    public static final int DEFAULT_FIFO_EXPIRE_SYNC_MS = 125;
    public static final int DEFAULT_FIFO_EXPIRE_ASYNC_MS = 250;
    public static final int DEFAULT_BACK_SEEK_MAX = 16 * 1024;
    public static final int DEFAULT_BACK_SEEK_PENALTY = 2;
    /** {@code timeout_sync}'s default: {@code HZ / 8} jiffies, 125 ms (124 ms at HZ=250 once read back). */
    public static final int DEFAULT_TIMEOUT_SYNC_MS = 125;
    private static final long INT_MAX = Integer.MAX_VALUE;
    private static final long UINT_MAX = 0xffffffffL;

    public BfqTunables {
        groupWeights = Collections.unmodifiableMap(new LinkedHashMap<>(groupWeights));
    }

    /** The kernel's defaults. */
    public static BfqTunables defaults() {
        return from(Settings.defaults(BfqSchedulerProvider.NAME, descriptors()));
    }

    /** The tunables as the provider declares them. */
    public static List<TunableDescriptor> descriptors() {
        return List.of(
                TunableDescriptor.integer("slice_idle", DEFAULT_SLICE_IDLE_MS, "ms", 0, INT_MAX,
                        "how long an empty sync queue may keep the device waiting for its next request; 0 disables"
                                + " idling"),
                TunableDescriptor.integer("slice_idle_us", DEFAULT_SLICE_IDLE_MS * 1000L, "us", 0, UINT_MAX,
                        "slice_idle in microseconds (the same variable; a value other than 8000 wins over"
                                + " slice_idle)"),
                TunableDescriptor.integer("fifo_expire_sync", DEFAULT_FIFO_EXPIRE_SYNC_MS, "ms", 1, INT_MAX,
                        "a sync request's FIFO deadline, checked once per service slot"),
                TunableDescriptor.integer("fifo_expire_async", DEFAULT_FIFO_EXPIRE_ASYNC_MS, "ms", 1, INT_MAX,
                        "an async request's FIFO deadline"),
                TunableDescriptor.integer("back_seek_max", DEFAULT_BACK_SEEK_MAX, "KiB", 0, INT_MAX,
                        "how far behind the head a request still counts as a (penalised) backward seek"),
                TunableDescriptor.integer("back_seek_penalty", DEFAULT_BACK_SEEK_PENALTY, "factor", 1, INT_MAX,
                        "how much a backward seek costs against a forward one"),
                TunableDescriptor.integer("timeout_sync", DEFAULT_TIMEOUT_SYNC_MS, "ms", 1, INT_MAX,
                        "budget timeout of a queue in service (stored in jiffies; 125 keeps the kernel's HZ/8)"),
                TunableDescriptor.integer("max_budget", 0, "sectors", 0, INT_MAX,
                        "largest budget of a queue; 0: auto, what the device transfers at its peak rate in"
                                + " timeout_sync"),
                TunableDescriptor.bool("low_latency", true,
                        "weight raising of interactive and soft real-time queues"),
                TunableDescriptor.bool("strict_guarantees", false,
                        "idle whenever the in-service queue is empty and dispatch one request at a time (raises"
                                + " slice_idle to at least 8 ms)"),
                TunableDescriptor.text("weight", "",
                        "io.bfq.weight of cgroups, PATH:WEIGHT[,PATH:WEIGHT...], 1..1000 (default 100); fio's"
                                + " cgroup_weight writes blkio.weight, which 6.6's BFQ does not read"));
    }

    /** Reads validated {@link Settings} of {@link #descriptors()}. */
    public static BfqTunables from(Settings settings) {
        long sliceIdleUs = settings.getLong("slice_idle_us");
        long sliceIdleNs = sliceIdleUs != DEFAULT_SLICE_IDLE_MS * 1000L ? sliceIdleUs * 1000L
                : settings.getLong("slice_idle") * Bfq.NSEC_PER_MSEC;
        boolean strict = settings.getBoolean("strict_guarantees");
        if (strict && sliceIdleNs < Bfq.DEFAULT_SLICE_IDLE) {
            // bfq_strict_guarantees_store: "if (bfqd->strict_guarantees && bfqd->bfq_slice_idle < 8ms)"
            sliceIdleNs = Bfq.DEFAULT_SLICE_IDLE;
        }
        return new BfqTunables(sliceIdleNs, settings.getLong("fifo_expire_sync"), settings.getLong("fifo_expire_async"),
                settings.getLong("back_seek_max"), settings.getLong("back_seek_penalty"),
                settings.getLong("timeout_sync"), settings.getLong("max_budget"), settings.getBoolean("low_latency"),
                strict, parseWeights(settings.getString("weight")));
    }

    /** {@code PATH:WEIGHT[,PATH:WEIGHT...]}. */
    static Map<String, Integer> parseWeights(String text) {
        Map<String, Integer> weights = new LinkedHashMap<>();
        if (text == null || text.isBlank()) {
            return weights;
        }
        for (String item : text.split(",")) {
            String entry = item.trim();
            int colon = entry.lastIndexOf(':');
            if (colon <= 0 || !entry.startsWith("/")) {
                throw badWeight(text);
            }
            int weight;
            try {
                weight = Integer.parseInt(entry.substring(colon + 1).trim());
            } catch (NumberFormatException e) {
                throw badWeight(text);
            }
            if (weight < Bfq.MIN_WEIGHT || weight > Bfq.MAX_WEIGHT) {
                throw badWeight(text);
            }
            weights.put(entry.substring(0, colon).trim(), weight);
        }
        return weights;
    }

    private static InvalidInputException badWeight(String text) {
        return new InvalidInputException("bad value bfq.weight=" + text
                + "; accepted: PATH:WEIGHT[,PATH:WEIGHT...] with a cgroup path starting with / and a weight 1..1000");
    }
}
