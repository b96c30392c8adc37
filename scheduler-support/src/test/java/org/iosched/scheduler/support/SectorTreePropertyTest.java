package org.iosched.scheduler.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * The sort tree against a plain sorted list: same order (sector, then insertion for aliases), same
 * neighbours, same alias found, the same first request at or above a position ({@code deadline_from_pos}),
 * and the red-black rules hold after every operation.
 */
class SectorTreePropertyTest {
    /** A scheduler's node with nothing of its own. */
    static final class Node extends RequestNode<Node> {
    }


    @Property(tries = 200)
    void treeKeepsSectorOrderWithAliasesInInsertionOrder(
            @ForAll @Size(max = 250) List<@IntRange(min = 0, max = 100_000) Integer> operations) {
        SectorTree<Node> tree = new SectorTree<>();
        List<Node> members = new ArrayList<>();
        Map<Node, Long> insertedAt = new HashMap<>();
        long sequence = 0;
        for (int operation : operations) {
            int kind = operation % 4;
            int argument = operation / 4;
            if (kind <= 1 || members.isEmpty()) {
                Node node = new Node();
                tree.add(node, argument % 40);
                members.add(node);
                insertedAt.put(node, sequence++);
            } else if (kind == 2) {
                Node node = members.remove(argument % members.size());
                tree.remove(node);
                insertedAt.remove(node);
            } else {
                // a front merge: take it out, move its start down, put it back behind the aliases there
                Node node = members.get(argument % members.size());
                tree.remove(node);
                tree.add(node, Math.max(0, node.sortSector - argument % 5));
                insertedAt.put(node, sequence++);
            }
            List<Node> expected = new ArrayList<>(members);
            expected.sort(Comparator.<Node>comparingLong(n -> n.sortSector).thenComparing(insertedAt::get));

            assertThat(inOrder(tree)).containsExactlyElementsOf(expected);
            List<Node> reversed = new ArrayList<>(expected);
            Collections.reverse(reversed);
            assertThat(reverseOrder(tree)).containsExactlyElementsOf(reversed);
            assertThat(tree.size()).isEqualTo(expected.size());
            assertThat(tree.isEmpty()).isEqualTo(expected.isEmpty());
            long probe = argument % 40;
            assertThat(tree.find(probe))
                    .isSameAs(expected.stream().filter(n -> n.sortSector == probe).findFirst().orElse(null));
            assertThat(tree.ceiling(probe))
                    .isSameAs(expected.stream().filter(n -> n.sortSector >= probe).findFirst().orElse(null));
            assertRedBlack(tree.root());
        }
    }

    private static List<Node> inOrder(SectorTree<Node> tree) {
        List<Node> order = new ArrayList<>();
        for (Node node = tree.first(); node != null; node = SectorTree.next(node)) {
            order.add(node);
        }
        return order;
    }

    private static List<Node> reverseOrder(SectorTree<Node> tree) {
        List<Node> order = new ArrayList<>();
        Node last = tree.first();
        while (last != null && SectorTree.next(last) != null) {
            last = SectorTree.next(last);
        }
        for (Node node = last; node != null; node = SectorTree.previous(node)) {
            order.add(node);
        }
        return order;
    }

    private static void assertRedBlack(Node root) {
        if (root != null) {
            assertThat(root.red).as("root is black").isFalse();
            assertThat(root.parent).isNull();
        }
        blackHeight(root);
    }

    /** Black nodes on every path down from {@code node}; checks links, red children and the search order. */
    private static int blackHeight(Node node) {
        if (node == null) {
            return 1;
        }
        if (node.left != null) {
            assertThat(node.left.parent).isSameAs(node);
            assertThat(node.left.sortSector).isLessThanOrEqualTo(node.sortSector);
        }
        if (node.right != null) {
            assertThat(node.right.parent).isSameAs(node);
            assertThat(node.right.sortSector).isGreaterThanOrEqualTo(node.sortSector);
        }
        if (node.red) {
            assertThat(node.left == null || !node.left.red).as("red node with a red child").isTrue();
            assertThat(node.right == null || !node.right.red).as("red node with a red child").isTrue();
        }
        int left = blackHeight(node.left);
        int right = blackHeight(node.right);
        assertThat(left).as("black height").isEqualTo(right);
        return left + (node.red ? 0 : 1);
    }
}
