package org.iosched.scheduler.cfq;

import java.util.Comparator;
import java.util.TreeSet;

/**
 * A {@code struct cfq_rb_root} of queues: the busy queues of one (class, workload type) in one group, ordered by
 * {@code rb_key} (jiffies plus offsets). Equal keys keep arrival order, as the kernel's insertion sends an equal
 * key to the right. {@code count} includes an empty active queue, which stays on its tree until it expires.
 */
final class ServiceTree {
    private static final Comparator<CfqQueue> BY_KEY = (a, b) -> {
        int c = Long.compare(a.rbKey, b.rbKey);
        return c != 0 ? c : Long.compare(a.rbSeq, b.rbSeq);
    };

    final WorkloadPrio prio;
    final WorkloadType type;
    private final TreeSet<CfqQueue> queues = new TreeSet<>(BY_KEY);

    ServiceTree(WorkloadPrio prio, WorkloadType type) {
        this.prio = prio;
        this.type = type;
    }

    /** {@code count}. */
    int count() {
        return queues.size();
    }

    /** {@code cfq_rb_first}: the queue with the smallest key, or null. */
    CfqQueue first() {
        return queues.isEmpty() ? null : queues.first();
    }

    /** {@code rb_last}: the queue with the largest key, or null. */
    CfqQueue last() {
        return queues.isEmpty() ? null : queues.last();
    }

    /** Insert with the key and sequence already set on the queue. */
    void insert(CfqQueue cfqq) {
        queues.add(cfqq);
        cfqq.serviceTree = this;
    }

    /** {@code cfq_rb_erase}. */
    void erase(CfqQueue cfqq) {
        queues.remove(cfqq);
        cfqq.serviceTree = null;
    }

    @Override
    public String toString() {
        return prio + "/" + type + " count=" + count();
    }
}
