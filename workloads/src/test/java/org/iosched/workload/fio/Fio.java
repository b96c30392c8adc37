package org.iosched.workload.fio;

import java.nio.file.Path;
import java.util.Map;
import org.iosched.api.Settings;
import org.iosched.api.WorkloadSource;
import org.iosched.workload.testing.FakeWorkloadContext;

/** Test helpers: build fio workloads from text and run them on a {@link FakeWorkloadContext}. */
final class Fio {
    private Fio() {
    }

    static FioWorkload workload(String text) {
        return workload(new WorkloadSource("job.fio", text, null, Map.of()));
    }

    static FioWorkload workload(WorkloadSource source) {
        FioWorkloadProvider p = new FioWorkloadProvider();
        return (FioWorkload) p.create(source, Settings.defaults("fio", p.tunables()));
    }

    /** A workload built with some of the provider's tunables set ({@code ncpus}, {@code io_user_ns}, ...). */
    static FioWorkload workload(String text, Map<String, String> tunables) {
        FioWorkloadProvider p = new FioWorkloadProvider();
        return (FioWorkload) p.create(new WorkloadSource("job.fio", text, null, Map.of()),
                Settings.resolve("fio", p.tunables(), tunables));
    }

    static WorkloadSource source(String text, Path dir, Map<String, String> env) {
        return new WorkloadSource("job.fio", text, dir, env);
    }

    /** Parse, start and run to the end on a context with a fixed 100 µs latency. */
    static FakeWorkloadContext run(String text) {
        return run(text, new FakeWorkloadContext());
    }

    static FakeWorkloadContext run(String text, FakeWorkloadContext ctx) {
        workload(text).start(ctx);
        return ctx.run();
    }

    /** The options of the first job. */
    static JobOptions options(String text) {
        return workload(text).specs().get(0).options();
    }
}
