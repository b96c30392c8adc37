package org.iosched.biocontrol.iocost;

import static org.iosched.biocontrol.iocost.Ioc.WEIGHT_ONE;
import static org.iosched.biocontrol.iocost.Ioc.ceilDiv;

/**
 * io.cost's hierarchical weights (blk-iocost.c's {@code __propagate_weights}, {@code commit_weights},
 * {@code propagate_weights}, {@code current_hweight}, {@code current_hweight_max}): an iocg's active and inuse
 * weights carried up as its parents' children's sums, and its shares of the device — the products, from the root
 * down, of its and its ancestors' weights over their siblings' sums — cached per generation of committed weights.
 */
final class Hweights {
    private final Ioc ioc;

    Hweights(Ioc ioc) {
        this.ioc = ioc;
    }

    /**
     * {@code __propagate_weights}: set the group's active and inuse (a leaf's inuse in [1, active], an inner node's
     * from its children's ratio) and carry the sums up while the parents change; {@code save} keeps the margin.
     */
    void propagateWeights(Iocg g, long active, long inuse, boolean save) {
        if (!g.isActive && g.childActiveSum > 0) {
            inuse = ceilDiv(active * g.childInuseSum, g.childActiveSum);
        } else {
            inuse = Math.min(Math.max(inuse, 1), active);
        }
        g.lastInuse = g.inuse;
        if (save) {
            g.savedMargin = ioc.vnow() - g.vtime;
        }
        if (active == g.active && inuse == g.inuse) {
            return;
        }
        for (Iocg child = g; child.parent != null; child = child.parent) {
            Iocg parent = child.parent;
            parent.childActiveSum += active - child.active;
            parent.childInuseSum += inuse - child.inuse;
            child.active = active;
            child.inuse = inuse;
            long parentActive = 0;
            long parentInuse = 0;
            if (parent.childActiveSum > 0) {
                parentActive = parent.weight;
                parentInuse = ceilDiv(parentActive * parent.childInuseSum, parent.childActiveSum);
            }
            if (parentActive == parent.active && parentInuse == parent.inuse) {
                break;
            }
            active = parentActive;
            inuse = parentInuse;
        }
        ioc.weightsUpdated = true;
    }

    /** {@code commit_weights}: cached hweights are stale from here. */
    void commitWeights() {
        if (ioc.weightsUpdated) {
            ioc.hweightGen++;
            ioc.weightsUpdated = false;
        }
    }

    /** {@code propagate_weights}: propagate and commit. */
    void propagateAndCommit(Iocg g, long active, long inuse, boolean save) {
        propagateWeights(g, active, inuse, save);
        commitWeights();
    }

    /** {@code current_hweight}: refresh the group's cached hweights unless they are of the current generation. */
    void currentHweight(Iocg g) {
        if (g.hweightGen == ioc.hweightGen) {
            return;
        }
        long hwa = WEIGHT_ONE;
        long hwi = WEIGHT_ONE;
        for (int lvl = 0; lvl < g.level; lvl++) {
            Iocg parent = g.ancestors[lvl];
            Iocg child = g.ancestors[lvl + 1];
            long activeSum = parent.childActiveSum;
            long inuseSum = parent.childInuseSum;
            if (activeSum == 0 || inuseSum == 0) {
                continue;
            }
            hwa = hwa * child.active / Math.max(child.active, activeSum);
            hwi = hwi * child.inuse / Math.max(child.inuse, inuseSum);
        }
        g.hweightActive = Math.max(hwa, 1);
        g.hweightInuse = Math.max(hwi, 1);
        g.hweightGen = ioc.hweightGen;
    }

    /** {@code current_hweight_max}: the hweight_inuse the group would have at inuse = active, others unchanged. */
    long currentHweightMax(Iocg g) {
        long hwm = WEIGHT_ONE;
        long inuse = g.active;
        for (int lvl = g.level - 1; lvl >= 0; lvl--) {
            Iocg parent = g.ancestors[lvl];
            Iocg child = g.ancestors[lvl + 1];
            long childInuseSum = parent.childInuseSum + inuse - child.inuse;
            hwm = hwm * inuse / childInuseSum;
            inuse = parent.childActiveSum == 0 ? 0 : ceilDiv(parent.active * childInuseSum, parent.childActiveSum);
        }
        return Math.max(hwm, 1);
    }
}
