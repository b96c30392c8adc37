package org.iosched.scheduler.cfq;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/**
 * The prio tree's shape and search path: the red-black balancing of the kernel's rbtree (so that the parent of a
 * missing leaf is the kernel's), the lookup rules of {@code cfq_prio_tree_lookup}, and the tree's invariants.
 */
class PrioTreeTest {

    private static CfqQueue queue(long sector) {
        CfqQueue cfqq = new CfqQueue(null, (int) sector, true);
        cfqq.pSector = sector;
        return cfqq;
    }

    @Test
    void ascendingInsertionsRotateAsTheKernelsRbtreeDoes() {
        PrioTree tree = new PrioTree();
        CfqQueue[] q = new CfqQueue[8];
        for (int i = 1; i <= 7; i++) {
            q[i] = queue(i * 100);
            assertThat(tree.add(q[i])).isTrue();
        }

        // 3 rotates 1-2-3 into 2(1,3); 4 recolours; 5 rotates 3-4-5; 6 recolours; 7 rotates 5-6-7
        assertThat(tree.root()).isSameAs(q[2]);
        assertThat(q[2].pLeft).isSameAs(q[1]);
        assertThat(q[2].pRight).isSameAs(q[4]);
        assertThat(q[4].pLeft).isSameAs(q[3]);
        assertThat(q[4].pRight).isSameAs(q[6]);
        assertThat(q[6].pLeft).isSameAs(q[5]);
        assertThat(q[6].pRight).isSameAs(q[7]);
        assertThat(new boolean[] {q[1].pRed, q[2].pRed, q[3].pRed, q[4].pRed, q[5].pRed, q[6].pRed, q[7].pRed})
                .containsExactly(false, false, false, true, true, false, true);
    }

    @Test
    void aFailedLookupStopsAtTheParentOfTheMissingLeafNotAtTheNearestKey() {
        PrioTree tree = new PrioTree();
        CfqQueue low = queue(10_000);
        CfqQueue middle = queue(16_000);
        CfqQueue high = queue(26_000);
        tree.add(middle);
        tree.add(low);
        tree.add(high);

        assertThat(tree.lookup(20_008)).isNull();
        // the walk goes right at 16000, then left at 26000 and falls off there: 26000 is 5992 away, 16000 only 4008
        assertThat(tree.lastParent()).isSameAs(high);
        assertThat(tree.lookup(12_000)).isNull();
        assertThat(tree.lastParent()).isSameAs(low);
        assertThat(tree.lookup(16_000)).isSameAs(middle);
        assertThat(tree.lastParent()).isSameAs(middle);
    }

    @Test
    void erasingANodeWithTwoChildrenPutsItsSuccessorInItsPlace() {
        PrioTree tree = new PrioTree();
        CfqQueue[] q = new CfqQueue[8];
        for (int i = 1; i <= 7; i++) {
            q[i] = queue(i * 100);
            tree.add(q[i]);
        }

        tree.erase(q[4]);

        assertThat(q[2].pRight).as("5, the successor of 4, takes its place").isSameAs(q[5]);
        assertThat(q[5].pLeft).isSameAs(q[3]);
        assertThat(q[5].pRight).isSameAs(q[6]);
        assertThat(q[6].pLeft).isNull();
        assertThat(q[4].pParent).isNull();
        assertThat(q[4].pLeft).isNull();
    }

    @Test
    void aQueueWhoseSectorIsAlreadyInTheTreeStaysOut() {
        PrioTree tree = new PrioTree();
        CfqQueue first = queue(500);
        CfqQueue same = queue(500);
        tree.add(first);

        assertThat(tree.add(same)).isFalse();
        assertThat(tree.lookup(500)).isSameAs(first);
        assertThat(PrioTree.next(first)).isNull();
    }

    @Property(tries = 200)
    void treeStaysASearchTreeWithTheRedBlackRulesAndLookupsStopNextToTheMissingKey(
            @ForAll @Size(max = 250) List<@IntRange(min = 0, max = 100_000) Integer> operations) {
        PrioTree tree = new PrioTree();
        TreeMap<Long, CfqQueue> model = new TreeMap<>();
        List<CfqQueue> members = new ArrayList<>();
        for (int operation : operations) {
            int kind = operation % 3;
            int argument = operation / 3;
            if (kind <= 1 || members.isEmpty()) {
                CfqQueue cfqq = queue(argument % 500);
                boolean added = tree.add(cfqq);
                assertThat(added).isEqualTo(!model.containsKey(cfqq.pSector));
                if (added) {
                    model.put(cfqq.pSector, cfqq);
                    members.add(cfqq);
                }
            } else {
                CfqQueue cfqq = members.remove(argument % members.size());
                tree.erase(cfqq);
                model.remove(cfqq.pSector);
            }

            assertThat(inOrder(tree)).containsExactlyElementsOf(model.values());
            assertRedBlack(tree.root());
            long probe = argument % 500;
            CfqQueue found = tree.lookup(probe);
            assertThat(found).isSameAs(model.get(probe));
            if (found == null && !model.isEmpty()) {
                // a search tree's walk for a missing key ends at its predecessor or its successor
                Long below = model.lowerKey(probe);
                Long above = model.higherKey(probe);
                assertThat(tree.lastParent()).isIn(below == null ? null : model.get(below),
                        above == null ? null : model.get(above));
            }
        }
    }

    private static List<CfqQueue> inOrder(PrioTree tree) {
        List<CfqQueue> order = new ArrayList<>();
        CfqQueue node = tree.root();
        while (node != null && node.pLeft != null) {
            node = node.pLeft;
        }
        for (; node != null; node = PrioTree.next(node)) {
            order.add(node);
        }
        List<CfqQueue> backwards = new ArrayList<>();
        CfqQueue last = order.isEmpty() ? null : order.get(order.size() - 1);
        for (CfqQueue back = last; back != null; back = PrioTree.previous(back)) {
            backwards.add(0, back);
        }
        assertThat(backwards).isEqualTo(order);
        return order;
    }

    private static void assertRedBlack(CfqQueue root) {
        if (root != null) {
            assertThat(root.pRed).as("root is black").isFalse();
            assertThat(root.pParent).isNull();
        }
        blackHeight(root);
    }

    /** Black nodes on every path down from {@code node}; checks links, red children and the search order. */
    private static int blackHeight(CfqQueue node) {
        if (node == null) {
            return 1;
        }
        if (node.pLeft != null) {
            assertThat(node.pLeft.pParent).isSameAs(node);
            assertThat(node.pLeft.pSector).isLessThan(node.pSector);
        }
        if (node.pRight != null) {
            assertThat(node.pRight.pParent).isSameAs(node);
            assertThat(node.pRight.pSector).isGreaterThan(node.pSector);
        }
        if (node.pRed) {
            assertThat(isRed(node.pLeft) || isRed(node.pRight)).as("red node with a red child").isFalse();
        }
        int left = blackHeight(node.pLeft);
        int right = blackHeight(node.pRight);
        assertThat(left).as("black height").isEqualTo(right);
        return left + (node.pRed ? 0 : 1);
    }

    private static boolean isRed(CfqQueue node) {
        return node != null && node.pRed;
    }
}
