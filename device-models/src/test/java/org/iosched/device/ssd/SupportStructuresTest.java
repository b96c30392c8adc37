package org.iosched.device.ssd;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;

class SupportStructuresTest {
    @Property(tries = 100)
    void theReleaseHeapGivesTimesBackInOrder(@ForAll @Size(max = 500) List<@LongRange(min = 0, max = 1_000_000) Long> times) {
        ReleaseHeap heap = new ReleaseHeap();
        for (long t : times) {
            heap.add(t, 2);
        }
        List<Long> sorted = new ArrayList<>(times);
        Collections.sort(sorted);
        assertThat(heap.totalPages()).isEqualTo(2L * times.size());
        for (long t : sorted) {
            assertThat(heap.peekTime()).isEqualTo(t);
            assertThat(heap.poll()).isEqualTo(2);
        }
        assertThat(heap.isEmpty()).isTrue();
    }

    @Property(tries = 100)
    void theLongIntMapAgreesWithAHashMap(@ForAll @Size(max = 3000) List<@LongRange(min = 0, max = 5000) Long> keys) {
        LongIntMap map = new LongIntMap();
        Map<Long, Integer> expected = new HashMap<>();
        int v = 0;
        for (long k : keys) {
            map.put(k, v);
            expected.put(k, v++);
        }
        assertThat(map.size()).isEqualTo(expected.size());
        for (long k = 0; k <= 5000; k++) {
            assertThat(map.get(k, -7)).isEqualTo(expected.getOrDefault(k, -7));
        }
    }
}
