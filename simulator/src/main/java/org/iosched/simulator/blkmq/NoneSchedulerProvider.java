package org.iosched.simulator.blkmq;

import com.google.auto.service.AutoService;
import java.util.List;
import org.iosched.api.MqScheduler;
import org.iosched.api.MqSchedulerContext;
import org.iosched.api.MqSchedulerProvider;
import org.iosched.api.Settings;
import org.iosched.api.TunableDescriptor;

/**
 * {@code none}: Linux 6.6's blk-mq without an I/O scheduler ({@code q->elevator == NULL}). It creates no
 * scheduler: {@link MqRequestQueue} then queues requests on the per-CPU software queues, merges bios there
 * ({@code blk_bio_list_merge}) and issues directly to the driver when it can ({@code blk_mq_try_issue_directly}).
 */
@AutoService(MqSchedulerProvider.class)
public final class NoneSchedulerProvider implements MqSchedulerProvider {
    /** The name users select ({@code --scheduler none}). */
    public static final String NAME = "none";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "no I/O scheduler (Linux 6.6 blk-mq): per-CPU software queues, direct issue to the driver";
    }

    @Override
    public List<TunableDescriptor> tunables() {
        return List.of();
    }

    /** Never called: the block layer runs without an elevator for {@code none}. */
    @Override
    public MqScheduler create(MqSchedulerContext context, Settings settings) {
        throw new UnsupportedOperationException("none has no scheduler instance");
    }

    /** No elevator, no elevator work per request. */
    @Override
    public long requestCpuNanos(Settings settings) {
        return 0;
    }
}
