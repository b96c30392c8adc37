package org.iosched.scheduler.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.iosched.scheduler.support.SectorTreePropertyTest.Node;
import org.junit.jupiter.api.Test;

/** The {@code queuelist} helpers: tail and head inserts, {@code list_del_init} and {@code list_move} across lists. */
class RequestListTest {
    private final RequestList<Node> fifo = new RequestList<>();
    private final RequestList<Node> other = new RequestList<>();
    private final Node a = new Node();
    private final Node b = new Node();
    private final Node c = new Node();

    @Test
    void tailAndHeadInsertsAndRemovalKeepTheOrderAndTheCount() {
        fifo.addTail(a);
        fifo.addTail(b);
        fifo.addHead(c);

        assertThat(drain(fifo)).containsExactly(c, a, b);
        assertThat(fifo.isEmpty()).isTrue();
        assertThat(a.onList()).isFalse();
    }

    @Test
    void aNodeKnowsItsListAndLeavesIt() {
        fifo.addTail(a);
        other.addTail(b);

        assertThat(a.list()).isSameAs(fifo);
        assertThat(b.list()).isSameAs(other);
        RequestList.removeFromList(b);
        RequestList.removeFromList(b);
        assertThat(other.isEmpty()).isTrue();
        assertThat(b.onList()).isFalse();
        assertThat(fifo.size()).isEqualTo(1);
    }

    @Test
    void moveAfterTakesTheNodeFromItsListToJustBehindTheAnchor() {
        fifo.addTail(a);
        fifo.addTail(b);
        other.addTail(c);

        fifo.moveAfter(c, a);
        assertThat(other.isEmpty()).isTrue();
        fifo.moveAfter(b, a);
        fifo.moveAfter(a, a);

        assertThat(fifo.size()).isEqualTo(3);
        assertThat(drain(fifo)).containsExactly(a, b, c);
    }

    private static List<Node> drain(RequestList<Node> list) {
        List<Node> order = new ArrayList<>();
        for (Node node = list.first(); node != null; node = list.first()) {
            order.add(node);
            list.remove(node);
        }
        return order;
    }
}
