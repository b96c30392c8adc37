package org.iosched.simulator.testing;

import java.util.LinkedHashMap;
import java.util.Map;
import org.iosched.api.TunableDescriptor;
import org.iosched.simulator.cpu.CpuTunables;

/**
 * Kernel settings that make every CPU cost 0 ({@code cpu.*_ns=0}), for tests whose subject is the exact timing of
 * another layer (a bio controller's unplug, the time limit): with them the run's timing is that of the devices and
 * timers alone, as before the CPU model.
 */
public final class NoCpuCost {
    private NoCpuCost() {
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
