package org.iosched.simulator.blkmq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.iosched.api.InvalidInputException;
import org.iosched.simulator.Simulation;
import org.iosched.simulator.cpu.CpuTunables;
import org.iosched.simulator.noop.NoopSchedulerProvider;
import org.iosched.simulator.result.SimulationResult;
import org.iosched.simulator.testing.FakeDeviceProvider;
import org.iosched.simulator.testing.RandomReadWorkload;
import org.junit.jupiter.api.Test;

/** Whole runs through Linux 6.6's blk-mq stack, and the era switch. */
class MqSimulationTest {
    private static SimulationResult run(org.iosched.api.PluginProvider scheduler, Map<String, String> kernel,
                                        int iodepth) {
        return Simulation.builder()
                .scheduler(scheduler, Map.of())
                .device(FakeDeviceProvider.fixedLatencyDisk(1_000_000), Map.of("queue_depth", "32"))
                .workload(RandomReadWorkload.reads(200, iodepth))
                .kernel(kernel)
                .build()
                .run();
    }

    @Test
    void noneCompletesEveryReadAndNamesTheKernel() {
        SimulationResult result = run(new NoneSchedulerProvider(), Map.of(), 1);
        assertThat(result.jobs().get(0).read().totalIos()).isEqualTo(200);
        assertThat(result.disk().readIos()).isEqualTo(200);
        assertThat(result.settings()).containsEntry("kernel.version", "6.6");
        assertThat(result.durationNanos()).isBetween(200 * 1_000_000L, 200 * 1_030_000L);
    }

    @Test
    void aFifoSchedulerCompletesEveryReadAtDepth() {
        SimulationResult result = run(new FifoMqScheduler.Provider(), Map.of(), 16);
        assertThat(result.jobs().get(0).read().totalIos()).isEqualTo(200);
        assertThat(result.settings()).containsEntry("queue.nr_requests", "64");
    }

    @Test
    void aLegacySchedulerRunsThreeZero() {
        SimulationResult result = run(new NoopSchedulerProvider(), Map.of(), 1);
        assertThat(result.settings()).containsEntry("kernel.version", "3.0");
    }

    @Test
    void aVersionThatDoesNotFitTheSchedulerIsAUserError() {
        assertThatThrownBy(() -> run(new NoneSchedulerProvider(), Map.of("kernel.version", "3.0"), 1))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("scheduler none runs on the Linux 6.6 blk-mq")
                .hasMessageContaining("kernel.version=6.6");
        assertThatThrownBy(() -> run(new NoopSchedulerProvider(), Map.of("kernel.version", "6.6"), 1))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("pick a 6.6 scheduler (none, mq-deadline, kyber)");
    }

    @Test
    void aBlkMqRunIsTheSameTwice() {
        String[] traces = new String[2];
        SimulationResult[] results = new SimulationResult[2];
        for (int i = 0; i < 2; i++) {
            StringBuilder trace = new StringBuilder();
            results[i] = Simulation.builder()
                    .scheduler(new FifoMqScheduler.Provider(), Map.of())
                    .device(FakeDeviceProvider.fixedLatencyDisk(200_000), Map.of("queue_depth", "4"))
                    .workload(RandomReadWorkload.reads(300, 8))
                    .kernel(Map.of("cpu.count", "2"))
                    .seed(9)
                    .trace(trace)
                    .build()
                    .run();
            traces[i] = trace.toString();
        }
        assertThat(traces[1]).isEqualTo(traces[0]).contains(" I  ").contains(" D  ");
        assertThat(results[1].durationNanos()).isEqualTo(results[0].durationNanos());
        assertThat(results[1].jobs().get(0).read().totalIos()).isEqualTo(300);
    }

    private static SimulationResult fifoRun(boolean disablesWbt, Map<String, String> kernel) {
        FifoMqScheduler.Provider provider = new FifoMqScheduler.Provider();
        provider.disableWbt = disablesWbt;
        return Simulation.builder()
                .scheduler(provider, Map.of())
                .device(FakeDeviceProvider.fixedLatencyDisk(1_000_000), Map.of("queue_depth", "32"))
                .workload(RandomReadWorkload.reads(20, 1))
                .kernel(kernel)
                .build()
                .run();
    }

    @Test
    void aSchedulerThatTurnsTheDefaultWbtOffRunsWithoutItUnlessTheUserSetWbtLatUsec() {
        assertThat(fifoRun(false, Map.of()).deviceStatistics()).containsKey("wbt.scale_step");
        // BFQ's wbt_disable_default: off while on by default
        assertThat(fifoRun(true, Map.of()).deviceStatistics().keySet()).noneMatch(k -> k.startsWith("wbt."));
        // a wbt_lat_usec the user wrote keeps it on (WBT_STATE_ON_MANUAL)
        assertThat(fifoRun(true, Map.of("queue.wbt_lat_usec", "75000")).deviceStatistics())
                .containsKey("wbt.scale_step");
    }

    @Test
    void theListedLinux66DefaultsAreWhatA66RunResolves() {
        SimulationResult modern = run(new NoneSchedulerProvider(), Map.of(), 1);
        assertThat(Simulation.linux66Defaults()).isNotEmpty();
        Simulation.linux66Defaults().forEach((key, value) -> assertThat(modern.settings()).containsEntry(key, value));
        SimulationResult legacy = run(new NoopSchedulerProvider(), Map.of(), 1);
        Simulation.linux66Defaults().forEach((key, value) -> assertThat(legacy.settings()).doesNotContainEntry(key,
                value));
    }

    @Test
    void linux66RunsOnACurrentMachineAndThreeZeroOnTheDesktopOfItsEra() throws IOException {
        SimulationResult modern = run(new NoneSchedulerProvider(), Map.of(), 1);
        assertThat(modern.settings()).containsEntry("cpu.count", "16").containsEntry("cpu.speed", "541");
        assertThat(modern.deviceStatistics()).containsKey("cpu.15.busy_ms");
        SimulationResult old = run(new NoopSchedulerProvider(), Map.of(), 1);
        assertThat(old.settings()).containsEntry("cpu.count", "4").containsEntry("cpu.speed", "100");
        // what the user sets wins over the era's machine
        SimulationResult set = run(new NoneSchedulerProvider(), Map.of("cpu.count", "2", "cpu.speed", "100"), 1);
        assertThat(set.settings()).containsEntry("cpu.count", "2").containsEntry("cpu.speed", "100");
        // and each era default is sourced in CALIBRATION.md
        String calibration = Files.readString(Path.of("CALIBRATION.md"));
        assertThat(calibration).contains("| `cpu.count` (6.6) | " + CpuTunables.MODERN_COUNT + " |")
                .contains("| `cpu.speed` (6.6) | " + CpuTunables.MODERN_SPEED + " |");
    }
}
