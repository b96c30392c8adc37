package org.iosched.scheduler.bfq;

import com.google.auto.service.AutoService;
import java.util.List;
import org.iosched.api.MqScheduler;
import org.iosched.api.MqSchedulerContext;
import org.iosched.api.MqSchedulerProvider;
import org.iosched.api.Settings;
import org.iosched.api.TunableDescriptor;

/**
 * Provides {@link BfqScheduler} under the name {@code bfq} (Linux 6.6's blk-mq block layer), with the tunables of
 * {@link BfqTunables#descriptors()} ({@code --set bfq.slice_idle=0}).
 */
@AutoService(MqSchedulerProvider.class)
public final class BfqSchedulerProvider implements MqSchedulerProvider {
    /** The name users select it by. */
    public static final String NAME = "bfq";
    /** The CPU time per request: {@value} ns. */
    public static final long REQUEST_CPU_NANOS = 1900;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Linux 6.6 BFQ: B-WF2Q+ over per-process queues with sector budgets, idling for sequential and"
                + " asymmetric workloads, weight raising (low_latency), injection, groups per cgroup";
    }

    @Override
    public List<TunableDescriptor> tunables() {
        return BfqTunables.descriptors();
    }

    @Override
    public MqScheduler create(MqSchedulerContext context, Settings settings) {
        return new BfqScheduler(context, BfqTunables.from(settings));
    }

    /**
     * 1.9 µs per request on the reference CPU: BFQ's insert, dispatch and completion hooks together, the figure
     * Documentation/block/bfq-iosched.rst gives (reference/bfq.md section 18).
     */
    @Override
    public long requestCpuNanos(Settings settings) {
        return REQUEST_CPU_NANOS;
    }

    /** {@code bfq_init_queue}: {@code blk_queue_flag_set(QUEUE_FLAG_SQ_SCHED, q)} (reference/bfq.md section 1). */
    @Override
    public boolean singleQueueScheduling() {
        return true;
    }

    /** {@code bfq_init_queue}: {@code ELEVATOR_FLAG_DISABLE_WBT} and {@code wbt_disable_default}. */
    @Override
    public boolean disablesDefaultWbt() {
        return true;
    }
}
