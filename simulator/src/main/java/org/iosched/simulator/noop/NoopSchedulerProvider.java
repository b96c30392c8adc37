package org.iosched.simulator.noop;

import com.google.auto.service.AutoService;
import org.iosched.api.IoScheduler;
import org.iosched.api.IoSchedulerProvider;
import org.iosched.api.SchedulerContext;
import org.iosched.api.Settings;

/** Provides the built-in {@code noop} scheduler ({@link NoopScheduler}), found like any other plugin. */
@AutoService(IoSchedulerProvider.class)
public final class NoopSchedulerProvider implements IoSchedulerProvider {
    /** The name users select it by. */
    public static final String NAME = "noop";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "noop: one FIFO, merging only through the block layer (block/noop-iosched.c)";
    }

    @Override
    public IoScheduler create(SchedulerContext context, Settings settings) {
        return new NoopScheduler(context);
    }

    /** A FIFO list add and remove under the queue lock: 150 ns per request (simulator/CALIBRATION.md, estimate). */
    @Override
    public long requestCpuNanos(Settings settings) {
        return 150;
    }
}
