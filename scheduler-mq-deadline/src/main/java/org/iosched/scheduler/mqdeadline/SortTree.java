package org.iosched.scheduler.mqdeadline;

/**
 * One priority level's and direction's {@code sort_list}: queued requests ordered by start sector, as the
 * kernel's {@code elv_rb_add}/{@code elv_rb_del}/{@code elv_rb_find} keep them in a red-black tree.
 *
 * <p>The tree is intrusive (its links live in {@link MqDeadlineRequest}), so insert and remove allocate
 * nothing. Insert, remove and {@link #find} take O(log n); {@link #next}/{@link #previous} take O(log n)
 * worst case and O(1) amortised over a sweep. Two requests may start at one sector (6.6's
 * {@code deadline_add_rq_rb} is a plain {@code elv_rb_add}): equal keys descend to the right, so they sit in the
 * order they were inserted, and {@link #ceiling} and {@link #find} return the oldest of them.
 */
final class SortTree {
    private MqDeadlineRequest root;
    private int size;

    /** {@code elv_rb_add}: insert by {@link MqDeadlineRequest#sortSector}, after any alias already queued. */
    void insert(MqDeadlineRequest node) {
        long key = node.sortSector;
        MqDeadlineRequest parent = null;
        MqDeadlineRequest cursor = root;
        boolean left = false;
        while (cursor != null) {
            parent = cursor;
            left = key < cursor.sortSector;
            cursor = left ? cursor.left : cursor.right;
        }
        node.parent = parent;
        node.left = null;
        node.right = null;
        node.red = true;
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

    /** {@code elv_rb_del}: unlink {@code node}, wherever it sits. */
    void remove(MqDeadlineRequest node) {
        MqDeadlineRequest child;
        MqDeadlineRequest childParent;
        boolean removedBlack;
        if (node.left == null || node.right == null) {
            child = node.left != null ? node.left : node.right;
            childParent = node.parent;
            removedBlack = !node.red;
            replace(node, child);
        } else {
            // two children: the in-order successor takes the node's place and colour
            MqDeadlineRequest successor = leftmost(node.right);
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
        size--;
        if (removedBlack) {
            fixAfterRemove(child, childParent);
        }
    }

    /**
     * {@code elv_rb_find}: a queued request starting at {@code sector}, or null; of aliases the oldest (the
     * kernel returns whichever its descent meets first, which depends on the tree's shape).
     */
    MqDeadlineRequest find(long sector) {
        MqDeadlineRequest cursor = root;
        MqDeadlineRequest found = null;
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
     * {@code deadline_from_pos}: the first request starting at or after {@code sector} (the oldest of equals), or
     * null; no wrap-around.
     */
    MqDeadlineRequest ceiling(long sector) {
        MqDeadlineRequest cursor = root;
        MqDeadlineRequest found = null;
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

    /** The lowest-sector request, or null. */
    MqDeadlineRequest first() {
        return root == null ? null : leftmost(root);
    }

    /** {@code rb_next}: the request after {@code node} in sector order, or null. */
    static MqDeadlineRequest next(MqDeadlineRequest node) {
        if (node.right != null) {
            return leftmost(node.right);
        }
        MqDeadlineRequest child = node;
        MqDeadlineRequest parent = node.parent;
        while (parent != null && child == parent.right) {
            child = parent;
            parent = parent.parent;
        }
        return parent;
    }

    /** {@code rb_prev}: the request before {@code node} in sector order, or null. */
    static MqDeadlineRequest previous(MqDeadlineRequest node) {
        if (node.left != null) {
            MqDeadlineRequest cursor = node.left;
            while (cursor.right != null) {
                cursor = cursor.right;
            }
            return cursor;
        }
        MqDeadlineRequest child = node;
        MqDeadlineRequest parent = node.parent;
        while (parent != null && child == parent.left) {
            child = parent;
            parent = parent.parent;
        }
        return parent;
    }

    /** Whether the tree is empty. */
    boolean isEmpty() {
        return root == null;
    }

    /** Queued requests. */
    int size() {
        return size;
    }

    /** The root, for invariant checks in tests. */
    MqDeadlineRequest root() {
        return root;
    }

    private static MqDeadlineRequest leftmost(MqDeadlineRequest node) {
        MqDeadlineRequest cursor = node;
        while (cursor.left != null) {
            cursor = cursor.left;
        }
        return cursor;
    }

    /** Puts {@code replacement} (possibly null) where {@code node} hangs from its parent. */
    private void replace(MqDeadlineRequest node, MqDeadlineRequest replacement) {
        MqDeadlineRequest parent = node.parent;
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

    private void rotateLeft(MqDeadlineRequest node) {
        MqDeadlineRequest pivot = node.right;
        node.right = pivot.left;
        if (pivot.left != null) {
            pivot.left.parent = node;
        }
        replace(node, pivot);
        pivot.left = node;
        node.parent = pivot;
    }

    private void rotateRight(MqDeadlineRequest node) {
        MqDeadlineRequest pivot = node.left;
        node.left = pivot.right;
        if (pivot.right != null) {
            pivot.right.parent = node;
        }
        replace(node, pivot);
        pivot.right = node;
        node.parent = pivot;
    }

    private static boolean isRed(MqDeadlineRequest node) {
        return node != null && node.red;
    }

    private void fixAfterInsert(MqDeadlineRequest inserted) {
        MqDeadlineRequest node = inserted;
        while (isRed(node.parent)) {
            MqDeadlineRequest parent = node.parent;
            MqDeadlineRequest grandparent = parent.parent;
            if (parent == grandparent.left) {
                MqDeadlineRequest uncle = grandparent.right;
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
                MqDeadlineRequest uncle = grandparent.left;
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

    /** Restores the black height after a black node left; {@code node} (maybe null) carries the extra black. */
    private void fixAfterRemove(MqDeadlineRequest start, MqDeadlineRequest startParent) {
        MqDeadlineRequest node = start;
        MqDeadlineRequest parent = startParent;
        while (node != root && !isRed(node)) {
            if (node == parent.left) {
                MqDeadlineRequest sibling = parent.right;
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
                MqDeadlineRequest sibling = parent.left;
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
