package org.iosched.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.inject.Guice;
import java.util.List;
import java.util.Map;
import org.iosched.api.BioControllerProvider;
import org.iosched.api.InvalidInputException;
import org.iosched.api.PluginProvider;
import org.iosched.api.WorkloadSource;
import org.iosched.runner.plugin.PluginDiscovery;
import org.iosched.runner.plugin.PluginModule;
import org.iosched.simulator.result.SimulationResult;
import org.junit.jupiter.api.Test;

/**
 * {@code --set ioband.*} and {@code --set throttle.*} turn bio controllers on: the keys reach the controller
 * without the prefix, controllers stack by their order (dm-ioband above throttling), and bad keys fail when the
 * run is planned, naming what is accepted.
 */
class BioControllerRoutingTest {
    private static final RunService SERVICE = Guice.createInjector(
                    new PluginModule(PluginDiscovery.discover(null, BioControllerRoutingTest.class.getClassLoader())))
            .getInstance(RunService.class);
    private static final WorkloadSource JOB = new WorkloadSource("job.fio", """
            [reader]
            direct=1
            ioengine=psync
            bs=4k
            size=1m
            rw=read
            cgroup=grp1
            """, null, Map.of());

    private static RunPlan plan(String... set) {
        return SERVICE.plan("fio", JOB, "ssd", List.of("noop"), SetOptions.parse(List.of(set), SERVICE.settingOwners()),
                1, null, null);
    }

    @Test
    void theBioControllersAreDiscoveredAndOwnTheirKeys() {
        assertThat(SERVICE.bioControllers()).containsOnlyKeys("ioband", "iomax", "throttle");
        assertThat(SERVICE.settingOwners()).contains("ioband", "iomax", "throttle");
    }

    @Test
    void noBioControllerIsOnUnlessOneOfItsKeysIsSet() {
        RunPlan plan = plan("queue.nr_requests=64");

        assertThat(plan.bioControllers()).isEmpty();
        assertThat(SERVICE.run(plan).get(0).deviceStatistics()).doesNotContainKey("ioband.epoch");
    }

    @Test
    void settingIobandPolicyTurnsDmIobandOnWithItsKeysWithoutThePrefix() {
        RunPlan plan = plan("ioband.policy=weight");

        assertThat(plan.bioControllers()).hasSize(1);
        Map.Entry<BioControllerProvider, Map<String, String>> ioband = plan.bioControllers().entrySet().iterator().next();
        assertThat(ioband.getKey().name()).isEqualTo("ioband");
        assertThat(ioband.getValue()).containsExactly(Map.entry("policy", "weight"));

        SimulationResult result = SERVICE.run(plan).get(0);
        assertThat(result.settings()).containsEntry("ioband.policy", "weight");
        assertThat(result.deviceStatistics()).containsKey("ioband.epoch")
                .containsEntry("ioband./grp1.dispatched_bios", 256L);
    }

    @Test
    void dmIobandStacksAboveThrottlingWhateverOrderTheKeysCameIn() {
        RunPlan plan = plan("throttle.grp1.read_bps_device=1048576", "ioband.policy=weight-iosize");

        assertThat(plan.bioControllers().keySet()).extracting(PluginProvider::name).containsExactly("ioband", "throttle");
        assertThat(plan.bioControllers().values()).containsExactly(Map.of("policy", "weight-iosize"),
                Map.of("grp1.read_bps_device", "1048576"));
    }

    @Test
    void anUnknownIobandKeyFailsWhenTheRunIsPlannedNamingTheAcceptedKeys() {
        assertThatThrownBy(() -> plan("ioband.policy=weight", "ioband.x=1"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("--set: unknown key 'ioband.x'; ioband accepts: policy, io_throttle, io_limit, "
                        + "keep_io_context, workqueue, weight, and per cgroup <cgroup>.weight (cgroup path without the leading '/')");
    }

    @Test
    void iobandKeysWithoutAPolicyAreAnError() {
        assertThatThrownBy(() -> plan("ioband.grp1.weight=200"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("ioband is on (grp1.weight set) but has no policy; set ioband.policy=weight");
    }

    @Test
    void aThreeZeroBioControllerOnASixSixRunIsAnErrorNamingTheKernelThatHasIt() {
        assertThatThrownBy(() -> SERVICE.plan("fio", JOB, "ssd", List.of("none"),
                SetOptions.parse(List.of("throttle.grp1.read_bps_device=1048576"), SERVICE.settingOwners()), 1, null,
                null))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("--set: throttle.* keys are set, but bio controller throttle exists only in"
                        + " kernel.version=3.0 and this run models the Linux 6.6 blk-mq: set kernel.version=3.0 or"
                        + " pick a 3.0 scheduler (cfq, deadline, noop)");
    }
}
