package org.iosched.scheduler.mqdeadline;

import com.google.auto.service.AutoService;
import java.util.List;
import org.iosched.api.MqScheduler;
import org.iosched.api.MqSchedulerContext;
import org.iosched.api.MqSchedulerProvider;
import org.iosched.api.Settings;
import org.iosched.api.TunableDescriptor;

/**
 * Provides {@link MqDeadlineScheduler} under the name {@code mq-deadline} (Linux 6.6's blk-mq block layer), with the
 * tunables of {@link MqDeadlineTunables#descriptors()} ({@code --set mq-deadline.fifo_batch=8}).
 */
@AutoService(MqSchedulerProvider.class)
public final class MqDeadlineSchedulerProvider implements MqSchedulerProvider {
    /** The name users select it by. */
    public static final String NAME = "mq-deadline";
    /** The CPU time per request: {@value} ns. */
    public static final long REQUEST_CPU_NANOS = 700;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Linux 6.6 mq-deadline: RT/BE/IDLE levels with prio aging, per-direction sector batches, FIFO expiry,"
                + " reads preferred, async_depth for writes";
    }

    @Override
    public List<TunableDescriptor> tunables() {
        return MqDeadlineTunables.descriptors();
    }

    @Override
    public MqScheduler create(MqSchedulerContext context, Settings settings) {
        return new MqDeadlineScheduler(context, MqDeadlineTunables.from(settings));
    }

    /**
     * 0.7 µs per request on the reference CPU: mq-deadline's insert, dispatch and completion hooks together, the
     * figure Documentation/block/bfq-iosched.rst gives (reference/bfq.md).
     */
    @Override
    public long requestCpuNanos(Settings settings) {
        return REQUEST_CPU_NANOS;
    }
}
