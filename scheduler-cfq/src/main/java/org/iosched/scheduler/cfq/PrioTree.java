package org.iosched.scheduler.cfq;

/**
 * One of {@code cfqd->prio_trees[]}: busy queues of one original io priority level, ordered by the start sector
 * of their {@code next_rq}, in a red-black tree of the same shape as the kernel's ({@code p_node} in
 * {@code p_root}; {@code cfq_prio_tree_lookup}, {@code cfq_prio_tree_add}, {@code rb_erase}).
 *
 * <h2>Features</h2>
 * <ul>
 *   <li>The shape matters: {@code cfqq_close} first tries the node where a failed lookup stopped (the parent of
 *       the missing leaf), which need not be the nearer neighbour. So this is a real red-black tree, balanced by
 *       the rules of the kernel's {@code rbtree} of 2.6.32-3.0 (insertion: recolour while the uncle is red,
 *       else one or two rotations at the grandparent; erasure: a node with two children is replaced by its
 *       in-order successor, which takes its colour, then the classic double-black fix-up), so that every
 *       sequence of insertions and erasures leaves the same tree, and every search the same path.</li>
 *   <li>A lookup walks from the root: a smaller sector goes left, a larger right, an equal one is found and
 *       ends the walk. {@link #add} links a queue where the walk fell off; a queue whose sector is already in
 *       the tree stays out ({@code p_root = NULL}), as in the kernel.</li>
 *   <li>Intrusive: the links live in {@link CfqQueue} ({@code pLeft}, {@code pRight}, {@code pParent},
 *       {@code pRed}), so insertion and erasure allocate nothing.</li>
 * </ul>
 *
 * <h2>Limitations</h2>
 * <ul>
 *   <li>A queue is compared by {@link CfqQueue#pSector}, its next request's sector when it was linked in; the
 *       kernel's walks read each queue's live {@code next_rq}, which moves on at every dispatch until the queue is
 *       re-added.</li>
 * </ul>
 */
final class PrioTree {
    private CfqQueue root;
    /** Where the last {@link #lookup} stopped: the queue found, or the parent of the missing leaf. */
    private CfqQueue lastParent;
    /** Whether the last {@link #lookup} fell off to the left of {@link #lastParent}. */
    private boolean lastLeft;

    /** {@code RB_EMPTY_ROOT}. */
    boolean isEmpty() {
        return root == null;
    }

    /** The sector a queue is ordered by. */
    static long key(CfqQueue cfqq) {
        return cfqq.pSector;
    }

    /**
     * {@code cfq_prio_tree_lookup}: the queue whose key is {@code sector}, or null; either way
     * {@link #lastParent()} is then the last node visited (null only in an empty tree).
     */
    CfqQueue lookup(long sector) {
        CfqQueue parent = null;
        CfqQueue cursor = root;
        boolean left = false;
        while (cursor != null) {
            parent = cursor;
            long key = key(cursor);
            if (sector > key) {
                left = false;
                cursor = cursor.pRight;
            } else if (sector < key) {
                left = true;
                cursor = cursor.pLeft;
            } else {
                lastParent = cursor;
                return cursor;
            }
        }
        lastParent = parent;
        lastLeft = left;
        return null;
    }

    /** The node where the last {@link #lookup} stopped. */
    CfqQueue lastParent() {
        return lastParent;
    }

    /**
     * {@code cfq_prio_tree_add}'s insertion: link {@code cfqq} (not in any tree) by its key, unless a queue with
     * that key is already here.
     *
     * @return whether the queue is now in this tree
     */
    boolean add(CfqQueue cfqq) {
        if (lookup(key(cfqq)) != null) {
            return false;
        }
        CfqQueue parent = lastParent;
        cfqq.pParent = parent;
        cfqq.pLeft = null;
        cfqq.pRight = null;
        cfqq.pRed = true;
        if (parent == null) {
            root = cfqq;
        } else if (lastLeft) {
            parent.pLeft = cfqq;
        } else {
            parent.pRight = cfqq;
        }
        fixAfterInsert(cfqq);
        return true;
    }

    /** {@code rb_erase}: unlink {@code cfqq}, which must be in this tree. */
    void erase(CfqQueue cfqq) {
        CfqQueue child;
        CfqQueue childParent;
        boolean removedBlack;
        if (cfqq.pLeft == null || cfqq.pRight == null) {
            child = cfqq.pLeft != null ? cfqq.pLeft : cfqq.pRight;
            childParent = cfqq.pParent;
            removedBlack = !cfqq.pRed;
            replace(cfqq, child);
        } else {
            // two children: the in-order successor takes the node's place and colour
            CfqQueue successor = leftmost(cfqq.pRight);
            removedBlack = !successor.pRed;
            child = successor.pRight;
            if (successor.pParent == cfqq) {
                childParent = successor;
            } else {
                childParent = successor.pParent;
                replace(successor, successor.pRight);
                successor.pRight = cfqq.pRight;
                successor.pRight.pParent = successor;
            }
            replace(cfqq, successor);
            successor.pLeft = cfqq.pLeft;
            successor.pLeft.pParent = successor;
            successor.pRed = cfqq.pRed;
        }
        cfqq.pLeft = null;
        cfqq.pRight = null;
        cfqq.pParent = null;
        if (removedBlack) {
            fixAfterErase(child, childParent);
        }
        if (lastParent == cfqq) {
            lastParent = null;
        }
    }

    /** {@code rb_next}: the queue after {@code cfqq} in tree order, or null. */
    static CfqQueue next(CfqQueue cfqq) {
        if (cfqq.pRight != null) {
            return leftmost(cfqq.pRight);
        }
        CfqQueue child = cfqq;
        CfqQueue parent = cfqq.pParent;
        while (parent != null && child == parent.pRight) {
            child = parent;
            parent = parent.pParent;
        }
        return parent;
    }

    /** {@code rb_prev}: the queue before {@code cfqq} in tree order, or null. */
    static CfqQueue previous(CfqQueue cfqq) {
        if (cfqq.pLeft != null) {
            CfqQueue cursor = cfqq.pLeft;
            while (cursor.pRight != null) {
                cursor = cursor.pRight;
            }
            return cursor;
        }
        CfqQueue child = cfqq;
        CfqQueue parent = cfqq.pParent;
        while (parent != null && child == parent.pLeft) {
            child = parent;
            parent = parent.pParent;
        }
        return parent;
    }

    /** The root, for shape checks in tests. */
    CfqQueue root() {
        return root;
    }

    private static CfqQueue leftmost(CfqQueue node) {
        CfqQueue cursor = node;
        while (cursor.pLeft != null) {
            cursor = cursor.pLeft;
        }
        return cursor;
    }

    /** Puts {@code replacement} (possibly null) where {@code node} hangs from its parent. */
    private void replace(CfqQueue node, CfqQueue replacement) {
        CfqQueue parent = node.pParent;
        if (parent == null) {
            root = replacement;
        } else if (node == parent.pLeft) {
            parent.pLeft = replacement;
        } else {
            parent.pRight = replacement;
        }
        if (replacement != null) {
            replacement.pParent = parent;
        }
    }

    private void rotateLeft(CfqQueue node) {
        CfqQueue pivot = node.pRight;
        node.pRight = pivot.pLeft;
        if (pivot.pLeft != null) {
            pivot.pLeft.pParent = node;
        }
        replace(node, pivot);
        pivot.pLeft = node;
        node.pParent = pivot;
    }

    private void rotateRight(CfqQueue node) {
        CfqQueue pivot = node.pLeft;
        node.pLeft = pivot.pRight;
        if (pivot.pRight != null) {
            pivot.pRight.pParent = node;
        }
        replace(node, pivot);
        pivot.pRight = node;
        node.pParent = pivot;
    }

    private static boolean isRed(CfqQueue node) {
        return node != null && node.pRed;
    }

    private void fixAfterInsert(CfqQueue inserted) {
        CfqQueue node = inserted;
        while (isRed(node.pParent)) {
            CfqQueue parent = node.pParent;
            CfqQueue grandparent = parent.pParent;
            if (parent == grandparent.pLeft) {
                CfqQueue uncle = grandparent.pRight;
                if (isRed(uncle)) {
                    parent.pRed = false;
                    uncle.pRed = false;
                    grandparent.pRed = true;
                    node = grandparent;
                    continue;
                }
                if (node == parent.pRight) {
                    rotateLeft(parent);
                    node = parent;
                    parent = node.pParent;
                }
                parent.pRed = false;
                grandparent.pRed = true;
                rotateRight(grandparent);
            } else {
                CfqQueue uncle = grandparent.pLeft;
                if (isRed(uncle)) {
                    parent.pRed = false;
                    uncle.pRed = false;
                    grandparent.pRed = true;
                    node = grandparent;
                    continue;
                }
                if (node == parent.pLeft) {
                    rotateRight(parent);
                    node = parent;
                    parent = node.pParent;
                }
                parent.pRed = false;
                grandparent.pRed = true;
                rotateLeft(grandparent);
            }
        }
        root.pRed = false;
    }

    /** Restores the black height after a black node left; {@code start} (maybe null) carries the extra black. */
    private void fixAfterErase(CfqQueue start, CfqQueue startParent) {
        CfqQueue node = start;
        CfqQueue parent = startParent;
        while (node != root && !isRed(node)) {
            if (node == parent.pLeft) {
                CfqQueue sibling = parent.pRight;
                if (isRed(sibling)) {
                    sibling.pRed = false;
                    parent.pRed = true;
                    rotateLeft(parent);
                    sibling = parent.pRight;
                }
                if (!isRed(sibling.pLeft) && !isRed(sibling.pRight)) {
                    sibling.pRed = true;
                    node = parent;
                    parent = node.pParent;
                } else {
                    if (!isRed(sibling.pRight)) {
                        sibling.pLeft.pRed = false;
                        sibling.pRed = true;
                        rotateRight(sibling);
                        sibling = parent.pRight;
                    }
                    sibling.pRed = parent.pRed;
                    parent.pRed = false;
                    sibling.pRight.pRed = false;
                    rotateLeft(parent);
                    node = root;
                    break;
                }
            } else {
                CfqQueue sibling = parent.pLeft;
                if (isRed(sibling)) {
                    sibling.pRed = false;
                    parent.pRed = true;
                    rotateRight(parent);
                    sibling = parent.pLeft;
                }
                if (!isRed(sibling.pLeft) && !isRed(sibling.pRight)) {
                    sibling.pRed = true;
                    node = parent;
                    parent = node.pParent;
                } else {
                    if (!isRed(sibling.pLeft)) {
                        sibling.pRight.pRed = false;
                        sibling.pRed = true;
                        rotateLeft(sibling);
                        sibling = parent.pLeft;
                    }
                    sibling.pRed = parent.pRed;
                    parent.pRed = false;
                    sibling.pLeft.pRed = false;
                    rotateRight(parent);
                    node = root;
                    break;
                }
            }
        }
        if (node != null) {
            node.pRed = false;
        }
    }
}
