package com.example.iosched;

import com.google.auto.service.AutoService;
import java.util.List;
import org.iosched.api.IoScheduler;
import org.iosched.api.IoSchedulerProvider;
import org.iosched.api.SchedulerContext;
import org.iosched.api.Settings;
import org.iosched.api.TunableDescriptor;

/** A deliberately odd scheduler from "somebody else": it serves the newest request first. */
@AutoService(IoSchedulerProvider.class)
public final class LifoSchedulerProvider implements IoSchedulerProvider {
    @Override
    public String name() {
        return "lifo-example";
    }

    @Override
    public String description() {
        return "third-party example: newest request first";
    }

    @Override
    public List<TunableDescriptor> tunables() {
        return List.of(TunableDescriptor.integer("batch", 1, "requests", 1, 64,
                "requests moved to the dispatch queue per call"));
    }

    @Override
    public IoScheduler create(SchedulerContext context, Settings settings) {
        return new LifoScheduler(context, settings.getInt("batch"));
    }
}
