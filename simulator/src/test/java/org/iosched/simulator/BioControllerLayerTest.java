package org.iosched.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.iosched.api.Bio;
import org.iosched.api.BioController;
import org.iosched.api.BioControllerContext;
import org.iosched.api.BioControllerProvider;
import org.iosched.api.FileHandle;
import org.iosched.api.FileIo;
import org.iosched.api.FileIoListener;
import org.iosched.api.InvalidInputException;
import org.iosched.api.Task;
import org.iosched.api.TaskSpec;
import org.iosched.simulator.engine.InvariantViolationException;
import org.iosched.simulator.engine.PluginFailureException;
import org.iosched.simulator.result.SimulationResult;
import org.iosched.simulator.result.TaskStats;
import org.iosched.simulator.testing.FakeDeviceProvider;
import org.iosched.simulator.testing.HoldingController;
import org.iosched.simulator.testing.HoldingControllerProvider;
import org.iosched.simulator.testing.NoCpuCost;
import org.iosched.simulator.testing.RandomReadWorkload;
import org.iosched.simulator.testing.ScriptedWorkload;
import org.junit.jupiter.api.Test;

/**
 * The bio layer between the OS model and the request queue, seen through a {@link Simulation} with a test
 * controller that holds every bio for 1 ms and re-issues it from its kernel thread {@code kholdd}.
 */
class BioControllerLayerTest {
    private static final long MS = 1_000_000;

    private static Simulation.Builder reads(int total, int iodepth) {
        return Simulation.builder()
                .device(FakeDeviceProvider.fixedLatencyDisk(MS), Map.of())
                .workload(new RandomReadWorkload(total, 4096, iodepth, 64L << 20, false));
    }

    @Test
    void everyBioGoesThroughTheControllerAndCompletesExactlyOnce() {
        HoldingControllerProvider hold = new HoldingControllerProvider("hold");
        SimulationResult r = reads(200, 8).bioController(hold, Map.of()).build().run();
        HoldingController c = hold.last();

        assertThat(r.jobs().get(0).read().totalIos()).isEqualTo(200);
        assertThat(c.submitted()).hasSize(200);
        assertThat(c.passedDown()).hasSize(200);
        assertThat(c.completions()).hasSize(200).allSatisfy((bio, n) -> assertThat(n).isEqualTo(1));
        for (int i = 0; i < 200; i++) {
            // the controller's 1 ms timer queues its work on the worker thread, which runs once woken (0.7 µs) and
            // once its CPU is free (the reader's step or a completion interrupt may hold it a few µs)
            assertThat(c.passedDown().get(i).time() - c.submitted().get(i).time()).isBetween(MS, MS + 50_000);
        }
    }

    @Test
    void theRequestQueueChargesReissuedBiosToTheControllersKernelThread() {
        HoldingControllerProvider hold = new HoldingControllerProvider("hold");
        StringBuilder trace = new StringBuilder();
        SimulationResult r = reads(50, 4).bioController(hold, Map.of()).trace(trace).build().run();

        TaskStats kholdd = r.tasks().stream().filter(t -> t.name().equals("kholdd")).findFirst().orElseThrow();
        TaskStats fio = r.tasks().stream().filter(t -> t.name().equals("fio")).findFirst().orElseThrow();
        assertThat(kholdd.kernelThread()).isTrue();
        assertThat(kholdd.cgroup()).isEqualTo("/");
        assertThat(kholdd.readRequests()).isEqualTo(50);
        assertThat(fio.readBios()).isEqualTo(50);
        assertThat(fio.readRequests()).isZero();
        assertThat(trace.toString()).containsPattern(" 102  G  RS \\d+ \\+ 8 \\[kholdd\\]");
        assertThat(hold.last().passedDown()).allSatisfy(p -> assertThat(p.submitter().name()).isEqualTo("kholdd"));
    }

    @Test
    void aWorkerThatFindsNoFreeRequestSleepsAndItsLaterBiosWaitBehindIt() {
        HoldingControllerProvider hold = new HoldingControllerProvider("hold");
        StringBuilder trace = new StringBuilder();
        SimulationResult r = reads(300, 32).kernel(Map.of("queue.nr_requests", "4")).trace(trace)
                .bioController(hold, Map.of()).build().run();

        assertThat(r.jobs().get(0).read().totalIos()).isEqualTo(300);
        assertThat(hold.last().completions()).hasSize(300).allSatisfy((bio, n) -> assertThat(n).isEqualTo(1));
        assertThat(trace.toString()).containsPattern(" 102  S  RS \\d+ \\+ 8 \\[kholdd\\]");
    }

    @Test
    void aTaskPutToSleepSubmitsTheSameBioAgainAfterItsWakeAndItsLaterBiosWait() {
        HoldingControllerProvider hold = new HoldingControllerProvider("hold");
        List<FileIo> done = new ArrayList<>();
        Task[] tasks = new Task[2];
        ScriptedWorkload workload = new ScriptedWorkload(1, ctx -> {
            FileIoListener listener = io -> {
                done.add(io);
                if (done.size() == 6) {
                    ctx.finish();
                }
            };
            for (int t = 0; t < 2; t++) {
                tasks[t] = ctx.createTask(TaskSpec.of("task" + t));
                FileHandle file = ctx.open(tasks[t], "/dev/sda", 1 << 20);
                for (int i = 0; i < 3; i++) {
                    ctx.submit(new FileIo().prepare(FileIo.Kind.READ, tasks[t], file, (t * 3L + i) * 4096, 4096,
                            true, listener));
                }
            }
        });
        // without CPU costs: the submissions are at 0 and at the 2 ms wake-up exactly
        Simulation.builder().device(FakeDeviceProvider.fixedLatencyDisk(MS), Map.of()).workload(workload)
                .scheduler(NoCpuCost.noop(), Map.of()).kernel(NoCpuCost.with(Map.of()))
                .bioController(hold, Map.of("hold_us", "0", "sleep_us", "2000")).build().run();
        HoldingController c = hold.last();

        assertThat(c.sleeps()).isEqualTo(2);
        assertThat(c.wakes()).isEqualTo(2);
        assertThat(done).hasSize(6);
        assertThat(c.completions()).hasSize(6).allSatisfy((bio, n) -> assertThat(n).isEqualTo(1));
        for (Task task : tasks) {
            List<HoldingController.Seen> own = c.submitted().stream().filter(s -> s.submitter() == task).toList();
            assertThat(own).hasSize(4);
            assertThat(own.get(0).bio()).isSameAs(own.get(1).bio());
            assertThat(own.get(0).time()).isZero();
            assertThat(own.subList(1, 4)).allSatisfy(s -> assertThat(s.time()).isEqualTo(2 * MS));
        }
    }

    @Test
    void stackedControllersSeeBiosInTheOrderAddedAndHearOfCompletionsFromTheLowest() {
        List<String> log = new ArrayList<>();
        HoldingControllerProvider upper = new HoldingControllerProvider("upper", log);
        HoldingControllerProvider lower = new HoldingControllerProvider("lower", log);
        reads(3, 1).bioController(upper, Map.of("hold_us", "0")).bioController(lower, Map.of("hold_us", "500"))
                .build().run();

        assertThat(log).hasSize(12);
        for (int i = 0; i < 12; i += 4) {
            String sector = log.get(i).substring("upper submit ".length());
            assertThat(log.subList(i, i + 4)).containsExactly("upper submit " + sector, "lower submit " + sector,
                    "lower completed " + sector, "upper completed " + sector);
        }
    }

    private static long directWriteClat(Map<String, String> settings) {
        // without CPU costs: the clat is the device's 2 ms plus the plug's delay alone
        return Simulation.builder().device(FakeDeviceProvider.fixedLatencyDisk(MS), Map.of())
                .scheduler(NoCpuCost.noop(), Map.of()).kernel(NoCpuCost.with(Map.of()))
                .workload(new RandomReadWorkload(1, 4096, 1, 64L << 20, true))
                .bioController(new HoldingControllerProvider("hold"), settings).build().run()
                .jobs().get(0).write().clat().maxNanos();
    }

    @Test
    void aControllerThatUnplugsAfterReissuingSparesItsBiosTheUnplugTimer() {
        // a direct write is WRITE_SYNC without UNPLUG: re-issued alone, it plugs the queue
        long plugged = directWriteClat(Map.of());
        long unplugged = directWriteClat(Map.of("unplug", "1"));

        assertThat(unplugged).isEqualTo(2 * MS);
        assertThat(plugged).isGreaterThanOrEqualTo(unplugged + 3 * MS);
    }

    @Test
    void aControllerSeesTheQueuesNrRequestsTheDeviceAndTheCgroupsTasksHaveUsed() {
        List<String> seen = new ArrayList<>();
        BioControllerProvider probe = new BioControllerProvider() {
            @Override
            public String name() {
                return "probe";
            }

            @Override
            public BioController create(BioControllerContext context, Map<String, String> settings) {
                seen.add("create nr_requests=" + context.nrRequests() + " device=" + context.device().name()
                        + " /grp1=" + context.cgroup("/grp1"));
                return bio -> {
                    if (seen.size() < 3) {
                        seen.add("submit /grp1=" + context.cgroup("/grp1") + " /other=" + context.cgroup("/other"));
                    }
                    context.passDown(bio);
                    return BioController.Admission.TAKEN;
                };
            }
        };
        ScriptedWorkload workload = new ScriptedWorkload(1, ctx -> {
            Task task = ctx.createTask(new TaskSpec("reader", null, 0, 0, "/grp1", 300));
            FileHandle file = ctx.open(task, "/dev/sda", 1 << 20);
            ctx.submit(new FileIo().prepare(FileIo.Kind.READ, task, file, 0, 4096, true, io -> ctx.finish()));
        });
        Simulation.builder().device(FakeDeviceProvider.fixedLatencyDisk(MS), Map.of()).workload(workload)
                .kernel(Map.of("queue.nr_requests", "64")).bioController(probe, Map.of()).build().run();

        // build() creates the controller once on a dry context, the run once more
        assertThat(seen).containsExactly("create nr_requests=64 device=fake-disk /grp1=null",
                "create nr_requests=64 device=fake-disk /grp1=null",
                "submit /grp1=Cgroup[path=/grp1, weight=300] /other=null");
    }

    @Test
    void controllerStatisticsJoinTheDevicesUnderTheControllersNameAndItsSettingsAreReported() {
        SimulationResult r = reads(20, 2).bioController(new HoldingControllerProvider("hold"), Map.of("hold_us", "200"))
                .build().run();

        assertThat(r.deviceStatistics()).containsEntry("commands", 20).containsEntry("hold.submitted", 20)
                .containsEntry("hold.passed_down", 20).containsKey("block.max_async_dispatch_gap_ms");
        assertThat(r.settings()).containsEntry("hold.hold_us", "200");
        assertThat(List.copyOf(r.settings().keySet())).last().isEqualTo("hold.hold_us");
    }

    @Test
    void aBadControllerSettingFailsAtBuildBeforeAnythingRuns() {
        HoldingControllerProvider hold = new HoldingControllerProvider("hold");
        Simulation.Builder builder = reads(20, 2).bioController(hold, Map.of("hold_ms", "1"));

        assertThatThrownBy(builder::build).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("unknown key 'hold.hold_ms'; hold accepts: hold_us, jitter_us, unplug, sleep_us");
    }

    @Test
    void aControllerThatThrowsIsNamed() {
        HoldingControllerProvider broken = new HoldingControllerProvider("broken");
        broken.failOnCreate = new ArithmeticException("boom");

        assertThatThrownBy(() -> reads(5, 1).bioController(broken, Map.of()).build())
                .isInstanceOf(PluginFailureException.class)
                .hasMessage("bio controller broken threw ArithmeticException: boom");

        HoldingControllerProvider faulty = new HoldingControllerProvider("faulty");
        faulty.decorate = inner -> new BioController() {
            @Override
            public Admission submit(Bio bio) {
                return inner.submit(bio);
            }

            @Override
            public void completed(Bio bio) {
                throw new IllegalStateException("lost track of " + bio.sector());
            }
        };
        assertThatThrownBy(() -> reads(5, 1).bioController(faulty, Map.of()).build().run())
                .isInstanceOf(PluginFailureException.class)
                .hasMessageStartingWith("bio controller faulty threw IllegalStateException: lost track of ")
                .extracting(e -> ((PluginFailureException) e).plugin()).isEqualTo("bio controller faulty");
    }

    @Test
    void aBioPassedDownTwiceIsAnInvariantViolationNamingTheController() {
        HoldingControllerProvider hold = new HoldingControllerProvider("hold");
        hold.decorate = c -> {
            ((HoldingController) c).passDownTwice = true;
            return c;
        };

        assertThatThrownBy(() -> reads(5, 1).bioController(hold, Map.of()).build().run())
                .isInstanceOf(InvariantViolationException.class)
                .hasMessageStartingWith("bio controller hold passed down RS ")
                .hasMessageEndingWith("which it does not hold (passed down twice, or never submitted to it)");
    }

    @Test
    void addingTheSameControllerTwiceIsRejected() {
        Simulation.Builder builder = reads(5, 1).bioController(new HoldingControllerProvider("hold"), Map.of());

        assertThatThrownBy(() -> builder.bioController(new HoldingControllerProvider("hold"), Map.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("bio controller hold was already added");
    }

    private record Outcome(SimulationResult result, String trace) {
    }

    private static Outcome jittered(long seed) {
        StringBuilder trace = new StringBuilder();
        SimulationResult r = reads(100, 4).seed(seed)
                .bioController(new HoldingControllerProvider("hold"), Map.of("jitter_us", "2000")).trace(trace)
                .build().run();
        return new Outcome(r, trace.toString());
    }

    @Test
    void aRunWithControllersIsDeterministicAndTheControllerDrawsFromItsSeededStream() {
        Outcome first = jittered(5);
        Outcome again = jittered(5);
        Outcome other = jittered(6);

        assertThat(again.result()).isEqualTo(first.result());
        assertThat(again.trace()).isEqualTo(first.trace());
        assertThat(other.result().deviceStatistics().get("hold.first_draw"))
                .isNotEqualTo(first.result().deviceStatistics().get("hold.first_draw"));
    }
}
