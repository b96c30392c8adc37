package org.iosched.scheduler.deadline;

/**
 * One direction's {@code sort_list}: queued requests ordered by start sector, as the kernel's
 * {@code elv_rb_add}/{@code elv_rb_del}/{@code elv_rb_find} keep them in a red-black tree.
 *
 * <p>The tree is intrusive (its links live in {@link DeadlineRequest}), so insert and remove allocate
 * nothing. Insert, remove and {@link #find} take O(log n); {@link #next}/{@link #previous} take O(log n)
 * worst case and O(1) amortised over a sweep. The scheduler never leaves two requests at one start sector
 * (aliases) here: 3.0's {@code deadline_add_rq_rb} dispatches the queued one before inserting. The tree itself
 * accepts equal keys, descending to the right as 3.1's {@code elv_rb_add} does, so they would sit in the order
 * they were inserted.
 */
final class SortList {
    private DeadlineRequest root;
    private int size;

    /** {@code elv_rb_add}: insert by {@link DeadlineRequest#sortSector}, after any alias already queued. */
    void insert(DeadlineRequest node) {
        long key = node.sortSector;
        DeadlineRequest parent = null;
        DeadlineRequest cursor = root;
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
    void remove(DeadlineRequest node) {
        DeadlineRequest child;
        DeadlineRequest childParent;
        boolean removedBlack;
        if (node.left == null || node.right == null) {
            child = node.left != null ? node.left : node.right;
            childParent = node.parent;
            removedBlack = !node.red;
            replace(node, child);
        } else {
            // two children: the in-order successor takes the node's place and colour
            DeadlineRequest successor = leftmost(node.right);
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
     * {@code elv_rb_find}: a queued request starting at {@code sector}, or null. Were there aliases, this would
     * return the oldest (the scheduler keeps none).
     */
    DeadlineRequest find(long sector) {
        DeadlineRequest cursor = root;
        DeadlineRequest found = null;
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

    /** The lowest-sector request, or null. */
    DeadlineRequest first() {
        return root == null ? null : leftmost(root);
    }

    /** {@code rb_next}: the request after {@code node} in sector order, or null. */
    static DeadlineRequest next(DeadlineRequest node) {
        if (node.right != null) {
            return leftmost(node.right);
        }
        DeadlineRequest child = node;
        DeadlineRequest parent = node.parent;
        while (parent != null && child == parent.right) {
            child = parent;
            parent = parent.parent;
        }
        return parent;
    }

    /** {@code rb_prev}: the request before {@code node} in sector order, or null. */
    static DeadlineRequest previous(DeadlineRequest node) {
        if (node.left != null) {
            DeadlineRequest cursor = node.left;
            while (cursor.right != null) {
                cursor = cursor.right;
            }
            return cursor;
        }
        DeadlineRequest child = node;
        DeadlineRequest parent = node.parent;
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
    DeadlineRequest root() {
        return root;
    }

    private static DeadlineRequest leftmost(DeadlineRequest node) {
        DeadlineRequest cursor = node;
        while (cursor.left != null) {
            cursor = cursor.left;
        }
        return cursor;
    }

    /** Puts {@code replacement} (possibly null) where {@code node} hangs from its parent. */
    private void replace(DeadlineRequest node, DeadlineRequest replacement) {
        DeadlineRequest parent = node.parent;
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

    private void rotateLeft(DeadlineRequest node) {
        DeadlineRequest pivot = node.right;
        node.right = pivot.left;
        if (pivot.left != null) {
            pivot.left.parent = node;
        }
        replace(node, pivot);
        pivot.left = node;
        node.parent = pivot;
    }

    private void rotateRight(DeadlineRequest node) {
        DeadlineRequest pivot = node.left;
        node.left = pivot.right;
        if (pivot.right != null) {
            pivot.right.parent = node;
        }
        replace(node, pivot);
        pivot.right = node;
        node.parent = pivot;
    }

    private static boolean isRed(DeadlineRequest node) {
        return node != null && node.red;
    }

    private void fixAfterInsert(DeadlineRequest inserted) {
        DeadlineRequest node = inserted;
        while (isRed(node.parent)) {
            DeadlineRequest parent = node.parent;
            DeadlineRequest grandparent = parent.parent;
            if (parent == grandparent.left) {
                DeadlineRequest uncle = grandparent.right;
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
                DeadlineRequest uncle = grandparent.left;
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
    private void fixAfterRemove(DeadlineRequest start, DeadlineRequest startParent) {
        DeadlineRequest node = start;
        DeadlineRequest parent = startParent;
        while (node != root && !isRed(node)) {
            if (node == parent.left) {
                DeadlineRequest sibling = parent.right;
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
                DeadlineRequest sibling = parent.left;
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
