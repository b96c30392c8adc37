package org.iosched.scheduler.support;

import org.iosched.api.Request;

/**
 * A scheduler's {@code sort_list}: queued requests ordered by start sector in a red-black tree, with the helpers
 * {@code block/elevator.c} exports for it ("RB-tree support functions": {@code elv_rb_add}, {@code elv_rb_del},
 * {@code elv_rb_find}, {@code elv_rb_former_request}, {@code elv_rb_latter_request}) and {@code rb_first},
 * {@code rb_next}, {@code rb_prev}.
 *
 * <p>Aliases (two requests at one start sector) are where the kernels differ. 3.0's {@code elv_rb_add} refuses
 * one and returns the request already there, which the scheduler must move out first (deadline dispatches it):
 * {@link #addUnlessAlias}. From 3.1 on {@code elv_rb_add} takes it, descending to the right of equal keys:
 * {@link #add}, so aliases sit in the order they were inserted. Where aliases are queued, {@link #find} and
 * {@link #ceiling} return the oldest of them; the kernel's descent returns whichever it meets first, which depends
 * on the tree's shape.
 *
 * <p>The tree is intrusive (its links live in {@link RequestNode}), so add and remove allocate nothing. Add, remove
 * and {@link #find} take O(log n); {@link #next}/{@link #previous} take O(log n) worst case and O(1) amortised over
 * a sweep.
 *
 * @param <N> the scheduler's node type
 */
public final class SectorTree<N extends RequestNode<N>> {
    private N root;
    private int size;

    /**
     * {@code elv_rb_add} of 3.1 and later: inserts {@code node} keyed by {@code sector} (its request's
     * {@code blk_rq_pos} now), after any alias already queued.
     */
    public void add(N node, long sector) {
        node.sortSector = sector;
        N parent = null;
        N cursor = root;
        boolean left = false;
        while (cursor != null) {
            parent = cursor;
            left = sector < cursor.sortSector;
            cursor = left ? cursor.left : cursor.right;
        }
        node.parent = parent;
        node.left = null;
        node.right = null;
        node.red = true;
        node.inTree = true;
        if (parent == null) {
            root = node;
        } else if (left) {
            parent.left = node;
        } else {
            parent.right = node;
        }
        size++;
        fixAfterInsert(node);
    }

    /**
     * {@code elv_rb_add} of 2.6.32-3.0: the queued request at {@code sector} (an alias), leaving {@code node} out;
     * or, when there is none, null after inserting {@code node} keyed by {@code sector}. A tree filled only through
     * this method holds no aliases.
     */
    public N addUnlessAlias(N node, long sector) {
        N alias = find(sector);
        if (alias != null) {
            return alias;
        }
        add(node, sector);
        return null;
    }

    /** {@code elv_rb_del}: unlinks {@code node}, wherever it sits. */
    public void remove(N node) {
        N child;
        N childParent;
        boolean removedBlack;
        if (node.left == null || node.right == null) {
            child = node.left != null ? node.left : node.right;
            childParent = node.parent;
            removedBlack = !node.red;
            replace(node, child);
        } else {
            // two children: the in-order successor takes the node's place and colour
            N successor = leftmost(node.right);
            removedBlack = !successor.red;
            child = successor.right;
            if (successor.parent == node) {
                childParent = successor;
            } else {
                childParent = successor.parent;
                replace(successor, successor.right);
                successor.right = node.right;
                successor.right.parent = successor;
            }
            replace(node, successor);
            successor.left = node.left;
            successor.left.parent = successor;
            successor.red = node.red;
        }
        node.left = null;
        node.right = null;
        node.parent = null;
        node.inTree = false;
        size--;
        if (removedBlack) {
            fixAfterRemove(child, childParent);
        }
    }

    /** {@code elv_rb_find}: a queued request starting at {@code sector}, or null; of aliases the oldest. */
    public N find(long sector) {
        N cursor = root;
        N found = null;
        while (cursor != null) {
            if (sector < cursor.sortSector) {
                cursor = cursor.left;
            } else if (sector > cursor.sortSector) {
                cursor = cursor.right;
            } else {
                found = cursor;
                cursor = cursor.left;
            }
        }
        return found;
    }

    /**
     * The first request starting at or after {@code sector} (of aliases the oldest), or null; no wrap-around.
     * 6.6 mq-deadline's {@code deadline_from_pos} walks the tree for it.
     */
    public N ceiling(long sector) {
        N cursor = root;
        N found = null;
        while (cursor != null) {
            if (cursor.sortSector >= sector) {
                found = cursor;
                cursor = cursor.left;
            } else {
                cursor = cursor.right;
            }
        }
        return found;
    }

    /** {@code rb_first}: the lowest-sector request, or null. */
    public N first() {
        return root == null ? null : leftmost(root);
    }

    /** {@code rb_next}: the request after {@code node} in sector order, or null. */
    public static <N extends RequestNode<N>> N next(N node) {
        if (node.right != null) {
            return leftmost(node.right);
        }
        N child = node;
        N parent = node.parent;
        while (parent != null && child == parent.right) {
            child = parent;
            parent = parent.parent;
        }
        return parent;
    }

    /** {@code rb_prev}: the request before {@code node} in sector order, or null. */
    public static <N extends RequestNode<N>> N previous(N node) {
        if (node.left != null) {
            N cursor = node.left;
            while (cursor.right != null) {
                cursor = cursor.right;
            }
            return cursor;
        }
        N child = node;
        N parent = node.parent;
        while (parent != null && child == parent.left) {
            child = parent;
            parent = parent.parent;
        }
        return parent;
    }

    /** {@code elv_rb_former_request}: the request before {@code node}'s in its tree, or null. */
    public static <N extends RequestNode<N>> Request formerRequest(N node) {
        N former = previous(node);
        return former == null ? null : former.rq;
    }

    /** {@code elv_rb_latter_request}: the request after {@code node}'s in its tree, or null. */
    public static <N extends RequestNode<N>> Request latterRequest(N node) {
        N latter = next(node);
        return latter == null ? null : latter.rq;
    }

    /** Whether the tree is empty ({@code RB_EMPTY_ROOT}). */
    public boolean isEmpty() {
        return root == null;
    }

    /** Queued requests. */
    public int size() {
        return size;
    }

    /** The root, for invariant checks in tests. */
    N root() {
        return root;
    }

    private static <N extends RequestNode<N>> N leftmost(N node) {
        N cursor = node;
        while (cursor.left != null) {
            cursor = cursor.left;
        }
        return cursor;
    }

    /** Puts {@code replacement} (possibly null) where {@code node} hangs from its parent. */
    private void replace(N node, N replacement) {
        N parent = node.parent;
        if (parent == null) {
            root = replacement;
        } else if (node == parent.left) {
            parent.left = replacement;
        } else {
            parent.right = replacement;
        }
        if (replacement != null) {
            replacement.parent = parent;
        }
    }

    private void rotateLeft(N node) {
        N pivot = node.right;
        node.right = pivot.left;
        if (pivot.left != null) {
            pivot.left.parent = node;
        }
        replace(node, pivot);
        pivot.left = node;
        node.parent = pivot;
    }

    private void rotateRight(N node) {
        N pivot = node.left;
        node.left = pivot.right;
        if (pivot.right != null) {
            pivot.right.parent = node;
        }
        replace(node, pivot);
        pivot.right = node;
        node.parent = pivot;
    }

    private static boolean isRed(RequestNode<?> node) {
        return node != null && node.red;
    }

    private void fixAfterInsert(N inserted) {
        N node = inserted;
        while (isRed(node.parent)) {
            N parent = node.parent;
            N grandparent = parent.parent;
            if (parent == grandparent.left) {
                N uncle = grandparent.right;
                if (isRed(uncle)) {
                    parent.red = false;
                    uncle.red = false;
                    grandparent.red = true;
                    node = grandparent;
                } else {
                    if (node == parent.right) {
                        node = parent;
                        rotateLeft(node);
                        parent = node.parent;
                    }
                    parent.red = false;
                    grandparent.red = true;
                    rotateRight(grandparent);
                }
            } else {
                N uncle = grandparent.left;
                if (isRed(uncle)) {
                    parent.red = false;
                    uncle.red = false;
                    grandparent.red = true;
                    node = grandparent;
                } else {
                    if (node == parent.left) {
                        node = parent;
                        rotateRight(node);
                        parent = node.parent;
                    }
                    parent.red = false;
                    grandparent.red = true;
                    rotateLeft(grandparent);
                }
            }
        }
        root.red = false;
    }

    /** Restores the black height after a black node left; {@code start} (maybe null) carries the extra black. */
    private void fixAfterRemove(N start, N startParent) {
        N node = start;
        N parent = startParent;
        while (node != root && !isRed(node)) {
            if (node == parent.left) {
                N sibling = parent.right;
                if (isRed(sibling)) {
                    sibling.red = false;
                    parent.red = true;
                    rotateLeft(parent);
                    sibling = parent.right;
                }
                if (!isRed(sibling.left) && !isRed(sibling.right)) {
                    sibling.red = true;
                    node = parent;
                    parent = node.parent;
                } else {
                    if (!isRed(sibling.right)) {
                        sibling.left.red = false;
                        sibling.red = true;
                        rotateRight(sibling);
                        sibling = parent.right;
                    }
                    sibling.red = parent.red;
                    parent.red = false;
                    sibling.right.red = false;
                    rotateLeft(parent);
                    node = root;
                    parent = null;
                }
            } else {
                N sibling = parent.left;
                if (isRed(sibling)) {
                    sibling.red = false;
                    parent.red = true;
                    rotateRight(parent);
                    sibling = parent.left;
                }
                if (!isRed(sibling.left) && !isRed(sibling.right)) {
                    sibling.red = true;
                    node = parent;
                    parent = node.parent;
                } else {
                    if (!isRed(sibling.left)) {
                        sibling.right.red = false;
                        sibling.red = true;
                        rotateLeft(sibling);
                        sibling = parent.left;
                    }
                    sibling.red = parent.red;
                    parent.red = false;
                    sibling.left.red = false;
                    rotateRight(parent);
                    node = root;
                    parent = null;
                }
            }
        }
        if (node != null) {
            node.red = false;
        }
    }
}
