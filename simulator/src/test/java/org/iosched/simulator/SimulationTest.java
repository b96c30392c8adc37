package org.iosched.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.iosched.api.FileHandle;
import org.iosched.api.FileIo;
import org.iosched.api.FileIoListener;
import org.iosched.api.InvalidInputException;
import org.iosched.api.IoScheduler;
import org.iosched.api.IoSchedulerProvider;
import org.iosched.api.Request;
import org.iosched.api.SchedulerContext;
import org.iosched.api.Settings;
import org.iosched.api.Task;
import org.iosched.api.TaskSpec;
import org.iosched.api.TunableDescriptor;
import org.iosched.simulator.engine.InvariantViolationException;
import org.iosched.simulator.engine.PluginFailureException;
import org.iosched.simulator.noop.NoopSchedulerProvider;
import org.iosched.simulator.result.SimulationResult;
import org.iosched.simulator.testing.FakeDeviceProvider;
import org.iosched.simulator.testing.NoCpuCost;
import org.iosched.simulator.testing.RandomReadWorkload;
import org.iosched.simulator.testing.ScriptedWorkload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SimulationTest {
    private static Simulation.Builder base() {
        return Simulation.builder()
                .device(FakeDeviceProvider.fixedLatencyDisk(1_000_000), Map.of())
                .workload(RandomReadWorkload.reads(20, 1));
    }

    @Test
    void theKernelTunablesAreNamedWithTheirPrefixAndKernelDefaults() {
        assertThat(Simulation.kernelTunables()).extracting(TunableDescriptor::name)
                .containsExactly("queue.nr_requests", "queue.max_sectors_kb", "queue.read_ahead_kb", "queue.rq_affinity",
                        "queue.wbt_lat_usec", "vm.memory_mb", "vm.dirty_background_ratio", "vm.dirty_ratio", "vm.dirty_expire_centisecs",
                        "vm.dirty_writeback_centisecs", "vm.writeback_cgroup", "fs.barrier", "fs.commit_interval",
                        "fs.fragmentation", "fs.writeback_bio", "fs.jbd2_log_write", "kernel.hz", "kernel.plugging",
                        "kernel.version",
                        "cpu.count", "cpu.speed", "cpu.syscall_ns", "cpu.context_switch_ns", "cpu.wakeup_ns",
                        "cpu.page_lookup_ns", "cpu.dio_setup_ns", "cpu.copy_ns_per_kib", "cpu.bio_submit_ns",
                        "cpu.request_ns", "cpu.elevator_request_ns", "cpu.driver_dispatch_ns", "cpu.completion_ns",
                        "cpu.fsync_ns", "cpu.jbd2_commit_ns", "cpu.jbd2_block_ns", "cpu.readahead_page_ns",
                        "cpu.writeback_page_ns", "cpu.aio_submit_ns", "cpu.aio_reap_ns");
        assertThat(Simulation.kernelTunables()).extracting(TunableDescriptor::defaultValue)
                .containsExactly("128", "512", "128", "1", "-1", "4096", "10", "20", "3000", "500", "flusher", "1", "5", "0",
                        "extent", "sync", "250", "queue", "3.0", "4", "100", "100", "1200", "700", "100", "500", "200", "300",
                        "500", "700", "2000", "3000", "5000", "20000", "1000", "500", "1000", "500", "150");
        assertThat(Simulation.kernelTunables()).extracting(TunableDescriptor::unit)
                .containsExactly("requests", "KiB", "KiB", "", "us", "MiB", "%", "%", "centisecs", "centisecs", "", "", "s",
                        "%", "", "", "", "", "", "CPUs", "%", "ns", "ns", "ns", "ns", "ns", "ns", "ns", "ns", "ns", "ns",
                        "ns", "ns", "ns", "ns", "ns", "ns", "ns", "ns");
        assertThat(Simulation.kernelTunables().get(3).choices()).containsExactly("0", "1");
        assertThat(Simulation.kernelTunables().get(16).choices()).containsExactly("100", "250", "300", "1000");
        assertThat(Simulation.kernelTunables().get(17).choices()).containsExactly("queue", "task");
        assertThat(Simulation.kernelTunables().get(15).choices()).containsExactly("sync", "async");
        assertThat(Simulation.kernelTunables().get(14).choices()).containsExactly("extent", "buffer");
    }

    @Test
    void theResultListsEveryResolvedSettingInOrder() {
        SimulationResult r = base().seed(9).kernel(Map.of("queue.nr_requests", "64", "kernel.hz", "1000")).build().run();

        assertThat(r.scheduler()).isEqualTo("noop");
        assertThat(r.device()).isEqualTo("fake-disk");
        assertThat(r.seed()).isEqualTo(9);
        assertThat(r.settings()).containsExactly(Map.entry("device.queue_depth", "1"),
                Map.entry("queue.nr_requests", "64"), Map.entry("queue.max_sectors_kb", "512"),
                Map.entry("queue.read_ahead_kb", "128"), Map.entry("queue.rq_affinity", "1"),
                Map.entry("vm.memory_mb", "4096"),
                Map.entry("vm.dirty_background_ratio", "10"), Map.entry("vm.dirty_ratio", "20"),
                Map.entry("vm.dirty_expire_centisecs", "3000"), Map.entry("vm.dirty_writeback_centisecs", "500"),
                Map.entry("vm.writeback_cgroup", "flusher"), Map.entry("fs.barrier", "1"), Map.entry("fs.commit_interval", "5"), Map.entry("fs.fragmentation", "0"),
                Map.entry("fs.writeback_bio", "extent"), Map.entry("fs.jbd2_log_write", "sync"),
                Map.entry("kernel.hz", "1000"), Map.entry("kernel.plugging", "queue"), Map.entry("kernel.version", "3.0"), Map.entry("cpu.count", "4"),
                Map.entry("cpu.speed", "100"), Map.entry("cpu.syscall_ns", "100"),
                Map.entry("cpu.context_switch_ns", "1200"), Map.entry("cpu.wakeup_ns", "700"),
                Map.entry("cpu.page_lookup_ns", "100"), Map.entry("cpu.dio_setup_ns", "500"),
                Map.entry("cpu.copy_ns_per_kib", "200"), Map.entry("cpu.bio_submit_ns", "300"),
                Map.entry("cpu.request_ns", "500"), Map.entry("cpu.elevator_request_ns", "700"),
                Map.entry("cpu.driver_dispatch_ns", "2000"), Map.entry("cpu.completion_ns", "3000"),
                Map.entry("cpu.fsync_ns", "5000"), Map.entry("cpu.jbd2_commit_ns", "20000"),
                Map.entry("cpu.jbd2_block_ns", "1000"), Map.entry("cpu.readahead_page_ns", "500"),
                Map.entry("cpu.writeback_page_ns", "1000"), Map.entry("cpu.aio_submit_ns", "500"),
                Map.entry("cpu.aio_reap_ns", "150"));
        assertThat(r.deviceStatistics()).containsEntry("commands", 20);
        assertThat(r.disk().name()).isEqualTo("sda");
        // the disk idles only while the reader's CPU works between a completion and its next read (µs per ms)
        assertThat(r.disk().utilPercent()).isBetween(98.0, 99.99);
    }

    @Test
    void schedulerTunablesAreValidatedAndReportedUnderTheSchedulersName() {
        IoSchedulerProvider tuned = new IoSchedulerProvider() {
            @Override
            public String name() {
                return "tuned";
            }

            @Override
            public List<TunableDescriptor> tunables() {
                return List.of(TunableDescriptor.integer("quantum", 4, "requests", 1, 64, "q"));
            }

            @Override
            public IoScheduler create(SchedulerContext context, Settings settings) {
                assertThat(settings.getInt("quantum")).isEqualTo(8);
                return new NoopSchedulerProvider().create(context, settings);
            }
        };
        SimulationResult r = base().scheduler(tuned, Map.of("quantum", "8")).build().run();

        assertThat(r.settings()).containsEntry("tuned.quantum", "8");
        assertThatThrownBy(() -> base().scheduler(tuned, Map.of("quantum", "0")).build())
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("bad value tuned.quantum=0; accepted: an integer 1..64 (requests)");
    }

    @Test
    void theSchedulerSeesTheKernelsHzAndTheDevicesFacts() {
        int[] hz = new int[1];
        int[] depth = new int[1];
        IoSchedulerProvider probe = new IoSchedulerProvider() {
            @Override
            public String name() {
                return "probe";
            }

            @Override
            public IoScheduler create(SchedulerContext context, Settings settings) {
                hz[0] = context.hz();
                depth[0] = context.device().queueDepth();
                return new NoopSchedulerProvider().create(context, settings);
            }
        };
        base().scheduler(probe, Map.of()).kernel(Map.of("kernel.hz", "300")).device(
                FakeDeviceProvider.fixedLatencyDisk(1_000), Map.of("queue_depth", "31")).build().run();

        assertThat(hz[0]).isEqualTo(300);
        assertThat(depth[0]).isEqualTo(31);
    }

    @Test
    void badSettingsAreUserErrorsAtBuildTime() {
        assertThatThrownBy(() -> base().kernel(Map.of("queue.nr_request", "4")).build())
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("unknown tunable 'queue.nr_request'; queue accepts: max_sectors_kb, nr_requests, "
                        + "read_ahead_kb, rq_affinity, wbt_lat_usec");
        assertThatThrownBy(() -> base().kernel(Map.of("hz", "250")).build())
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("unknown kernel setting 'hz'; accepted: queue.nr_requests, queue.max_sectors_kb, "
                        + "queue.read_ahead_kb, queue.rq_affinity, queue.wbt_lat_usec, vm.memory_mb, vm.dirty_background_ratio, "
                        + "vm.dirty_ratio, vm.dirty_expire_centisecs, vm.dirty_writeback_centisecs, vm.writeback_cgroup, "
                        + "fs.barrier, fs.commit_interval, fs.fragmentation, fs.writeback_bio, fs.jbd2_log_write, "
                        + "kernel.hz, kernel.plugging, kernel.version, cpu.count, cpu.speed, cpu.syscall_ns, cpu.context_switch_ns, "
                        + "cpu.wakeup_ns, cpu.page_lookup_ns, cpu.dio_setup_ns, cpu.copy_ns_per_kib, "
                        + "cpu.bio_submit_ns, cpu.request_ns, cpu.elevator_request_ns, cpu.driver_dispatch_ns, "
                        + "cpu.completion_ns, cpu.fsync_ns, cpu.jbd2_commit_ns, cpu.jbd2_block_ns, "
                        + "cpu.readahead_page_ns, cpu.writeback_page_ns, cpu.aio_submit_ns, cpu.aio_reap_ns");
        assertThatThrownBy(() -> base().kernel(Map.of("vm.dirty_ratio", "101")).build())
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("bad value vm.dirty_ratio=101; accepted: an integer 0..100 (%)");
        assertThatThrownBy(() -> base().kernel(Map.of("fs.barriers", "0")).build())
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("unknown tunable 'fs.barriers'; fs accepts: barrier, commit_interval, fragmentation, "
                        + "jbd2_log_write, writeback_bio");
        assertThatThrownBy(() -> base().kernel(Map.of("kernel.hz", "200")).build())
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("bad value kernel.hz=200; accepted: one of 100, 250, 300, 1000");
        assertThatThrownBy(() -> base().kernel(Map.of("queue.nr_requests", "2")).build())
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("4..1000000");
        assertThatThrownBy(() -> base().device(FakeDeviceProvider.fixedLatencyDisk(1), Map.of("depth", "2")).build())
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("unknown tunable 'device.depth'; device accepts: queue_depth");
    }

    @Test
    void maxSectorsKbCannotExceedTheDevicesLimit() {
        assertThatThrownBy(() -> base().kernel(Map.of("queue.max_sectors_kb", "1024")).build().run())
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("queue.max_sectors_kb=1024 is larger than max_hw_sectors_kb 512 of device fake-disk; "
                        + "accepted: 4..512");
    }

    @Test
    void aDeviceOrWorkloadIsRequired() {
        assertThatThrownBy(() -> Simulation.builder().workload(RandomReadWorkload.reads(1, 1)).build())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("no device");
        assertThatThrownBy(() -> Simulation.builder().device(FakeDeviceProvider.fixedLatencyDisk(1), Map.of()).build())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("no workload");
    }

    @Test
    void aSimulationRunsOnce() {
        Simulation simulation = base().build();
        simulation.run();

        assertThatThrownBy(simulation::run).isInstanceOf(IllegalStateException.class).hasMessageContaining("runs once");
    }

    @Test
    void theTimeLimitStopsTheRunWithANotice() {
        // without CPU costs, so that 50 reads of 1 ms fit the 50 ms exactly
        SimulationResult r = base().workload(RandomReadWorkload.reads(1_000_000, 1)).kernel(NoCpuCost.with(Map.of()))
                .scheduler(NoCpuCost.noop(), Map.of())
                .maxVirtualTime(50_000_000).build().run();

        assertThat(r.durationNanos()).isEqualTo(50_000_000);
        assertThat(r.notices()).containsExactly("stopped at the time limit");
        assertThat(r.jobs().get(0).endNanos()).isEqualTo(50_000_000);
        assertThat(r.jobs().get(0).read().totalIos()).isEqualTo(50);
    }

    @Test
    void aSchedulerThatHoldsRequestsItNeverDispatchesIsNamed() {
        IoSchedulerProvider hoarder = new IoSchedulerProvider() {
            @Override
            public String name() {
                return "hoarder";
            }

            @Override
            public IoScheduler create(SchedulerContext context, Settings settings) {
                return new IoScheduler() {
                    private int held;

                    @Override
                    public void add(Request rq) {
                        held++;
                    }

                    @Override
                    public int dispatch(boolean force) {
                        return 0;
                    }

                    @Override
                    public boolean hasQueued() {
                        return held > 0;
                    }
                };
            }
        };

        assertThatThrownBy(() -> base().scheduler(hoarder, Map.of()).build().run())
                .isInstanceOf(PluginFailureException.class)
                .hasMessage("scheduler hoarder never dispatches the 1 request it holds: the device is idle, the queue "
                        + "unplugged, no timer of it armed, and dispatch(force=true) returned 0")
                .extracting(e -> ((PluginFailureException) e).plugin()).isEqualTo("scheduler hoarder");
    }

    @Test
    void aSchedulerThatHoldsRequestsButDispatchesThemWhenForcedIsAStallOfTheSimulation() {
        IoSchedulerProvider forgetful = new IoSchedulerProvider() {
            @Override
            public String name() {
                return "forgetful";
            }

            @Override
            public IoScheduler create(SchedulerContext context, Settings settings) {
                return new IoScheduler() {
                    private final java.util.ArrayDeque<Request> held = new java.util.ArrayDeque<>();

                    @Override
                    public void add(Request rq) {
                        held.add(rq);
                    }

                    @Override
                    public int dispatch(boolean force) {
                        if (!force || held.isEmpty()) {
                            return 0;
                        }
                        context.dispatchAddTail(held.poll());
                        return 1;
                    }

                    @Override
                    public boolean hasQueued() {
                        return !held.isEmpty();
                    }
                };
            }
        };

        assertThatThrownBy(() -> base().scheduler(forgetful, Map.of()).build().run())
                .isInstanceOf(InvariantViolationException.class)
                .hasMessageStartingWith("the simulation stalled with requests outstanding and no event left to move"
                        + " them: 0 held by scheduler forgetful, 1 on the dispatch queue");
    }

    @Test
    void aSchedulerThatRecursesWithoutEndIsNamedWithTheHook() {
        IoSchedulerProvider recursive = new IoSchedulerProvider() {
            @Override
            public String name() {
                return "recursive";
            }

            @Override
            public IoScheduler create(SchedulerContext context, Settings settings) {
                return new IoScheduler() {
                    private int held;

                    @Override
                    public void add(Request rq) {
                        held++;
                    }

                    @Override
                    public int dispatch(boolean force) {
                        return dispatch(force) + 1;
                    }

                    @Override
                    public boolean hasQueued() {
                        return held > 0;
                    }
                };
            }
        };

        assertThatThrownBy(() -> base().scheduler(recursive, Map.of()).build().run())
                .isInstanceOf(PluginFailureException.class)
                .hasMessage("scheduler recursive overflowed the stack in dispatch (StackOverflowError: unbounded "
                        + "recursion)")
                .hasCauseInstanceOf(StackOverflowError.class);
    }

    @Test
    void aMonitorThatNeverStopsChangesNothingAndSeesTheHookThatRuns() {
        List<org.iosched.simulator.engine.HookWatch.Hook> seen = new java.util.ArrayList<>();
        org.iosched.simulator.engine.HookWatch[] watch = new org.iosched.simulator.engine.HookWatch[1];
        RunMonitor monitor = new RunMonitor() {
            @Override
            public void started(org.iosched.simulator.engine.HookWatch hooks) {
                watch[0] = hooks;
            }

            @Override
            public boolean poll(long nowNanos, long bytesDone) {
                seen.add(watch[0].current());
                return false;
            }
        };
        SimulationResult plain = base().workload(RandomReadWorkload.reads(5000, 4)).build().run();
        SimulationResult watched = base().workload(RandomReadWorkload.reads(5000, 4)).monitor(monitor).build().run();

        assertThat(watched).isEqualTo(plain);
        assertThat(seen).isNotEmpty().containsOnlyNulls();
        assertThat(watch[0].calls()).isPositive();
        assertThat(watch[0].current()).isNull();
    }

    @Test
    void aMonitorStopsTheRunBetweenEventsAndTheResultSaysItWasInterrupted() {
        long[] stoppedAt = new long[2];
        RunMonitor monitor = (now, bytes) -> {
            stoppedAt[0] = now;
            stoppedAt[1] = bytes;
            return true;
        };
        SimulationResult r = base().workload(RandomReadWorkload.reads(1_000_000, 4)).monitor(monitor).build().run();

        assertThat(r.durationNanos()).isEqualTo(stoppedAt[0]).isPositive();
        assertThat(r.jobs().get(0).read().totalIos() * 4096).isEqualTo(stoppedAt[1]).isPositive()
                .isLessThan(1_000_000L * 4096);
        assertThat(r.notices()).singleElement().asString().startsWith("interrupted at ")
                .endsWith(" s of virtual time: the jobs were cut short there");
    }

    @Test
    void aWorkloadThatIssuesNoIoIsAnError() {
        assertThatThrownBy(() -> base().workload(new ScriptedWorkload(1, ctx -> ctx.finish())).build().run())
                .isInstanceOf(InvalidInputException.class).hasMessage("the workload issued no I/O");
    }

    @Test
    void aWorkloadWithoutJobsMayDoNothing() {
        SimulationResult r = base().workload(new ScriptedWorkload(0, ctx -> ctx.finish(), List.of("nothing to do")))
                .build().run();

        assertThat(r.jobs()).isEmpty();
        assertThat(r.durationNanos()).isZero();
        assertThat(r.notices()).containsExactly("nothing to do");
    }

    @Test
    void aWorkloadThatNeverFinishesAndHasNothingPendingIsNamed() {
        assertThatThrownBy(() -> base().workload(new ScriptedWorkload(1, ctx -> { })).build().run())
                .isInstanceOf(InvariantViolationException.class)
                .hasMessageContaining("workload ScriptedWorkload stalled");
    }

    @Test
    void aWorkloadExceptionNamesTheWorkload() {
        ScriptedWorkload failing = new ScriptedWorkload(1, ctx -> {
            Task t = ctx.createTask(TaskSpec.of("fio"));
            FileHandle f = ctx.open(t, "/dev/sda", 0);
            ctx.submit(new FileIo().prepare(FileIo.Kind.READ, t, f, 0, 4096, true, io -> {
                throw new IllegalStateException("boom");
            }));
        });

        assertThatThrownBy(() -> base().workload(failing).build().run())
                .isInstanceOf(PluginFailureException.class)
                .hasMessage("workload ScriptedWorkload threw IllegalStateException: boom");
    }

    @Test
    void aUserErrorRaisedInsideTheWorkloadStaysAUserError() {
        ScriptedWorkload trim = new ScriptedWorkload(1, ctx -> {
            Task t = ctx.createTask(TaskSpec.of("fio"));
            FileHandle f = ctx.open(t, "/mnt/file", 1 << 20);
            ctx.submit(new FileIo().prepare(FileIo.Kind.TRIM, t, f, 0, 4096, false, io -> { }));
        });

        assertThatThrownBy(() -> base().workload(trim).build().run())
                .isExactlyInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("trim of a file (fallocate PUNCH_HOLE) is not modelled");
    }

    @Test
    void aSchedulerExceptionDuringTheRunNamesTheScheduler() {
        IoSchedulerProvider broken = new IoSchedulerProvider() {
            @Override
            public String name() {
                return "deadline";
            }

            @Override
            public IoScheduler create(SchedulerContext context, Settings settings) {
                return new IoScheduler() {
                    private int held;

                    @Override
                    public void add(Request rq) {
                        held++;
                    }

                    @Override
                    public int dispatch(boolean force) {
                        throw new NullPointerException("fifo head");
                    }

                    @Override
                    public boolean hasQueued() {
                        return held > 0;
                    }
                };
            }
        };

        assertThatThrownBy(() -> base().scheduler(broken, Map.of()).build().run())
                .isInstanceOf(PluginFailureException.class)
                .hasMessage("scheduler deadline threw NullPointerException: fifo head")
                .extracting(e -> ((PluginFailureException) e).plugin()).isEqualTo("scheduler deadline");
    }

    @Test
    void anUnwritableTraceIsAUserError() {
        Appendable broken = new Appendable() {
            @Override
            public Appendable append(CharSequence csq) throws java.io.IOException {
                throw new java.io.IOException("No space left on device");
            }

            @Override
            public Appendable append(CharSequence csq, int start, int end) throws java.io.IOException {
                throw new java.io.IOException("No space left on device");
            }

            @Override
            public Appendable append(char c) throws java.io.IOException {
                throw new java.io.IOException("No space left on device");
            }
        };

        assertThatThrownBy(() -> base().trace(broken).build().run())
                .isExactlyInstanceOf(InvalidInputException.class)
                .hasMessage("trace: cannot write the block trace: No space left on device");
    }

    @Test
    void fioLogsGoToTheLogDirectory(@TempDir Path dir) throws Exception {
        ScriptedWorkload logging = new ScriptedWorkload(1, ctx -> {
            Task t = ctx.createTask(TaskSpec.of("fio"));
            FileHandle f = ctx.open(t, "/dev/sda", 0);
            Appendable log = ctx.openLog("job_bw.1.log");
            ctx.submit(new FileIo().prepare(FileIo.Kind.READ, t, f, 0, 4096, true, new FileIoListener() {
                @Override
                public void completed(FileIo io) {
                    try {
                        log.append(io.completeTime() / 1_000_000 + ", 4, 0, 4096\n");
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                    ctx.recordIo(0, io.kind(), io.length(), -1, io.completeTime() - io.submitTime());
                    ctx.finish();
                }
            }));
        });

        base().workload(logging).logDirectory(dir).build().run();

        assertThat(Files.readString(dir.resolve("job_bw.1.log"))).isEqualTo("1, 4, 0, 4096\n");
    }
}
