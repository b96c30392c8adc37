package org.iosched.workload.fio;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
    private boolean started;

    FioWorkload(List<FioJobSpec> specs, List<String> notices, List<String> globalOptions) {
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
        new FioRun(specs, context, runtimeNotices).start();
    }

    /** The jobs as compiled, for tests. */
    List<FioJobSpec> specs() {
        return specs;
    }
}
