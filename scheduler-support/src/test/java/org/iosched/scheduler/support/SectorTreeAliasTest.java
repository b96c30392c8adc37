package org.iosched.scheduler.support;

import static org.assertj.core.api.Assertions.assertThat;

import org.iosched.scheduler.support.SectorTreePropertyTest.Node;
import org.junit.jupiter.api.Test;

/** Aliases: 3.0's {@code elv_rb_add} refuses one, 3.1's and 6.6's take it behind the one queued. */
class SectorTreeAliasTest {
    private final SectorTree<Node> tree = new SectorTree<>();
    private final Node queued = new Node();
    private final Node alias = new Node();

    @Test
    void theThreeZeroAddReturnsTheQueuedAliasAndLeavesTheNewNodeOut() {
        assertThat(tree.addUnlessAlias(queued, 100)).isNull();

        assertThat(tree.addUnlessAlias(alias, 100)).isSameAs(queued);
        assertThat(alias.inSortTree()).isFalse();
        assertThat(tree.size()).isEqualTo(1);

        tree.remove(queued);
        assertThat(tree.addUnlessAlias(alias, 100)).isNull();
        assertThat(tree.find(100)).isSameAs(alias);
    }

    @Test
    void theLaterAddKeepsAliasesInInsertionOrderAndFindsTheOldest() {
        tree.add(queued, 100);
        tree.add(alias, 100);

        assertThat(tree.size()).isEqualTo(2);
        assertThat(tree.find(100)).isSameAs(queued);
        assertThat(SectorTree.next(queued)).isSameAs(alias);
        assertThat(queued.sortSector()).isEqualTo(100);
    }
}
