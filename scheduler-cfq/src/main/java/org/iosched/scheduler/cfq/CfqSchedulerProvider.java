package org.iosched.scheduler.cfq;

import com.google.auto.service.AutoService;
import java.util.List;
import org.iosched.api.IoScheduler;
import org.iosched.api.IoSchedulerProvider;
import org.iosched.api.SchedulerContext;
import org.iosched.api.Settings;
import org.iosched.api.TunableDescriptor;

/**
 * Provides {@link CfqScheduler} under the name {@code cfq}, with Linux 3.0's sysfs tunables (names, units and
 * defaults of {@code /sys/block/X/queue/iosched/}), {@code target_latency}, and switches for the seed patches
 * and later kernels, each defaulting to 3.0 behaviour:
 * <ul>
 *   <li>{@code group_preempt_sync_noidle}: seed {@code 000_23e5a7f7b1c74cf0.txt}, Konstantin Khlebnikov,
 *       "cfq-iosched: allow groups preemption for sync-noidle workloads" (June 2011, not merged).</li>
 *   <li>{@code async_min_dispatch}: seed {@code 001_f8367181bd22bbf8.txt}, Vivek Goyal, "Fix starvation of
 *       async writes in presence of heavy sync workload" (June 2011, not merged).</li>
 *   <li>{@code fifo_expired_must_dispatch}: the fix that did land for the same starvation, upstream 3932a86b
 *       "cfq: fix starvation of asynchronous writes" (Glauber Costa, 4.9).</li>
 *   <li>{@code soft_quantum}: seed {@code 003_18b149ddd7bafafc.txt}, Shaohua Li, "cfq-iosched: quantum check
 *       tweak" (January 2010, merged in 2.6.34); 0 restores 2.6.33's hard limit.</li>
 *   <li>{@code sync_async_together}: seed {@code 004_1da395d8d10265d8.txt}, Jeff Moyer, "cfq: allow
 *       dispatching of both sync and async I/O together" (June 2010, not merged).</li>
 *   <li>{@code noidle_on_req_noidle}: Corrado Zoccolo, "cfq: improve fsync performance for small files"
 *       (749ef9f8, 2.6.37); 0 restores 2.6.33-2.6.36's {@code noidle_tree_requires_idle}.</li>
 *   <li>{@code async_queues_per_group}: 4.x async queues per cgroup instead of 3.0's root group.</li>
 * </ul>
 */
@AutoService(IoSchedulerProvider.class)
public final class CfqSchedulerProvider implements IoSchedulerProvider {
    /** The name users select CFQ by. */
    public static final String NAME = "cfq";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Completely Fair Queueing as in Linux 3.0 block/cfq-iosched.c, with seed patches as switches";
    }

    @Override
    public List<TunableDescriptor> tunables() {
        return CfqTunables.DESCRIPTORS;
    }

    @Override
    public IoScheduler create(SchedulerContext context, Settings settings) {
        return new CfqScheduler(context, settings);
    }

    /**
     * 1.5 µs per request on the reference CPU: between mq-deadline's 0.7 µs and BFQ's 1.9 µs (insert, dispatch and
     * completion hooks; Documentation/block/bfq-iosched.rst): BFQ borrowed CFQ's structure, and CFQ lacks BFQ's
     * B-WF2Q+ and weight raising. A derived figure, not a measurement: simulator/CALIBRATION.md.
     */
    @Override
    public long requestCpuNanos(Settings settings) {
        return 1500;
    }
}
