package org.iosched.scheduler.bfq;

/** {@code struct bfq_sched_data}: the children of one group, one service tree per class. */
final class SchedData {
    /** {@code BFQ_IOPRIO_CLASSES}. */
    static final int CLASSES = 3;

    /** {@code in_service_entity}. */
    BfqEntity inServiceEntity;
    /** {@code next_in_service}: cached result of the last lookup. */
    BfqEntity nextInService;
    /** {@code service_tree[]}: RT, BE, IDLE. */
    final ServiceTree[] trees = new ServiceTree[CLASSES];
    /** {@code bfq_class_idle_last_service}, in jiffies. */
    long classIdleLastService;
    /** The group owning this scheduling data. */
    final BfqGroup group;
    /** The device's queue lists. */
    final QueueLists lists;

    SchedData(BfqGroup group, QueueLists lists, long nowJiffies) {
        this.group = group;
        this.lists = lists;
        for (int i = 0; i < CLASSES; i++) {
            trees[i] = new ServiceTree(this, i);
        }
        this.classIdleLastService = nowJiffies;
    }
}
