package org.iosched.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.inject.Guice;
import java.util.List;
import java.util.Map;
import org.iosched.api.InvalidInputException;
import org.iosched.api.PluginProvider;
import org.iosched.api.WorkloadSource;
import org.iosched.runner.plugin.PluginDiscovery;
import org.iosched.runner.plugin.PluginModule;
import org.junit.jupiter.api.Test;

/**
 * {@code --set iolatency.*} turns the io.latency rq-qos policy on for a 6.6 run: the keys reach it without the
 * prefix; on a 3.0 run they are an error naming the kernel.version that has it.
 */
class RqQosRoutingTest {
    private static final RunService SERVICE = Guice.createInjector(
                    new PluginModule(PluginDiscovery.discover(null, RqQosRoutingTest.class.getClassLoader())))
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

    private static RunPlan plan(String scheduler, String... set) {
        return SERVICE.plan("fio", JOB, "ssd", List.of(scheduler),
                SetOptions.parse(List.of(set), SERVICE.settingOwners()), 1, null, null);
    }

    @Test
    void ioLatencyIsDiscoveredAndOwnsItsKeys() {
        assertThat(SERVICE.rqQos()).containsKey("iolatency");
        assertThat(SERVICE.settingOwners()).contains("iolatency");
    }

    @Test
    void anIoLatencyKeyTurnsThePolicyOnWithItsKeysWithoutThePrefix() {
        RunPlan plan = plan("none", "iolatency.grp1.target=5000");

        assertThat(plan.rqQos().keySet()).extracting(PluginProvider::name).containsExactly("iolatency");
        assertThat(plan.rqQos().values()).containsExactly(Map.of("grp1.target", "5000"));
        assertThat(SERVICE.run(plan).get(0).deviceStatistics()).containsEntry("iolatency.grp1.target_usec", 5000L);
        assertThat(plan("none").rqQos()).isEmpty();
    }

    @Test
    void ioLatencyKeysOnAThreeZeroRunAreAnErrorNamingTheKernelThatHasIt() {
        assertThatThrownBy(() -> plan("noop", "iolatency.grp1.target=5000"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("--set: iolatency.* keys are set, but rq-qos policy iolatency exists only in"
                        + " kernel.version=6.6 and this run models the Linux 2.6.32-3.0 single-queue block layer: set"
                        + " kernel.version=6.6 or pick a 6.6 scheduler (none, mq-deadline, kyber)");
    }

    @Test
    void aBadIoLatencyKeyFailsWhenTheRunIsPlanned() {
        assertThatThrownBy(() -> plan("none", "iolatency.target=5000"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("the root cgroup has no io.latency");
    }
}
