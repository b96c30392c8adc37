package org.iosched.biocontrol.iocost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.iosched.api.InvalidInputException;
import org.junit.jupiter.api.Test;

/** io.cost's rq-qos hooks, provider and keys of Linux 6.6 blk-iocost, one by one, on a fake queue. */
class IocostPolicyTest {
    private static final long MS = 1_000_000L;
    private static final long SECOND = 1000 * MS;

    @Test
    void enablingIoCostTurnsTheDefaultWbtOffAsIocQosWriteDoes() {
        IocostProvider provider = new IocostProvider();
        assertThat(provider.disablesDefaultWbt(Map.of("qos.enable", "1", "hi.weight", "200"))).isTrue();
        assertThat(provider.disablesDefaultWbt(Map.of("hi.weight", "200"))).isFalse();
        assertThat(provider.disablesDefaultWbt(Map.of("qos.enable", "0"))).isFalse();
    }

    @Test
    void twoCgroupsWithWeightsTwoToOneGetTwoToOneOfTheModelledDeviceTime() {
        FakeQueue q = new FakeQueue(false, 32, 100_000);
        IocostPolicy p = q.install(Map.of("qos.enable", "1", "a.weight", "200", "b.weight", "100"));
        FakeQueue.Reader a = q.new Reader("/a", 32, 1).start();
        FakeQueue.Reader b = q.new Reader("/b", 32, 2).start();
        q.runUntil(2 * SECOND);

        // random 4 KiB reads cost SSD_DFL's 1/8518 s each at vrate 100 %; the fake device never makes requests
        // wait for a tag (rq_wait_pct 0) nor misses a target, so with both cgroups short of budget busy_level goes
        // negative and vrate climbs above 100 %, as the kernel's does on a device that keeps up
        assertThat((double) a.completed / b.completed).isCloseTo(2.0, within(0.1));
        assertThat((a.completed + b.completed) / 2.0).isGreaterThan(8518 * 0.9);
        assertThat(p.statistics().get("/a.hweight_active_pct").doubleValue()).isCloseTo(66.67, within(0.1));
    }

    @Test
    void aCgroupAloneGetsTheWholeDevice() {
        FakeQueue q = new FakeQueue(false, 32, 100_000);
        q.install(Map.of("qos.enable", "1", "a.weight", "50"));
        FakeQueue.Reader a = q.new Reader("/a", 32, 1).start();
        q.runUntil(2 * SECOND);

        assertThat(a.completed / 2.0).isGreaterThan(8518 * 0.9).isLessThan(8518 * 2.0);
    }

    @Test
    void disabledByDefaultAsInTheKernel() {
        FakeQueue q = new FakeQueue(false, 32, 100_000);
        q.install(Map.of("a.weight", "200"));
        FakeQueue.Reader a = q.new Reader("/a", 32, 1).start();
        q.runUntil(SECOND);

        // 32 in flight, 100 µs each, nothing held: 320000 a second
        assertThat(a.completed).isGreaterThan(300_000);
    }

    @Test
    void onlyLeavesAreControlledAParentOfAnActiveChildIssuesUncontrolled() {
        FakeQueue q = new FakeQueue(false, 32, MS);
        IocostPolicy p = q.install(Map.of("qos.enable", "1"));
        Iocg child = p.ioc.groupOf("/a/b");
        assertThat(child.activate()).isTrue();
        assertThat(p.ioc.groupOf("/a").activate()).isFalse();
    }

    @Test
    void keysAreCheckedAndNameWhatIsAccepted() {
        assertThatThrownBy(() -> IocostConfig.parse(Map.of("a.weight", "0"))).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("1..10000");
        assertThatThrownBy(() -> IocostConfig.parse(Map.of("weight", "10")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("root cgroup");
        assertThatThrownBy(() -> IocostConfig.parse(Map.of("qos.rpct", "95.123")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("two decimals");
        assertThatThrownBy(() -> IocostConfig.parse(Map.of("qos.min", "90", "qos.max", "50")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("min must not exceed max");
        assertThatThrownBy(() -> IocostConfig.parse(Map.of("a.wieght", "10")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("qos.enable");
        IocostConfig c = IocostConfig.parse(Map.of("qos.rlat", "5000", "model.rbps", "1000000"));
        assertThat(c.qosUser()).isTrue();
        assertThat(c.modelUser()).isTrue();
        assertThat(c.qos()[IocostConfig.QOS_RLAT]).isEqualTo(5000);
    }
}
