package org.iosched.scheduler.bfq;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.iosched.api.Cgroup;
import org.iosched.api.IoPrioClass;
import org.iosched.api.Request;
import org.iosched.api.Task;
import org.iosched.testkit.FakeSchedulerContext;
import org.iosched.testkit.Requests;
import org.junit.jupiter.api.Test;

/** BFQ's groups follow the cgroup tree: a group is a child of its parent cgroup's group (bfq_group_set_parent). */
class BfqGroupsTest {
    private static Harness harness() {
        return new Harness(FakeSchedulerContext.HDD, Map.of("low_latency", "0", "weight", "/a:100,/b:100"));
    }

    private static Task task(Harness h, String name, String cgroup) {
        return h.requests.task(name, IoPrioClass.BE, 4, new Cgroup(cgroup, Cgroup.DEFAULT_WEIGHT));
    }

    @Test
    void aNestedCgroupsGroupHangsUnderItsParentsGroupCreatedWithIt() {
        Harness h = harness();
        h.read(task(h, "x", "/a/x"), 0);
        BfqGroup ax = h.scheduler.groupOf("/a/x");
        BfqGroup a = h.scheduler.groupOf("/a");
        assertThat(a).isNotNull();
        assertThat(ax.entity.parent).isSameAs(a.entity);
        assertThat(ax.entity.schedData).isSameAs(a.schedData);
        assertThat(a.entity.parent).isNull();
        assertThat(a.entity.schedData).isSameAs(h.scheduler.rootGroup().schedData);
        assertThat(a.entity.weight).isEqualTo(100);
        assertThat(ax.entity.weight).isEqualTo(Bfq.GROUP_WEIGHT_DEFAULT);
    }

    @Test
    void twoChildrenOfAGroupShareItsHalfWhileASiblingGroupGetsTheOtherHalf() {
        Harness h = harness();
        List<Task> tasks = List.of(task(h, "x", "/a/x"), task(h, "y", "/a/y"), task(h, "b", "/b"));
        Map<Task, Long> next = new HashMap<>();
        Map<Task, Long> served = new HashMap<>();
        Map<Task, Request> pending = new HashMap<>();
        for (int i = 0; i < tasks.size(); i++) {
            next.put(tasks.get(i), i * 100_000_000L);
            served.put(tasks.get(i), 0L);
        }
        for (int round = 0; round < 6000; round++) {
            // greedy sequential readers: each has its next read queued as soon as the last one completed
            for (Task t : tasks) {
                if (!pending.containsKey(t)) {
                    pending.put(t, h.read(t, next.get(t)));
                    next.put(t, next.get(t) + Requests.SECTORS);
                }
            }
            Request rq = h.serveOne();
            if (rq == null) {
                h.advanceMillis(1);
                continue;
            }
            pending.remove(rq.task());
            served.merge(rq.task(), (long) rq.sectors(), Long::sum);
        }
        double x = served.get(tasks.get(0));
        double y = served.get(tasks.get(1));
        double b = served.get(tasks.get(2));
        // hierarchical: /a and /b halve the disk, /a/x and /a/y halve /a's half (one level would give a third each)
        assertThat(b / x).as("b %s x %s y %s", b, x, y).isBetween(1.7, 2.3);
        assertThat(b / y).isBetween(1.7, 2.3);
        assertThat(x / y).isBetween(0.85, 1.15);
    }
}
