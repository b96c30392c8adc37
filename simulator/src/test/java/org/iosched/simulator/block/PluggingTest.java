package org.iosched.simulator.block;

import static org.assertj.core.api.Assertions.assertThat;

import org.iosched.api.Op;
import org.iosched.api.RequestFlags;
import org.iosched.api.Task;
import org.junit.jupiter.api.Test;

class PluggingTest {
    private final Task task = QueueHarness.task(1000);

    @Test
    void aSyncReadOnAnIdleDiskPlugsAndIsUnpluggedAtOnceByItsUnplugFlag() {
        QueueHarness h = QueueHarness.builder().disk(1).build();

        h.submit(h.bio(task, Op.READ, RequestFlags.SYNC | RequestFlags.UNPLUG, 2048, 8));
        h.runAll();

        assertThat(h.actions()).containsExactly("Q", "G", "P", "I", "U", "D", "C");
        assertThat(h.completed).hasSize(1);
    }

    @Test
    void aWriteWithoutUnplugWaitsForTheUnplugTimerRoundedUpToAJiffy() {
        QueueHarness h = QueueHarness.builder().disk(1).hz(250).serviceTime(rq -> 100_000).build();

        h.submit(h.write(task, 0, 8));
        h.runAll();

        // 3 ms at HZ=250 is one jiffy: the timer expires at the next tick, 4 ms
        assertThat(h.actions()).containsExactly("Q", "G", "P", "I", "UT", "U", "D", "C");
        assertThat(h.device.submitted().get(0).dispatchTime()).isEqualTo(4_000_000);
    }

    @Test
    void theUnplugTimerAtHz1000FiresAfterThreeMilliseconds() {
        QueueHarness h = QueueHarness.builder().disk(1).hz(1000).build();
        h.clock.newTimer(null, () -> h.submit(h.write(task, 0, 8))).arm(500_000);

        h.runAll();

        // armed at 0.5 ms (jiffy 0) for jiffies + 3: tick 3 starts at 3 ms
        assertThat(h.device.submitted().get(0).dispatchTime()).isEqualTo(3_000_000);
    }

    @Test
    void fourQueuedRequestsUnplugTheQueue() {
        QueueHarness h = QueueHarness.builder().disk(1).build();

        for (int i = 0; i < 3; i++) {
            h.submit(h.write(task, i * 100L, 8));
        }
        assertThat(h.queue.plugged()).isTrue();
        assertThat(h.device.submitted()).isEmpty();

        h.submit(h.write(task, 300, 8));

        assertThat(h.queue.plugged()).isFalse();
        assertThat(h.device.submitted()).hasSize(1);
        assertThat(h.events()).containsSubsequence("P", "I 300+8", "U", "D 0+8");
    }

    @Test
    void aNonEmptyQueueIsNotPluggedAgain() {
        QueueHarness h = QueueHarness.builder().disk(1).build();
        h.submit(h.read(task, 0, 8));
        h.queue.unplug(task);
        // the device holds the read; the queue is empty again, so the next write plugs it
        h.submit(h.write(task, 5000, 8));
        h.queue.unplug(task);
        // the write waits, started, at the head of the dispatch queue: the queue is not empty

        h.submit(h.write(task, 9000, 8));

        assertThat(h.queue.plugged()).isFalse();
        assertThat(h.actions().stream().filter("P"::equals)).hasSize(2);
    }

    @Test
    void aCompletionRunsThePluggedQueueWithoutTracingAnUnplug() {
        QueueHarness h = QueueHarness.builder().disk(1).serviceTime(rq -> 1_000_000).build();
        h.submit(h.read(task, 0, 8));
        h.queue.unplug(task);
        h.runUntil(500_000);
        // the first read is in the device: the queue is empty again, so a write plugs it
        h.submit(h.write(task, 5000, 8));
        assertThat(h.queue.plugged()).isTrue();

        h.runAll();

        assertThat(h.device.submitted().get(1).dispatchTime()).isEqualTo(1_000_000);
        assertThat(h.actions()).containsExactly("Q", "G", "P", "I", "U", "D", "Q", "G", "P", "I", "C", "D", "C");
    }

    @Test
    void aTaggedSsdIsNeverPluggedAndRunsTheQueueOnEveryBio() {
        QueueHarness h = QueueHarness.builder().ssd(32).build();

        h.submit(h.write(task, 0, 8));
        h.submit(h.write(task, 100, 8));

        assertThat(h.queue.shouldPlug()).isFalse();
        assertThat(h.actions()).doesNotContain("P", "U");
        assertThat(h.device.submitted()).hasSize(2);
    }

    @Test
    void anUntaggedSsdStillPlugs() {
        QueueHarness h = QueueHarness.builder().ssd(1).build();

        h.submit(h.write(task, 0, 8));

        assertThat(h.queue.shouldPlug()).isTrue();
        assertThat(h.queue.plugged()).isTrue();
    }

    // kernel.plugging=task: the on-stack plugging of 2.6.39-3.0

    @Test
    void withTaskPluggingTheQueueNeverPlugsAndAWriteGoesOutWhenItsSubmitterStops() {
        QueueHarness h = QueueHarness.builder().disk(1).hz(250).taskPlugging().build();

        h.submit(h.write(task, 0, 8));
        h.runAll();

        assertThat(h.queue.shouldPlug()).isFalse();
        assertThat(h.actions()).containsExactly("Q", "G", "I", "D", "C");
        assertThat(h.device.submitted().get(0).dispatchTime()).isZero();
    }

    @Test
    void withTaskPluggingTheBiosOfOneSubmittingStepGatherBeforeTheQueueRuns() {
        QueueHarness h = QueueHarness.builder().disk(1).taskPlugging().build();

        h.submit(h.write(task, 0, 8));
        h.submit(h.write(task, 8, 8));
        h.runAll();

        assertThat(h.device.submitted()).hasSize(1);
        assertThat(h.events()).contains("D 0+16");
    }

    @Test
    void withTaskPluggingARequestQueuedWhileTheDeviceIsBusyIsOfferedAtOnceNotAtTheNextCompletion() {
        QueueHarness h = QueueHarness.builder().disk(2).serviceTime(rq -> 1_000_000).taskPlugging().build();
        h.submit(h.read(task, 0, 8));
        h.runUntil(500_000);

        // 2.6.32-2.6.38 would hold this write until the read completes at 1 ms
        h.submit(h.write(task, 5000, 8));
        h.runAll();

        assertThat(h.device.submitted().get(1).dispatchTime()).isEqualTo(500_000);
    }

    @Test
    void withTaskPluggingAnExplicitUnplugRunsTheQueueAtOnce() {
        QueueHarness h = QueueHarness.builder().disk(1).taskPlugging().build();

        h.submit(h.read(task, 0, 8));
        h.queue.unplug(task);

        assertThat(h.device.submitted()).hasSize(1);
        assertThat(h.actions()).doesNotContain("P", "U");
    }
}
