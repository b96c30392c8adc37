package org.iosched.scheduler.cfq;

import java.util.Comparator;
import java.util.TreeSet;

/**
 * {@code cfqd->grp_service_tree}: the groups with busy queues, ordered by {@code vdisktime} (the kernel keys
 * by {@code vdisktime - min_vdisktime}, a shift common to all groups). Tracks {@code total_weight} and
 * {@code min_vdisktime}.
 */
final class GroupServiceTree {
    private static final Comparator<CfqGroup> BY_VDISKTIME = (a, b) -> {
        int c = Long.compare(a.vdisktime, b.vdisktime);
        return c != 0 ? c : Long.compare(a.seq, b.seq);
    };

    private final TreeSet<CfqGroup> groups = new TreeSet<>(BY_VDISKTIME);
    /** {@code total_weight}: weights of the groups on the tree. */
    long totalWeight;
    /** {@code min_vdisktime}. */
    long minVdisktime;
    private long seq;

    /** {@code count}. */
    int count() {
        return groups.size();
    }

    /** {@code cfq_rb_first_group}, or null. */
    CfqGroup first() {
        return groups.isEmpty() ? null : groups.first();
    }

    /** {@code rb_last}, or null. */
    CfqGroup last() {
        return groups.isEmpty() ? null : groups.last();
    }

    /** {@code cfq_group_service_tree_add}: apply a pending weight, insert, count the weight. */
    void add(CfqGroup cfqg) {
        if (cfqg.onTree) {
            throw new IllegalStateException(cfqg + " is already on the group service tree");
        }
        cfqg.updateWeight();
        cfqg.seq = ++seq;
        groups.add(cfqg);
        cfqg.onTree = true;
        totalWeight += cfqg.weight;
    }

    /** {@code cfq_group_service_tree_del}: uncount the weight (always, as the kernel does) and erase. */
    void del(CfqGroup cfqg) {
        totalWeight -= cfqg.weight;
        if (cfqg.onTree) {
            groups.remove(cfqg);
            cfqg.onTree = false;
        }
    }

    /** {@code update_min_vdisktime}: min_vdisktime follows the leftmost group, never backwards. */
    void updateMinVdisktime() {
        CfqGroup left = first();
        if (left != null && left.vdisktime > minVdisktime) {
            minVdisktime = left.vdisktime;
        }
    }
}
