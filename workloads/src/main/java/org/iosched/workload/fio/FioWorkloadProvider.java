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
 * {@code $mb_memory} and {@code $ncpus}, and fio's own CPU time per I/O ({@link FioCpuCosts}).
 *
 * <p>Limitations: the job file is compiled before the run's CPU model exists, so {@code $ncpus} comes from the
 * {@code ncpus} tunable; 0 (the default) means "the run's {@code cpu.count}", which the runner passes as
 * {@code fio.ncpus}; when nobody passes it, {@code $ncpus} is 1 (a run without a CPU model has one CPU). A job
 * file that uses {@code $ncpus} on a run with another CPU count is an error when the run starts.
 */
@AutoService(WorkloadProvider.class)
public final class FioWorkloadProvider implements WorkloadProvider {
    /** Default of {@code $pagesize}: the x86 page. */
    static final long DEFAULT_PAGESIZE = 4096;
    /** Default of {@code $mb_memory}: a 4 GiB machine, typical of the 2.6.32-3.0 era experiments. */
    static final long DEFAULT_MB_MEMORY = 4096;
    /** Default of the {@code ncpus} tunable: follow the run's {@code cpu.count}. */
    static final long DEFAULT_NCPUS = 0;
    /** {@code $ncpus} when the tunable is 0 and the runner did not pass the CPU count. */
    static final long NCPUS_WITHOUT_CPU_MODEL = 1;

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
                        "value of $pagesize in job files; also the page of fio's I/O buffers (minf)"),
                TunableDescriptor.integer("mb_memory", DEFAULT_MB_MEMORY, "MiB", 1, 1L << 30,
                        "value of $mb_memory in job files (simulated memory size)"),
                TunableDescriptor.integer("ncpus", DEFAULT_NCPUS, "cpus", 0, 4096,
                        "value of $ncpus in job files; 0: the run's cpu.count (must equal it when $ncpus is used)"),
                TunableDescriptor.integer("io_user_ns", FioCpuCosts.DEFAULT_IO_USER_NANOS, "ns", 0, 1_000_000_000L,
                        "fio's own user-space CPU time per I/O, clock reads apart (2011-era CPU; "
                                + "see FioCpuCosts)"),
                TunableDescriptor.integer("gettime_ns", FioCpuCosts.DEFAULT_GETTIME_NANOS, "ns", 0, 1_000_000L,
                        "one clock read (gettimeofday) by fio; 4 per I/O, 0.4% of that with gtod_reduce"));
    }

    @Override
    public Workload create(WorkloadSource source, Settings settings) {
        long ncpus = settings.getLong("ncpus");
        FioValues values = new FioValues(source.environment(), settings.getLong("pagesize"),
                settings.getLong("mb_memory"), ncpus == 0 ? NCPUS_WITHOUT_CPU_MODEL : ncpus);
        FioCpuCosts costs = new FioCpuCosts(settings.getLong("io_user_ns"), settings.getLong("gettime_ns"));
        FioJobCompiler.Compiled compiled = new FioJobCompiler(values, costs).compile(source);
        return new FioWorkload(compiled.jobs(), compiled.notices(), compiled.globalOptions(),
                values.ncpusUsed() ? values.ncpus() : -1, source.name(), ncpus == 0);
    }
}
