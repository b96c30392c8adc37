package org.iosched.simulator.block;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.iosched.api.Bio;
import org.iosched.api.Op;
import org.iosched.api.Request;

class DispatchSortProperties {
    @Property(tries = 500)
    void sortedInsertionsOfOneDirectionFormOneCScanSweepFromTheBoundary(
            @ForAll @Size(max = 40) List<@LongRange(max = 10_000) Long> sectors,
            @ForAll @LongRange(max = 10_000) long boundary) {
        DispatchQueue queue = new DispatchQueue();
        long id = 0;
        for (long s : sectors) {
            RqState rs = new RqState();
            rs.rq = new Request(id++, new Bio(Op.WRITE, 0, s, 8, QueueHarness.task(1), (b, t) -> { }), 0);
            queue.sortInsert(rs, boundary);
        }

        List<Long> order = new ArrayList<>();
        for (RqState rs = queue.head(); rs != null; rs = rs.next) {
            order.add(rs.rq.sector());
        }
        List<Long> expected = new ArrayList<>();
        sectors.stream().filter(s -> s >= boundary).sorted().forEach(expected::add);
        sectors.stream().filter(s -> s < boundary).sorted().forEach(expected::add);
        assertThat(order).isEqualTo(expected);
        assertThat(queue.size()).isEqualTo(sectors.size());
    }
}
