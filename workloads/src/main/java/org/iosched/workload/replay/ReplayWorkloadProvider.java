package org.iosched.workload.replay;

import com.google.auto.service.AutoService;
import java.util.List;
import org.iosched.api.Settings;
import org.iosched.api.TunableDescriptor;
import org.iosched.api.Workload;
import org.iosched.api.WorkloadProvider;
import org.iosched.api.WorkloadSource;

/**
 * The {@code replay} workload: replays a fio iolog (v2, v3), blkparse text or blktrace binary records (Q events) against the
 * device, one task per recorded pid or file. Tunable {@code mode}: {@code open} keeps the recorded issue
 * times; {@code closed} keeps the recorded order, each I/O of a task issued when its previous completes.
 */
@AutoService(WorkloadProvider.class)
public final class ReplayWorkloadProvider implements WorkloadProvider {
    @Override
    public String name() {
        return "replay";
    }

    @Override
    public String description() {
        return "replay a fio iolog (v2/v3), blkparse text or blktrace binary trace against the device";
    }

    @Override
    public List<TunableDescriptor> tunables() {
        return List.of(TunableDescriptor.choice("mode", "open", List.of("open", "closed"),
                "open: recorded issue times; closed: recorded order, each I/O after the previous one of its task"));
    }

    @Override
    public Workload create(WorkloadSource source, Settings settings) {
        TraceReader.Trace trace = TraceReader.read(source);
        return new ReplayWorkload(source.name(), trace, settings.getString("mode").equals("closed"));
    }
}
