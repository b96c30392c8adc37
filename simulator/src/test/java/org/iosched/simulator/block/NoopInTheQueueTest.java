package org.iosched.simulator.block;

import static org.assertj.core.api.Assertions.assertThat;

import org.iosched.api.Task;
import org.iosched.simulator.noop.NoopScheduler;
import org.junit.jupiter.api.Test;

class NoopInTheQueueTest {
    private final Task task = QueueHarness.task(1000);

    @Test
    void noopMergesSequentialBiosThroughTheGenericPaths() {
        QueueHarness h = QueueHarness.builder().disk(1).scheduler(NoopScheduler::new).build();
        // the first write plugs the queue; the others merge while it is plugged
        h.submit(h.write(task, 100, 8));
        h.submit(h.write(task, 108, 8));
        h.submit(h.write(task, 92, 8));
        h.queue.unplug(task);
        h.runAll();

        assertThat(h.deviceSaw()).containsExactly("WRITE 92+24");
        assertThat(h.actions()).containsExactly("Q", "G", "P", "I", "Q", "M", "Q", "F", "U", "D", "C");
    }

    @Test
    void noopCoalescesOnlyFifoNeighbours() {
        QueueHarness h = QueueHarness.builder().disk(1).scheduler(NoopScheduler::new).build();
        h.submit(h.write(task, 100, 8));
        h.submit(h.write(task, 5000, 8));
        h.submit(h.write(task, 116, 8));
        // back-merges into 100+8; its FIFO successor (5000) does not touch, so 116 stays apart
        h.submit(h.write(task, 108, 8));
        h.queue.unplug(task);
        h.runAll();

        assertThat(h.deviceSaw()).containsExactly("WRITE 100+16", "WRITE 5000+8", "WRITE 116+8");
    }
}
