package org.iosched.simulator.testing;

import java.util.LinkedHashMap;
import java.util.Map;
import org.iosched.api.IoScheduler;
import org.iosched.api.IoSchedulerProvider;
import org.iosched.api.SchedulerContext;
import org.iosched.api.Settings;
import org.iosched.api.TunableDescriptor;
import org.iosched.simulator.cpu.CpuTunables;
import org.iosched.simulator.noop.NoopSchedulerProvider;

/**
 * Kernel settings that make every CPU cost 0 ({@code cpu.*_ns=0}), for tests whose subject is the exact timing of
 * another layer (a bio controller's unplug, the time limit): with them the run's timing is that of the devices and
 * timers alone, as before the CPU model (with {@link #noop()}, whose stated per-request cost is 0 as well).
 */
public final class NoCpuCost {
    private NoCpuCost() {
    }

    /** noop without its stated per-request cost (0 ns instead of 150). */
    public static IoSchedulerProvider noop() {
        return new IoSchedulerProvider() {
            @Override
            public String name() {
                return "noop";
            }

            @Override
            public IoScheduler create(SchedulerContext context, Settings settings) {
                return new NoopSchedulerProvider().create(context, settings);
            }

            @Override
            public long requestCpuNanos(Settings settings) {
                return 0;
            }
        };
    }

    /** Every {@code cpu.*_ns} set to 0, plus {@code extra}. */
    public static Map<String, String> with(Map<String, String> extra) {
        Map<String, String> all = new LinkedHashMap<>();
        for (TunableDescriptor t : CpuTunables.CPU) {
            if (t.name().endsWith("_ns") || t.name().endsWith("_per_kib")) {
                all.put("cpu." + t.name(), "0");
            }
        }
        all.putAll(extra);
        return all;
    }
}
