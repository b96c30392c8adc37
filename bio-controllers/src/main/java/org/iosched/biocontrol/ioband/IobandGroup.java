package org.iosched.biocontrol.ioband;

import java.util.ArrayDeque;
import org.iosched.api.Bio;
import org.iosched.api.Task;

/**
 * One ioband group ({@code struct ioband_group}): the bios it holds, its per-direction counts and wait
 * queues, and the members the weight policies keep. Index 1 of the two-element arrays is sync
 * ({@code BLK_RW_SYNC}), index 0 async.
 */
final class IobandGroup {
    /** The cgroup path this group stands for; {@code "/"} is the default group. */
    final String cgroupPath;

    /** {@code c_blocked_bios}: held bios in arrival order. */
    final ArrayDeque<Bio> heldBios = new ArrayDeque<>();
    /** {@code c_prio_bios}: bios popped while their direction had no room; released first. */
    final ArrayDeque<Bio> prioBios = new ArrayDeque<>();
    /** Whether the prio queue was started by a sync bio ({@code prio_queue_sync}). */
    boolean prioSync;
    /** {@code c_blocked[]}: bios held, prio ones included. */
    final int[] blocked = new int[2];
    /** {@code IOG_BIO_BLOCKED_*}: submitters of this direction sleep until the group's held bios drain. */
    final boolean[] groupBlocked = new boolean[2];
    /** {@code c_waitq[]}: tasks asleep on this group, async and sync. */
    private final ArrayDeque<Task> asyncWaiters = new ArrayDeque<>();
    private final ArrayDeque<Task> syncWaiters = new ArrayDeque<>();

    // weight policy members (dm-ioband-policy.c)
    /** {@code c_weight}. */
    int weight;
    /** {@code c_my_epoch}: the last global epoch this group took tokens for. */
    int myEpoch;
    /** {@code c_token}: tokens left; negative is debt. */
    int token;
    /** {@code c_token_initial}: the group's share of the bucket per epoch. */
    int tokenInitial;
    /** {@code c_limit}: how many bios it may hold before its submitters sleep. */
    int limit;
    /** {@code c_consumed}: tokens used since the last refill. */
    int consumed;

    // statistics (c_stats)
    long dispatchedBios;
    long dispatchedSectors;
    long heldTotal;
    long sleeps;

    IobandGroup(String cgroupPath, int weight) {
        this.cgroupPath = cgroupPath;
        this.weight = weight;
    }

    /** The tasks asleep on this group for direction {@code sync} (1 sync, 0 async). */
    ArrayDeque<Task> waiters(int sync) {
        return sync == 1 ? syncWaiters : asyncWaiters;
    }

    /** {@code nr_blocked_group}. */
    int nrBlocked() {
        return blocked[0] + blocked[1];
    }
}
