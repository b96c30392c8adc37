package org.iosched.scheduler.kyber;

import com.google.auto.service.AutoService;
import java.util.List;
import org.iosched.api.MqScheduler;
import org.iosched.api.MqSchedulerContext;
import org.iosched.api.MqSchedulerProvider;
import org.iosched.api.Settings;
import org.iosched.api.TunableDescriptor;

/**
 * Provides {@link KyberScheduler} under the name {@code kyber} (Linux 6.6's {@code elevator_name}), with the
 * tunables of {@link KyberTunables#descriptors()}.
 */
@AutoService(MqSchedulerProvider.class)
public final class KyberSchedulerProvider implements MqSchedulerProvider {
    /** The name users select it by. */
    public static final String NAME = "kyber";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Linux 6.6 Kyber (blk-mq): per-domain token pools resized every 100 ms from latency histograms";
    }

    @Override
    public List<TunableDescriptor> tunables() {
        return KyberTunables.descriptors();
    }

    @Override
    public MqScheduler create(MqSchedulerContext context, Settings settings) {
        return new KyberScheduler(context, KyberTunables.from(settings));
    }

    /**
     * Not stated (-1): neither Kyber's source nor its documentation ({@code Documentation/block/kyber-iosched.rst})
     * gives a per-request CPU cost, unlike BFQ's 1.9 µs and mq-deadline's 0.7 µs in
     * {@code Documentation/block/bfq-iosched.rst}; so the simulator charges its {@code cpu.elevator_request_ns}.
     */
    @Override
    public long requestCpuNanos(Settings settings) {
        return -1;
    }
}
