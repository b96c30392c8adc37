package org.iosched.workload.fio;

import com.google.auto.service.AutoService;
import java.util.List;
import org.iosched.api.Settings;
import org.iosched.api.TunableDescriptor;
import org.iosched.api.Workload;
import org.iosched.api.WorkloadProvider;
import org.iosched.api.WorkloadSource;

/**
 * The {@code fio} workload: fio job files with fio's syntax, defaults, error messages and semantics.
 * Its tunables are the simulated machine's values of fio's reserved keywords {@code $pagesize},
 * {@code $mb_memory} and {@code $ncpus}.
 */
@AutoService(WorkloadProvider.class)
public final class FioWorkloadProvider implements WorkloadProvider {
    /** Default of {@code $pagesize}: the x86 page. */
    static final long DEFAULT_PAGESIZE = 4096;
    /** Default of {@code $mb_memory}: a 4 GiB machine, typical of the 2.6.32-3.0 era experiments. */
    static final long DEFAULT_MB_MEMORY = 4096;
    /** Default of {@code $ncpus}. */
    static final long DEFAULT_NCPUS = 4;

    @Override
    public String name() {
        return "fio";
    }

    @Override
    public String description() {
        return "fio job files (fio 3.x syntax and semantics)";
    }

    @Override
    public List<TunableDescriptor> tunables() {
        return List.of(
                TunableDescriptor.integer("pagesize", DEFAULT_PAGESIZE, "bytes", 512, 1L << 21,
                        "value of $pagesize in job files"),
                TunableDescriptor.integer("mb_memory", DEFAULT_MB_MEMORY, "MiB", 1, 1L << 30,
                        "value of $mb_memory in job files (simulated memory size)"),
                TunableDescriptor.integer("ncpus", DEFAULT_NCPUS, "cpus", 1, 4096,
                        "value of $ncpus in job files"));
    }

    @Override
    public Workload create(WorkloadSource source, Settings settings) {
        FioValues values = new FioValues(source.environment(), settings.getLong("pagesize"),
                settings.getLong("mb_memory"), settings.getLong("ncpus"));
        FioJobCompiler.Compiled compiled = new FioJobCompiler(values).compile(source);
        return new FioWorkload(compiled.jobs(), compiled.notices(), compiled.globalOptions());
    }
}
