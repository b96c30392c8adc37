package org.iosched.simulator.cpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.iosched.api.FileHandle;
import org.iosched.api.FileIo;
import org.iosched.api.InvalidInputException;
import org.iosched.api.IoScheduler;
import org.iosched.api.IoSchedulerProvider;
import org.iosched.api.SchedulerContext;
import org.iosched.api.Settings;
import org.iosched.api.Task;
import org.iosched.api.TaskSpec;
import org.iosched.simulator.Simulation;
import org.iosched.simulator.noop.NoopSchedulerProvider;
import org.iosched.simulator.result.CpuUsage;
import org.iosched.simulator.result.JobResult;
import org.iosched.simulator.result.SimulationResult;
import org.iosched.simulator.testing.FakeDeviceProvider;
import org.iosched.simulator.testing.IoLoopWorkload;
import org.iosched.simulator.testing.ScriptedWorkload;
import org.junit.jupiter.api.Test;

/**
 * The CPU model end to end through the {@link Simulation} builder, with the default costs (cpu.* defaults, 4 CPUs).
 * Runs are bounded by virtual time (runtime) only.
 */
class CpuModelTest {
    private static final long SECOND = 1_000_000_000L;
    /** An NVMe-like device: 64 tags, 10 µs per command, so 6.4 million commands per second at most. */
    private static final FakeDeviceProvider FAST = new FakeDeviceProvider("fake-nvme", false, false, false, 64,
            rq -> 10_000);
    /** A device bound at 250,000 commands per second (32 tags of 128 µs). */
    private static final FakeDeviceProvider BOUNDED = new FakeDeviceProvider("fake-ssd", false, false, false, 32,
            rq -> 128_000);
    private static final double BOUNDED_LIMIT = 32 / 128e-6;

    private static SimulationResult run(FakeDeviceProvider device, IoLoopWorkload workload) {
        return run(new NoopSchedulerProvider(), device, workload, Map.of());
    }

    private static SimulationResult run(IoSchedulerProvider scheduler, FakeDeviceProvider device,
                                        IoLoopWorkload workload, Map<String, String> kernel) {
        return Simulation.builder().scheduler(scheduler, Map.of()).device(device, Map.of()).workload(workload)
                .kernel(kernel).build().run();
    }

    private static double iops(SimulationResult r) {
        long ios = 0;
        long runtime = 0;
        for (JobResult j : r.jobs()) {
            ios += j.read().totalIos() + j.write().totalIos();
            runtime = Math.max(runtime, j.runtimeNanos());
        }
        return ios * 1e9 / runtime;
    }

    private static double busyPercent(JobResult job) {
        CpuUsage cpu = job.cpu();
        return cpu.userPercent() + cpu.systemPercent();
    }

    private static BitSet cpus(int... numbers) {
        BitSet set = new BitSet();
        for (int n : numbers) {
            set.set(n);
        }
        return set;
    }

    @Test
    void aTimeBasedBufferedReadOfACachedFileEndsAndRunsAtMemorySpeed() {
        SimulationResult r = run(FakeDeviceProvider.fixedLatencyDisk(1_000_000),
                IoLoopWorkload.builder().buffered("/data/f", 1 << 20).runtime(SECOND / 10).build());

        JobResult job = r.jobs().get(0);
        assertThat(job.runtimeNanos()).isBetween(SECOND / 10, SECOND / 10 + 1_000_000);
        // a cache hit costs the entry and exit (100 ns), a page lookup (100 ns) and 4 KiB copied (800 ns):
        // 1 µs, so at most a million reads a second; the first pass waits for the disk
        assertThat(iops(r)).isBetween(700_000.0, 1_000_000.0);
        assertThat(job.cpu().systemPercent()).isGreaterThan(70.0);
    }

    @Test
    void aTimeBasedBufferedWriteIntoMemoryEndsAndRunsAtMemorySpeed() {
        SimulationResult r = run(FakeDeviceProvider.fixedLatencyDisk(1_000_000),
                IoLoopWorkload.builder().writes().buffered("/data/f", 1 << 20).runtime(SECOND / 10).build());

        assertThat(r.jobs().get(0).runtimeNanos()).isBetween(SECOND / 10, SECOND / 10 + 1_000_000);
        assertThat(iops(r)).isBetween(900_000.0, 1_000_000.0);
    }

    @Test
    void anAsynchronousCallHasASubmissionLatency() {
        SimulationResult r = run(FAST, IoLoopWorkload.builder().async(8).runtime(SECOND / 100).build());

        // at least io_submit's work per iocb, the dio setup and the block layer's before the call returns
        assertThat(r.jobs().get(0).read().slat().minNanos()).isGreaterThan(500 + 500);
        assertThat(r.jobs().get(0).read().slat().count()).isEqualTo(r.jobs().get(0).read().totalIos());
    }

    @Test
    void aBlockingReaderOnASlowDiskIsMostlyIdleAndSwitchesOncePerRead() {
        SimulationResult r = run(FakeDeviceProvider.fixedLatencyDisk(8_000_000), IoLoopWorkload.builder().build());

        JobResult job = r.jobs().get(0);
        assertThat(job.cpu().systemPercent()).isLessThan(5.0).isGreaterThan(0.0);
        // it sleeps in every read and is switched back in once it completed
        assertThat(job.cpu().contextSwitches()).isBetween(job.read().totalIos(), job.read().totalIos() + 2);
    }

    @Test
    void aDeepAsynchronousQueueOnAFastDeviceIsOneBusyCoreBelowTheDevicesLimit() {
        SimulationResult r = run(FAST, IoLoopWorkload.builder().async(128).userNanos(1_000).runtime(SECOND / 10)
                .build());

        JobResult job = r.jobs().get(0);
        // the job never sleeps, so it stays on CPU 0, where its completions' interrupts preempt it: the job and its
        // interrupts fill that core
        double cpu0 = r.deviceStatistics().get("cpu.0.busy_ms").doubleValue();
        double interrupts = r.deviceStatistics().get("cpu.0.interrupt_ms").doubleValue();
        assertThat(cpu0).isGreaterThan(0.99 * job.runtimeNanos() / 1e6);
        assertThat(busyPercent(job) + 100 * interrupts * 1e6 / job.runtimeNanos()).isBetween(95.0, 101.5);
        assertThat(busyPercent(job)).isGreaterThan(50.0);
        assertThat(job.cpu().userPercent()).isGreaterThan(10.0);
        // bound by its CPU (about 5 µs per read plus 3 µs of interrupt), far below 6.4 million commands per second
        assertThat(iops(r)).isBetween(100_000.0, 300_000.0);
    }

    @Test
    void moreJobsOnMoreCpusScaleUntilTheDeviceOrTheInterruptCpuIsTheLimit() {
        double one = iops(run(BOUNDED, IoLoopWorkload.builder().async(32).userNanos(1_000).runtime(SECOND / 10)
                .build()));
        SimulationResult twoJobs = run(BOUNDED, IoLoopWorkload.builder().jobs(2).async(32).userNanos(1_000)
                .runtime(SECOND / 10).build());
        double two = iops(twoJobs);
        SimulationResult threeJobs = run(BOUNDED, IoLoopWorkload.builder().jobs(3).async(32).userNanos(1_000)
                .runtime(SECOND / 10).build());
        double three = iops(threeJobs);

        assertThat(one).isLessThan(0.85 * BOUNDED_LIMIT);
        // every completion runs on CPU 0 (rq_affinity on one package) with what its softirq sets off: the wake-up of
        // the reaper and, with the queue full, the next request's dispatch (3 + 0.7 + 2 µs): CPU 0 saturates near
        // 175K completions per second, below this device's 250K, whatever the number of jobs (the first CPU
        // "completely overloaded", as 3.1's rq_affinity=2 commit says)
        assertThat(two).isBetween(0.6 * BOUNDED_LIMIT, 0.8 * BOUNDED_LIMIT);
        assertThat(three).isCloseTo(two, org.assertj.core.data.Percentage.withPercentage(2));
        for (SimulationResult r : List.of(twoJobs, threeJobs)) {
            double runMs = r.durationNanos() / 1e6;
            // interrupt and softirq work, in the interrupt or in ksoftirqd/0
            assertThat(r.deviceStatistics().get("cpu.0.interrupt_ms").doubleValue()).isGreaterThan(0.97 * runMs);
            // and a CPU is never busier than the run is long
            for (int cpu = 0; cpu < 4; cpu++) {
                assertThat(r.deviceStatistics().get("cpu." + cpu + ".busy_ms").doubleValue()).isLessThanOrEqualTo(runMs);
            }
        }
        // with a cheaper completion path the device is the limit
        double cheap = iops(run(new NoopSchedulerProvider(), BOUNDED, IoLoopWorkload.builder().jobs(3).async(32)
                .userNanos(1_000).runtime(SECOND / 10).build(), Map.of("cpu.completion_ns", "1000")));
        assertThat(cheap).isBetween(0.95 * BOUNDED_LIMIT, 1.01 * BOUNDED_LIMIT);
    }

    @Test
    void aJobOnTheCpuThatTakesEveryCompletionIsNotStarved() {
        // four jobs on four CPUs; CPU 0 takes every completion interrupt: past ten softirq restarts its work goes to
        // ksoftirqd/0, a task among tasks, and the job that ran on CPU 0 moves to whichever CPU is idle first
        SimulationResult r = run(FAST, IoLoopWorkload.builder().jobs(4).async(32).userNanos(1_000)
                .runtime(SECOND / 10).build());

        double least = Double.MAX_VALUE;
        double most = 0;
        for (JobResult job : r.jobs()) {
            double iops = job.read().totalIos() * 1e9 / job.runtimeNanos();
            least = Math.min(least, iops);
            most = Math.max(most, iops);
        }
        assertThat(least).isGreaterThan(0.8 * most);
        assertThat(most).isGreaterThan(40_000.0);
    }

    @Test
    void aSchedulerWithAHigherPerRequestCostSaturatesEarlier() {
        IoSchedulerProvider heavy = new IoSchedulerProvider() {
            @Override
            public String name() {
                return "heavy";
            }

            @Override
            public IoScheduler create(SchedulerContext context, Settings settings) {
                return new NoopSchedulerProvider().create(context, settings);
            }

            @Override
            public long requestCpuNanos(Settings settings) {
                return 5_000;
            }
        };
        IoLoopWorkload.Builder job = IoLoopWorkload.builder().async(128).userNanos(1_000).runtime(SECOND / 10);
        double light = iops(run(new NoopSchedulerProvider(), FAST, job.build(), Map.of()));
        double costly = iops(run(heavy, FAST, job.build(), Map.of()));
        double unstated = iops(run(new IoSchedulerProvider() {
            @Override
            public String name() {
                return "unstated";
            }

            @Override
            public IoScheduler create(SchedulerContext context, Settings settings) {
                return new NoopSchedulerProvider().create(context, settings);
            }
        }, FAST, job.build(), Map.of("cpu.elevator_request_ns", "5000")));

        assertThat(costly).isLessThan(0.7 * light);
        // a provider that states nothing is charged cpu.elevator_request_ns
        assertThat(unstated).isEqualTo(costly);
        // and cpu.elevator_request_ns set by the user is every scheduler's cost, stated or not
        assertThat(iops(run(heavy, FAST, job.build(), Map.of("cpu.elevator_request_ns", "150")))).isEqualTo(light);
        assertThat(iops(run(new NoopSchedulerProvider(), FAST, job.build(), Map.of("cpu.elevator_request_ns",
                "5000")))).isEqualTo(costly);
    }

    @Test
    void completionInterruptsStealTimeFromCpuZero() {
        SimulationResult r = run(FakeDeviceProvider.fixedLatencyDisk(1_000_000), IoLoopWorkload.builder()
                .runtime(SECOND / 10).build());

        long ios = r.jobs().get(0).read().totalIos();
        double interruptMs = r.deviceStatistics().get("cpu.0.interrupt_ms").doubleValue();
        // cpu.completion_ns (3 µs) per read, plus the wake-up of the reader (0.7 µs), and a kernel thread's wake-up
        assertThat(interruptMs).isBetween(ios * (3_000 + 700) / 1e6, (ios * (3_000 + 700) + 1_400) / 1e6);
        assertThat(r.deviceStatistics().get("cpu.1.interrupt_ms").doubleValue()).isZero();
    }

    @Test
    void aFasterCpuMakesEveryCostSmaller() {
        IoLoopWorkload.Builder job = IoLoopWorkload.builder().async(128).userNanos(1_000).runtime(SECOND / 20);
        double reference = iops(run(new NoopSchedulerProvider(), FAST, job.build(), Map.of()));
        double twice = iops(run(new NoopSchedulerProvider(), FAST, job.build(), Map.of("cpu.speed", "200")));

        assertThat(twice / reference).isBetween(1.8, 2.1);
    }

    @Test
    void twoJobsPinnedToOneCpuShareIt() {
        IoLoopWorkload.Builder job = IoLoopWorkload.builder().jobs(2).async(64).userNanos(1_000)
                .runtime(SECOND / 20);
        // away from CPU 0, whose completion interrupts would preempt one of them, and with cheaper interrupts, so
        // that CPU 0 does not bound the pair
        Map<String, String> cheapInterrupts = Map.of("cpu.completion_ns", "500", "cpu.driver_dispatch_ns", "500");
        SimulationResult free = run(new NoopSchedulerProvider(), FAST, job.cpus(cpus(1, 2, 3), cpus(1, 2, 3)).build(),
                cheapInterrupts);
        SimulationResult pinned = run(new NoopSchedulerProvider(), FAST, job.cpus(cpus(2), cpus(2)).build(),
                cheapInterrupts);

        double freeBusy = busyPercent(free.jobs().get(0)) + busyPercent(free.jobs().get(1));
        double pinnedBusy = busyPercent(pinned.jobs().get(0)) + busyPercent(pinned.jobs().get(1));
        assertThat(freeBusy).isGreaterThan(160.0);
        assertThat(pinnedBusy).isBetween(80.0, 100.5);
        assertThat(iops(pinned)).isLessThan(0.6 * iops(free));
        assertThat(pinned.deviceStatistics().get("cpu.2.busy_ms").doubleValue())
                .isGreaterThan(pinned.deviceStatistics().get("cpu.1.busy_ms").doubleValue());
        assertThat(pinned.deviceStatistics().get("cpu.1.busy_ms").doubleValue()).isZero();
    }

    @Test
    void aCpuTheMachineDoesNotHaveIsAUserError() {
        assertThatThrownBy(() -> run(FAST, IoLoopWorkload.builder().cpus(cpus(1, 4)).build()))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("job0: cpus_allowed names CPU 4, but the machine has 4 CPUs (cpu.count); accepted: 0-3");
        Map<String, String> one = new HashMap<>(Map.of("cpu.count", "1"));
        assertThatThrownBy(() -> run(new NoopSchedulerProvider(), FAST, IoLoopWorkload.builder().cpus(cpus(1)).build(),
                one)).isInstanceOf(InvalidInputException.class).hasMessageEndingWith("accepted: 0");
    }

    @Test
    void theSameInputAndSeedGiveTheSameResult() {
        IoLoopWorkload.Builder job = IoLoopWorkload.builder().jobs(3).async(16).userNanos(700).runtime(SECOND / 50);
        assertThat(run(BOUNDED, job.build())).isEqualTo(run(BOUNDED, job.build()));
    }

    @Test
    void aSpinIsUserTimeOnTheTasksCpuAndFaultsReachTheJobsFigures() {
        long[] doneAt = {-1};
        ScriptedWorkload spinner = new ScriptedWorkload(1, ctx -> {
            Task task = ctx.createTask(TaskSpec.of("spinner"));
            FileHandle dev = ctx.open(task, "/dev/sda", 1 << 20);
            ctx.jobStarted(0, task);
            ctx.recordFaults(0, 12, 0);
            ctx.spin(task, 2_000_000, () -> {
                doneAt[0] = ctx.now();
                ctx.submit(new FileIo().prepare(FileIo.Kind.READ, task, dev, 0, 4096, true, io -> {
                    ctx.recordIo(0, FileIo.Kind.READ, 4096, -1, 0);
                    ctx.jobFinished(0);
                    ctx.finish();
                }));
            });
        });
        SimulationResult r = Simulation.builder().device(FakeDeviceProvider.fixedLatencyDisk(1_000_000), Map.of())
                .workload(spinner).build().run();

        CpuUsage cpu = r.jobs().get(0).cpu();
        // the spin runs after the switch in (1.2 µs) and is not scaled by cpu.speed
        assertThat(doneAt[0]).isEqualTo(1_200 + 2_000_000);
        assertThat(cpu.userNanos()).isEqualTo(2_000_000);
        assertThat(cpu.minorFaults()).isEqualTo(12);
        assertThat(cpu.majorFaults()).isZero();
        assertThat(cpu.systemNanos()).isGreaterThan(0);
    }

    @Test
    void groupReportingSumsTheFiguresAndTheirRunTimesAsFioDoes() {
        CpuUsage a = new CpuUsage(1_000, 3_000, 10_000, 5, 0, 2);
        CpuUsage b = new CpuUsage(1_000, 1_000, 10_000, 7, 1, 3);
        CpuUsage sum = CpuUsage.merge(List.of(a, b));

        assertThat(sum).isEqualTo(new CpuUsage(2_000, 4_000, 20_000, 12, 1, 5));
        assertThat(sum.userPercent()).isEqualTo(10.0);
        assertThat(sum.systemPercent()).isEqualTo(20.0);
        assertThat(CpuUsage.NONE.userPercent()).isZero();
    }
}
