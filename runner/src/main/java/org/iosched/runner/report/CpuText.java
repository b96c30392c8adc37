package org.iosched.runner.report;

import java.util.Locale;
import org.iosched.simulator.result.CpuUsage;

/** fio's {@code cpu} line (stat.c: {@code usr=%3.2f%%, sys=%3.2f%%, ctx=%llu, majf=%llu, minf=%llu}). */
final class CpuText {
    private CpuText() {
    }

    static void append(StringBuilder out, CpuUsage cpu) {
        out.append(String.format(Locale.ROOT, "  cpu          : usr=%3.2f%%, sys=%3.2f%%, ctx=%d, majf=%d, minf=%d\n",
                cpu.userPercent(), cpu.systemPercent(), cpu.contextSwitches(), cpu.majorFaults(), cpu.minorFaults()));
    }
}
