package org.iosched.scheduler.bfq;

/**
 * {@code struct bfq_service_tree}: the entities of one class in one scheduling data, with the tree's virtual time.
 *
 * <p>The kernel keeps an rbtree ordered by finish time and augmented with the minimum start time of each subtree;
 * here the active and idle entities are arrays kept in the same order (an entity with a finish time equal to
 * others' goes after them, as {@code bfq_insert} puts equal keys to the right), so that the in-order walk and
 * the augmented descent of {@code bfq_first_active_entity} give the same entity. Simplification: linear
 * insertion and lookup instead of the O(log n) tree, same order and result.
 */
final class ServiceTree {
    /** {@code WFQ_SERVICE_SHIFT}. */
    static final int WFQ_SERVICE_SHIFT = 22;

    BfqEntity[] active = new BfqEntity[8];
    int activeSize;
    BfqEntity[] idle = new BfqEntity[8];
    int idleSize;
    /** {@code vtime}: the tree's virtual time V. */
    long vtime;
    /** {@code wsum}: weights of the active and idle entities and of the in-service one. */
    long wsum;
    /** The class index (0 RT, 1 BE, 2 IDLE). */
    final int classIndex;
    /** The scheduling data this tree belongs to. */
    final SchedData owner;

    ServiceTree(SchedData owner, int classIndex) {
        this.owner = owner;
        this.classIndex = classIndex;
    }

    /** {@code bfq_gt}: {@code a > b} wrap-safely. */
    static boolean gt(long a, long b) {
        return a - b > 0;
    }

    /** {@code bfq_delta}: virtual time of {@code service} sectors at {@code weight}. */
    static long delta(long service, long weight) {
        return (service << WFQ_SERVICE_SHIFT) / weight;
    }

    // ------------------------------------------------------------ ordered arrays

    private static int insertionPoint(BfqEntity[] list, int size, long finish) {
        int low = 0;
        int high = size;
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (gt(list[mid].finish, finish)) {
                high = mid;
            } else {
                low = mid + 1;
            }
        }
        return low;
    }

    private static int indexOf(BfqEntity[] list, int size, BfqEntity entity) {
        for (int i = 0; i < size; i++) {
            if (list[i] == entity) {
                return i;
            }
        }
        return -1;
    }

    /** {@code bfq_active_insert}. */
    void activeInsert(BfqEntity entity) {
        if (activeSize == active.length) {
            active = java.util.Arrays.copyOf(active, activeSize * 2);
        }
        int at = insertionPoint(active, activeSize, entity.finish);
        System.arraycopy(active, at, active, at + 1, activeSize - at);
        active[at] = entity;
        activeSize++;
        entity.treeKind = BfqEntity.ACTIVE;
        entity.tree = this;
        if (entity.queue != null) {
            owner.lists.add(entity.queue, QueueLists.ACTIVE);
        }
        if (owner.group.entity != null) {
            owner.group.activeEntities++;
        }
    }

    /** {@code bfq_active_extract}. */
    void activeExtract(BfqEntity entity) {
        int at = indexOf(active, activeSize, entity);
        if (at < 0) {
            throw new IllegalStateException(entity + " is not on the active tree");
        }
        System.arraycopy(active, at + 1, active, at, activeSize - at - 1);
        active[--activeSize] = null;
        entity.treeKind = BfqEntity.NO_TREE;
        if (entity.queue != null) {
            owner.lists.remove(entity.queue);
        }
        if (owner.group.entity != null) {
            owner.group.activeEntities--;
        }
    }

    /** {@code bfq_idle_insert}. */
    void idleInsert(BfqEntity entity) {
        if (idleSize == idle.length) {
            idle = java.util.Arrays.copyOf(idle, idleSize * 2);
        }
        int at = insertionPoint(idle, idleSize, entity.finish);
        System.arraycopy(idle, at, idle, at + 1, idleSize - at);
        idle[at] = entity;
        idleSize++;
        entity.treeKind = BfqEntity.IDLE;
        entity.tree = this;
        if (entity.queue != null) {
            owner.lists.add(entity.queue, QueueLists.IDLE);
        }
    }

    /** {@code bfq_idle_extract}. */
    void idleExtract(BfqEntity entity) {
        int at = indexOf(idle, idleSize, entity);
        if (at < 0) {
            throw new IllegalStateException(entity + " is not on the idle tree");
        }
        System.arraycopy(idle, at + 1, idle, at, idleSize - at - 1);
        idle[--idleSize] = null;
        entity.treeKind = BfqEntity.NO_TREE;
        if (entity.queue != null) {
            owner.lists.remove(entity.queue);
        }
    }

    boolean activeEmpty() {
        return activeSize == 0;
    }

    /** {@code st->first_idle}: the idle entity with the smallest finish time, or null. */
    BfqEntity firstIdle() {
        return idleSize == 0 ? null : idle[0];
    }

    /** {@code st->last_idle}: the idle entity with the largest finish time, or null. */
    BfqEntity lastIdle() {
        return idleSize == 0 ? null : idle[idleSize - 1];
    }

    /** {@code min_start} of the active tree's root: the smallest start time of the active entities. */
    long minStart() {
        long min = active[0].start;
        for (int i = 1; i < activeSize; i++) {
            if (gt(min, active[i].start)) {
                min = active[i].start;
            }
        }
        return min;
    }

    /** {@code bfq_first_active_entity}: the eligible entity ({@code S <= vtime}) with the smallest finish time. */
    BfqEntity firstActiveEntity(long vtime) {
        for (int i = 0; i < activeSize; i++) {
            if (!gt(active[i].start, vtime)) {
                return active[i];
            }
        }
        return null;
    }

    /** {@code bfq_calc_vtime_jump}: V, or the smallest start time if that is later. */
    long vtimeJump() {
        long minStart = minStart();
        return gt(minStart, vtime) ? minStart : vtime;
    }

    boolean contains(BfqEntity entity) {
        return indexOf(active, activeSize, entity) >= 0 || indexOf(idle, idleSize, entity) >= 0;
    }
}
