package org.iosched.simulator.blkmq;

import static org.assertj.core.api.Assertions.assertThat;

import org.iosched.api.Bio;
import org.iosched.api.Op;
import org.iosched.api.RequestFlags;
import org.iosched.api.Task;
import org.junit.jupiter.api.Test;

/** The rules of Linux 6.6's blk-mq, one per test (reference/blk-mq.md). */
class MqRequestQueueTest {
    private static final Task A = MqHarness.task(100);
    private static final Task B = MqHarness.task(101);

    // ---------------------------------------------------------------- plugging

    @Test
    void aPlugIsFlushedWhenItHolds32RequestsBeforeTheNextIsAdded() {
        MqHarness h = MqHarness.builder().depth(64).build();
        for (int i = 0; i < 32; i++) {
            h.submit(h.read(A, i * 16L, 8));
        }
        assertThat(h.device.submitted()).isEmpty();
        h.submit(h.read(A, 32 * 16L, 8));
        // BLK_MAX_REQUEST_COUNT: the 32 went out (directly, none and an idle device) before the 33rd was plugged
        assertThat(h.device.submitted()).hasSize(32);
        assertThat(h.events()).contains("U 32");
        h.runAll();
        assertThat(h.completed).hasSize(33);
    }

    @Test
    void aPlugIsFlushedWhenItsLastRequestIsAtLeast128KiB() {
        MqHarness h = MqHarness.builder().build();
        h.submit(h.write(A, 0, 256));
        assertThat(h.device.submitted()).isEmpty();
        h.submit(h.write(A, 1000, 8));
        assertThat(h.deviceSaw()).containsExactly("WRITE 0+256");
        h.runAll();
        assertThat(h.deviceSaw()).containsExactly("WRITE 0+256", "WRITE 1000+8");
    }

    @Test
    void aTaskAboutToWaitFlushesItsPlugAndAnotherInstantFlushesTheRest() {
        MqHarness h = MqHarness.builder().build();
        h.submit(h.read(A, 0, 8));
        h.submit(h.read(B, 100, 8));
        h.queue.unplug(A);
        assertThat(h.deviceSaw()).containsExactly("READ 0+8");
        h.runUntil(1);
        assertThat(h.deviceSaw()).containsExactly("READ 0+8", "READ 100+8");
    }

    @Test
    void contiguousBiosOfOnePlugMergeIntoOneRequest() {
        MqHarness h = MqHarness.builder().build();
        h.submit(h.read(A, 0, 8));
        h.submit(h.read(A, 8, 8));
        h.submit(h.read(A, 16, 8));
        h.runAll();
        assertThat(h.deviceSaw()).containsExactly("READ 0+24");
        assertThat(h.events()).containsSubsequence("Q 0+8", "G 0+8", "P", "Q 8+8", "M 8+8", "Q 16+8", "M 16+8",
                "U 1", "D 0+24", "C 0+24");
        assertThat(h.completed).hasSize(3);
    }

    @Test
    void biosOfDifferentPrioritiesDoNotMerge() {
        MqHarness h = MqHarness.builder().build();
        h.submit(h.read(A, 0, 8));
        Bio rt = h.read(A, 8, 8);
        rt.setIoPriority(org.iosched.api.IoPriority.of(org.iosched.api.IoPrioClass.RT, 0));
        h.submit(rt);
        h.runAll();
        assertThat(h.deviceSaw()).containsExactly("READ 0+8", "READ 8+8");
    }

    // ---------------------------------------------------------------- none: direct issue, software queues

    @Test
    void withoutASchedulerAnIdleDeviceGetsTheRequestWithoutAnInsertion() {
        MqHarness h = MqHarness.builder().build();
        h.submit(h.read(A, 0, 8));
        h.queue.unplug(A);
        assertThat(h.events()).containsExactly("Q 0+8", "G 0+8", "P", "U 1", "D 0+8");
    }

    @Test
    void aFullDeviceSendsTheRestToTheDispatchListAndACompletionRestartsTheQueue() {
        MqHarness h = MqHarness.builder().depth(2).build();
        // two tasks so that the requests do not merge; driver tags 2: the third sleeps for a tag
        h.submit(h.read(A, 0, 8));
        h.submit(h.read(A, 100, 8));
        h.queue.unplug(A);
        assertThat(h.submit(h.read(B, 200, 8))).isFalse();
        assertThat(h.device.submitted()).hasSize(2);
        h.runAll();
        assertThat(h.resumed).hasSize(1);
        assertThat(h.completed).hasSize(3);
        assertThat(h.queue.idle()).isTrue();
    }

    @Test
    void aBioMergesIntoARequestWaitingOnTheSoftwareQueue() {
        MqHarness h = MqHarness.builder().depth(2).build();
        h.submit(h.read(A, 0, 8));
        h.submit(h.read(B, 500, 8));
        // no driver tag left: A sleeps, and its plug is flushed from schedule(): onto the software queue, the run
        // punted to kblockd
        assertThat(h.submit(h.read(A, 1000, 8))).isFalse();
        assertThat(h.events()).contains("UT 1", "I 0+8");
        // in the same instant another task's bio continues the queued request (blk_bio_list_merge)
        h.submit(h.read(MqHarness.task(102), 8, 8));
        assertThat(h.events()).contains("M 8+8");
        h.runAll();
        // B's plug is flushed at the end of the instant, before kblockd's run
        assertThat(h.deviceSaw()).containsExactly("READ 500+8", "READ 0+16", "READ 1000+8");
        assertThat(h.completed).hasSize(4);
    }

    // ---------------------------------------------------------------- tags

    @Test
    void aSubmitterWithoutATagSleepsAndIsWokenByACompletion() {
        MqHarness h = MqHarness.builder().depth(1).build();
        assertThat(h.submit(h.read(A, 0, 8))).isTrue();
        assertThat(h.submit(h.read(B, 100, 8))).isFalse();
        // B's sleep flushed nothing of A's; A's plug still holds its request until A waits
        h.queue.unplug(A);
        assertThat(h.deviceSaw()).containsExactly("READ 0+8");
        h.runAll();
        assertThat(h.resumed).extracting(Bio::sector).containsExactly(100L);
        assertThat(h.deviceSaw()).containsExactly("READ 0+8", "READ 100+8");
    }

    @Test
    void theSchedulersShallowDepthLimitsItsAllocations() {
        MqHarness h = MqHarness.builder().fifo(64).build();
        h.scheduler.limitDepth = 1;
        int queued = 0;
        for (int i = 0; i < 10; i++) {
            if (h.submit(h.read(MqHarness.task(200 + i), i * 100L, 8))) {
                queued++;
            }
        }
        // scheduler tags 64: four words of 16 bits, one bit of each usable
        assertThat(queued).isEqualTo(4);
        h.runAll();
        assertThat(h.completed).hasSize(10);
    }

    // ---------------------------------------------------------------- the dispatch loop with a scheduler

    @Test
    void theSchedulerSeesTheHooksInTheKernelsOrder() {
        MqHarness h = MqHarness.builder().fifo(64).build();
        h.submit(h.read(A, 0, 8));
        h.runAll();
        assertThat(h.scheduler.calls).containsExactly("limitDepth", "prepare 0+8", "insert 0+8", "dispatch 0+8",
                "completed 0+8", "finish 0+8");
        assertThat(h.events()).containsExactly("Q 0+8", "G 0+8", "P", "U 1", "I 0+8", "D 0+8", "C 0+8");
    }

    @Test
    void pullingStopsAtTheFirstRequestWithoutADriverTag() {
        MqHarness h = MqHarness.builder().depth(2).fifo(64).build();
        for (int i = 0; i < 5; i++) {
            h.submit(h.read(A, i * 100L, 8));
        }
        h.queue.unplug(A);
        // two with driver tags went to the device, the third was pulled and waits on hctx->dispatch
        assertThat(h.device.submitted()).hasSize(2);
        assertThat(h.scheduler.fifo).hasSize(2);
        assertThat(h.scheduler.calls.stream().filter(c -> c.startsWith("dispatch"))).hasSize(3);
        h.runAll();
        assertThat(h.deviceSaw()).containsExactly("READ 0+8", "READ 100+8", "READ 200+8", "READ 300+8",
                "READ 400+8");
    }

    @Test
    void aLunBudgetOfOneKeepsTheRestInTheSchedulerUntilACompletionRunsTheQueue() {
        // a SATA disk without NCQ: AHCI's 32 tags, sdev->queue_depth 1
        MqHarness h = MqHarness.builder().depth(32).fifo(64).build();
        h.queue.setDispatchBudget(1);
        for (int i = 0; i < 5; i++) {
            h.submit(h.read(A, i * 100L, 8));
        }
        h.queue.unplug(A);
        // one pulled and issued; no budget for a second, so nothing waits on hctx->dispatch: the scheduler keeps four
        assertThat(h.device.submitted()).hasSize(1);
        assertThat(h.scheduler.fifo).hasSize(4);
        assertThat(h.scheduler.calls.stream().filter(c -> c.startsWith("dispatch"))).hasSize(1);
        // each completion gives the budget back and runs the queue (sdev->restarts): one request at a time
        h.runUntil(100_000);
        assertThat(h.device.submitted()).hasSize(2);
        assertThat(h.scheduler.fifo).hasSize(3);
        h.runAll();
        assertThat(h.deviceSaw()).containsExactly("READ 0+8", "READ 100+8", "READ 200+8", "READ 300+8",
                "READ 400+8");
        assertThat(h.device.maxInFlight()).isEqualTo(1);
        h.queue.checkDrained();
    }

    @Test
    void withoutASchedulerABudgetOfOneIssuesOneAndQueuesTheRestOnTheDispatchList() {
        MqHarness h = MqHarness.builder().depth(32).build();
        h.queue.setDispatchBudget(1);
        h.submit(h.read(A, 0, 8));
        h.submit(h.read(A, 1000, 8));
        h.submit(h.read(A, 2000, 8));
        h.queue.unplug(A);
        assertThat(h.device.submitted()).hasSize(1);
        h.runAll();
        assertThat(h.device.maxInFlight()).isEqualTo(1);
        assertThat(h.completed).hasSize(3);
        h.queue.checkDrained();
    }

    @Test
    void aSchedulerThatReturnsNothingIsAskedAgainEvery3ms() {
        MqHarness h = MqHarness.builder().fifo(64).build();
        h.scheduler.returnNothing = true;
        h.submit(h.read(A, 0, 8));
        h.queue.unplug(A);
        h.runUntil(10_000_000);
        // at 0, 3, 6 and 9 ms (BLK_MQ_BUDGET_DELAY)
        assertThat(h.scheduler.calls.stream().filter(c -> c.equals("dispatch null"))).hasSize(4);
        h.scheduler.returnNothing = false;
        h.runAll();
        assertThat(h.completed).hasSize(1);
    }

    @Test
    void dispatchBusyRisesWhenTheDeviceIsFullAndDecaysAfter() {
        MqHarness h = MqHarness.builder().depth(1).fifo(64).build();
        for (int i = 0; i < 3; i++) {
            h.submit(h.read(A, i * 100L, 8));
        }
        h.queue.unplug(A);
        assertThat(h.queue.dispatchBusy(0)).isEqualTo(2);
        h.runAll();
        // (2 * 7) / 8 = 1 after the first dispatch that went through, (1 * 7) / 8 = 0 after the next
        assertThat(h.queue.dispatchBusy(0)).isLessThan(2);
        h.submit(h.read(A, 5000, 8));
        h.queue.unplug(A);
        h.runAll();
        assertThat(h.queue.dispatchBusy(0)).isZero();
    }

    @Test
    void aBioMergesIntoARequestTheSchedulerHolds() {
        MqHarness h = MqHarness.builder().depth(1).fifo(64).build();
        h.submit(h.read(A, 1000, 8));
        h.submit(h.read(A, 2000, 8));
        h.submit(h.read(A, 0, 8));
        h.queue.unplug(A);
        // 1000+8 is at the device, 2000+8 was pulled without a driver tag (hctx->dispatch), 0+8 is in the
        // scheduler: B's bio at 8 back-merges into it through the hash
        h.submit(h.read(B, 8, 8));
        assertThat(h.scheduler.calls).contains("back 0+16");
        h.runAll();
        assertThat(h.deviceSaw()).containsExactly("READ 1000+8", "READ 2000+8", "READ 0+16");
    }

    @Test
    void anInsertedRequestThatContinuesAQueuedOneIsAbsorbedAndFreed() {
        MqHarness h = MqHarness.builder().depth(1).fifo(64).build();
        h.submit(h.read(A, 1000, 8));
        h.submit(h.read(A, 0, 8));
        h.queue.unplug(A);
        // B's request at 8 is allocated before the merge could see it (a write after a read does not merge as a bio)
        Bio write = h.write(B, 2000, 8);
        h.submit(write);
        h.submit(h.write(B, 2008, 8));
        h.queue.unplug(B);
        h.runAll();
        assertThat(h.completed).hasSize(4);
        assertThat(h.queue.outstanding()).isZero();
    }

    // ---------------------------------------------------------------- flush machinery

    @Test
    void aPreflushFuaWriteOnACacheWithoutFuaIsFlushWriteFlush() {
        MqHarness h = MqHarness.builder().writeCache(true, false).build();
        Bio bio = h.bio(A, Op.WRITE, RequestFlags.SYNC | RequestFlags.PREFLUSH | RequestFlags.FUA, 0, 8);
        h.submit(bio);
        h.runAll();
        assertThat(h.deviceSaw()).containsExactly("FLUSH 0+0", "WRITE 0+8", "FLUSH 0+0");
        assertThat(h.completed).containsExactly(bio);
        assertThat(h.queue.outstanding()).isZero();
    }

    @Test
    void aNativeFuaDeviceGetsTheFlushThenTheFuaWrite() {
        MqHarness h = MqHarness.builder().writeCache(true, true).fifo(64).build();
        Bio bio = h.bio(A, Op.WRITE, RequestFlags.SYNC | RequestFlags.PREFLUSH | RequestFlags.FUA, 0, 8);
        h.submit(bio);
        h.runAll();
        assertThat(h.deviceSaw()).containsExactly("FLUSH 0+0", "WRITE 0+8");
        assertThat(h.device.submitted().get(1).hasFlag(RequestFlags.FUA)).isTrue();
        // 6.6: the data step goes through the scheduler, at the head
        assertThat(h.scheduler.calls).contains("insert 0+8 head").endsWith("completed 0+8", "finish 0+8");
    }

    @Test
    void waitingPreflushesShareOneDeviceFlush() {
        MqHarness h = MqHarness.builder().writeCache(true, true).serviceTime(rq -> 1_000_000).build();
        h.submit(h.bio(A, Op.FLUSH, RequestFlags.SYNC | RequestFlags.PREFLUSH, 0, 0));
        h.queue.unplug(A);
        h.runUntil(1000);
        // the first flush is running: these two wait on the pending list and go with the next one
        h.submit(h.bio(B, Op.FLUSH, RequestFlags.SYNC | RequestFlags.PREFLUSH, 0, 0));
        h.submit(h.bio(MqHarness.task(102), Op.FLUSH, RequestFlags.SYNC | RequestFlags.PREFLUSH, 0, 0));
        h.runAll();
        assertThat(h.deviceSaw()).containsExactly("FLUSH 0+0", "FLUSH 0+0");
        assertThat(h.completed).hasSize(3);
    }

    @Test
    void withoutAWriteCacheFlushesEndAtOnceAndFuaIsDropped() {
        MqHarness h = MqHarness.builder().build();
        h.submit(h.bio(A, Op.FLUSH, RequestFlags.SYNC | RequestFlags.PREFLUSH, 0, 0));
        assertThat(h.completed).hasSize(1);
        h.submit(h.bio(A, Op.WRITE, RequestFlags.SYNC | RequestFlags.FUA, 0, 8));
        h.runAll();
        assertThat(h.deviceSaw()).containsExactly("WRITE 0+8");
        assertThat(h.device.submitted().get(0).hasFlag(RequestFlags.FUA)).isFalse();
    }

    @Test
    void aFlushTheDeviceRefusedHoldsBackNewCommandsUntilTheDeviceDrains() {
        MqHarness h = MqHarness.builder().writeCache(true, false).refuseFlushWhileBusy()
                .serviceTime(rq -> 1_000_000).build();
        h.submit(h.read(A, 0, 8));
        h.queue.unplug(A);
        h.submit(h.bio(B, Op.FLUSH, RequestFlags.SYNC | RequestFlags.PREFLUSH, 0, 0));
        h.queue.unplug(B);
        h.runUntil(1);
        // the FLUSH waits at the head of hctx->dispatch; a read submitted now must not pass it (SCSI's
        // device_blocked: no budget while commands are outstanding)
        h.submit(h.read(MqHarness.task(102), 5000, 8));
        h.queue.unplug(MqHarness.task(102));
        assertThat(h.deviceSaw()).containsExactly("READ 0+8");
        h.runAll();
        assertThat(h.deviceSaw()).containsExactly("READ 0+8", "FLUSH 0+0", "READ 5000+8");
        assertThat(h.completed).hasSize(3);
    }

    // ---------------------------------------------------------------- queues and requeue

    @Test
    void cpusAreSpreadEvenlyOverTheHardwareQueues() {
        assertThat(MqRequestQueue.mapQueues(4, 2)).containsExactly(0, 0, 1, 1);
        assertThat(MqRequestQueue.mapQueues(4, 3)).containsExactly(0, 0, 1, 2);
        assertThat(MqRequestQueue.mapQueues(4, 4)).containsExactly(0, 1, 2, 3);
        MqHarness h = MqHarness.builder().queues(8, 4).build();
        assertThat(h.queue.hardwareQueueCount()).isEqualTo(4);
        assertThat(h.queue.hardwareQueue(2).softwareQueueCpu(0)).isEqualTo(2);
    }

    @Test
    void aRequeuedRequestIsInsertedAgainAtTheHeadAndTheSchedulerIsTold() {
        MqHarness h = MqHarness.builder().fifo(64).serviceTime(rq -> 1_000_000).build();
        h.submit(h.read(A, 0, 8));
        h.queue.unplug(A);
        org.iosched.api.Request rq = h.device.submitted().get(0);
        h.device.requeue(h.deviceHost, rq);
        h.runAll();
        assertThat(h.scheduler.calls).containsSubsequence("dispatch 0+8", "requeue 0+8", "insert 0+8 head",
                "dispatch 0+8", "completed 0+8", "finish 0+8");
        assertThat(h.events()).containsSubsequence("D 0+8", "R 0+8", "I 0+8", "D 0+8", "C 0+8");
        assertThat(h.completed).hasSize(1);
    }

    // QUEUE_FLAG_SQ_SCHED: from a step on CPU 1, which hardware queues blk_mq_run_hw_queues asks the scheduler from
    private static java.util.List<Integer> askedWhenRunFromCpu1(boolean singleQueue) {
        MqHarness h = MqHarness.builder().fifo(64).queues(2, 2).build();
        org.iosched.simulator.cpu.Cpus cpus = new org.iosched.simulator.cpu.Cpus(h.clock,
                org.iosched.simulator.cpu.CpuTunables.free(2));
        h.queue.setCpus(cpus);
        h.queue.setSingleQueueScheduling(singleQueue);
        h.scheduler.returnNothing = true;
        h.submit(h.read(A, 0, 8));
        h.submit(h.read(A, 1_000, 8));
        h.queue.unplug(A);
        // both wait in the scheduler (the refusal armed a delayed run, 3 ms on)
        h.scheduler.returnNothing = false;
        h.scheduler.askedBy.clear();
        org.iosched.simulator.cpu.CpuAccount account = new org.iosched.simulator.cpu.CpuAccount("t", -1L);
        cpus.begin(1, account, false);
        h.queue.runHwQueues(false);
        cpus.end();
        h.runAll();
        assertThat(h.deviceSaw()).hasSize(2);
        return h.scheduler.askedBy;
    }

    @Test
    void withSqSchedOnlyTheCurrentCpusHardwareQueueAsksTheScheduler() {
        // without the flag every hardware queue with work runs, the first one first
        assertThat(askedWhenRunFromCpu1(false)).startsWith(0);
        // BFQ's flag: the scheduler serves the device as one queue, asked from the current CPU's queue only
        assertThat(askedWhenRunFromCpu1(true)).isNotEmpty().containsOnly(1);
    }
}
