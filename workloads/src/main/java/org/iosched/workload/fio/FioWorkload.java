package org.iosched.workload.fio;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.iosched.api.InvalidInputException;
import org.iosched.api.JobDescriptor;
import org.iosched.api.Workload;
import org.iosched.api.WorkloadContext;

/**
 * A parsed fio job file, ready to run: its jobs (one per {@code numjobs} clone) as fio describes them,
 * and the notices about options that have no effect in simulation.
 *
 * <p>Features: fio's job file syntax and option semantics for block-layer experiments (see
 * {@link FioOptionCatalog} for what is modelled). Limitations: see the notices of each workload and the
 * module's list of simplifications. Notes: {@link #start} may be called once.
 */
public final class FioWorkload implements Workload {
    private final List<FioJobSpec> specs;
    private final List<JobDescriptor> jobs;
    private final List<String> notices;
    private final List<String> runtimeNotices = new ArrayList<>();
    private final long ncpus;
    private final String sourceName;
    private final boolean ncpusFollowsRun;
    private boolean started;

    FioWorkload(List<FioJobSpec> specs, List<String> notices, List<String> globalOptions) {
        this(specs, notices, globalOptions, -1, "job.fio", false);
    }

    /**
     * @param ncpus           the value {@code $ncpus} had in the job file, or -1 if the file does not use it
     * @param sourceName      the job file, for errors
     * @param ncpusFollowsRun whether {@code fio.ncpus} was left at 0 ("the run's CPU count")
     */
    FioWorkload(List<FioJobSpec> specs, List<String> notices, List<String> globalOptions, long ncpus,
                String sourceName, boolean ncpusFollowsRun) {
        this.ncpus = ncpus;
        this.sourceName = sourceName;
        this.ncpusFollowsRun = ncpusFollowsRun;
        this.specs = List.copyOf(specs);
        this.notices = List.copyOf(notices);
        List<JobDescriptor> d = new ArrayList<>();
        for (FioJobSpec s : specs) {
            d.add(new JobDescriptor(s.index(), s.name(), s.groupId(), s.options().groupReporting, s.summary(),
                    descriptorOptions(s), s.logFiles(), s.options().ownOptions, globalOptions));
        }
        this.jobs = List.copyOf(d);
    }

    private static Map<String, String> descriptorOptions(FioJobSpec s) {
        Map<String, String> m = new java.util.LinkedHashMap<>(s.options().written);
        m.putIfAbsent("name", s.name());
        return m;
    }

    @Override
    public List<JobDescriptor> jobs() {
        return jobs;
    }

    /** Parse-time notices, then anything the run found (a job stopped by {@code rate_min}). */
    @Override
    public List<String> notices() {
        if (runtimeNotices.isEmpty()) {
            return notices;
        }
        List<String> all = new ArrayList<>(notices);
        all.addAll(runtimeNotices);
        return List.copyOf(all);
    }

    @Override
    public void start(WorkloadContext context) {
        if (started) {
            throw new IllegalStateException("an fio workload runs once");
        }
        started = true;
        if (ncpus >= 0 && ncpus != context.cpuCount()) {
            // the job file was compiled before the run's CPU model existed: $ncpus must have been its CPU count
            throw new InvalidInputException(sourceName, 0, "$ncpus was " + ncpus + (ncpusFollowsRun
                    ? " (fio.ncpus=0 and no CPU count was passed)" : " (fio.ncpus)") + " but the run has "
                    + context.cpuCount() + (context.cpuCount() == 1 ? " CPU" : " CPUs") + " (cpu.count); accepted: fio.ncpus=" + context.cpuCount()
                    + " or 0 with the runner passing cpu.count");
        }
        new FioRun(specs, context, runtimeNotices).start();
    }

    /** The jobs as compiled, for tests. */
    List<FioJobSpec> specs() {
        return specs;
    }
}
