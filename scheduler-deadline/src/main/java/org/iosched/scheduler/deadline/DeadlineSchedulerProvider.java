package org.iosched.scheduler.deadline;

import com.google.auto.service.AutoService;
import java.util.List;
import org.iosched.api.IoScheduler;
import org.iosched.api.IoSchedulerProvider;
import org.iosched.api.SchedulerContext;
import org.iosched.api.Settings;
import org.iosched.api.TunableDescriptor;

/**
 * Provides {@link DeadlineScheduler} under the name {@code deadline} ({@code elevator=deadline}), with the
 * tunables of {@link DeadlineTunables#descriptors()}.
 */
@AutoService(IoSchedulerProvider.class)
public final class DeadlineSchedulerProvider implements IoSchedulerProvider {
    /** The name users select it by. */
    public static final String NAME = "deadline";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Linux 2.6.32-3.0 deadline: per-direction sector sweeps in batches, FIFO expiry, reads preferred";
    }

    @Override
    public List<TunableDescriptor> tunables() {
        return DeadlineTunables.descriptors();
    }

    @Override
    public IoScheduler create(SchedulerContext context, Settings settings) {
        return new DeadlineScheduler(context, DeadlineTunables.from(settings));
    }

    /**
     * 0.7 µs per request on the reference CPU: mq-deadline's insert, dispatch and completion hooks together
     * (Documentation/block/bfq-iosched.rst, on an i7-2760QM); the legacy deadline does the same red-black tree and
     * FIFO work. simulator/CALIBRATION.md.
     */
    @Override
    public long requestCpuNanos(Settings settings) {
        return 700;
    }
}
