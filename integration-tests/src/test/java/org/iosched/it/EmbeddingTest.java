package org.iosched.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.iosched.api.Settings;
import org.iosched.api.WorkloadSource;
import org.iosched.device.preset.Hdd7200Provider;
import org.iosched.scheduler.deadline.DeadlineSchedulerProvider;
import org.iosched.simulator.Simulation;
import org.iosched.simulator.result.SimulationResult;
import org.iosched.workload.fio.FioWorkloadProvider;
import org.junit.jupiter.api.Test;

/** The example of docs/embedding.md, verbatim: a simulation run from Java without the runner. */
class EmbeddingTest {
    @Test
    void theReadmeExampleRunsAndIsDeterministic() {
        assertThat(run()).isEqualTo(run()).isPositive();
    }

    private static double run() {
        String job = """
                [reader]
                filename=/dev/sda
                rw=randread
                direct=1
                ioengine=libaio
                iodepth=8
                runtime=2
                time_based
                """;
        FioWorkloadProvider fio = new FioWorkloadProvider();
        SimulationResult result = Simulation.builder()
                .seed(42)
                .scheduler(new DeadlineSchedulerProvider(), Map.of("fifo_batch", "1"))
                .device(new Hdd7200Provider(), Map.of())
                .workload(fio.create(WorkloadSource.of("job.fio", job), Settings.defaults("fio", fio.tunables())))
                .build()
                .run();
        double iops = result.jobs().get(0).read().iops();
        return iops;
    }
}
