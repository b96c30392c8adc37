package org.iosched.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.iosched.api.Bio;
import org.iosched.api.HardwareQueue;
import org.iosched.api.IoPrioClass;
import org.iosched.api.IoPriority;
import org.iosched.api.MqScheduler;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.junit.jupiter.api.Test;

/** The blk-mq fake context: tag geometry, queue mapping, and the generic merge helpers of 6.6. */
class FakeMqSchedulerContextTest {
    private final FakeMqSchedulerContext context = FakeMqSchedulerContext.create();
    private final FifoMqScheduler scheduler = new FifoMqScheduler(context);
    private final HardwareQueue hctx = context.hardwareQueue(0);

    FakeMqSchedulerContextTest() {
        context.attach(scheduler);
    }

    private Request insert(Request rq) {
        context.bind(rq, 0);
        rq.setIoPriority(IoPriority.of(rq.task()));
        scheduler.insertRequests(hctx, new ArrayList<>(List.of(rq)), 0);
        return rq;
    }

    private Bio bio(long sector) {
        Bio bio = context.requests().bio(Op.WRITE, 0, sector, Requests.SECTORS);
        bio.setIoPriority(IoPriority.of(bio.task()));
        return bio;
    }

    @Test
    void schedulerTagsAreTwiceTheQueueDepthInWordsOfAQuarter() {
        // SSD queue depth 32: nr_requests 64, sbitmap_calculate_shift(64) = 4 (16-bit words)
        assertThat(context.nrRequests()).isEqualTo(64);
        assertThat(hctx.schedulerTagShift()).isEqualTo(4);
        assertThat(FakeHardwareQueue.sbitmapShift(128)).isEqualTo(5);
        assertThat(FakeHardwareQueue.sbitmapShift(256)).isEqualTo(6);
        assertThat(FakeHardwareQueue.sbitmapShift(2048)).isEqualTo(6);
        assertThat(FakeHardwareQueue.sbitmapShift(16)).isEqualTo(2);
        context.setNrRequests(1);
        assertThat(context.nrRequests()).isEqualTo(FakeMqSchedulerContext.BLKDEV_MIN_RQ);
    }

    @Test
    void cpusSpreadOverHardwareQueues() {
        FakeMqSchedulerContext two = FakeMqSchedulerContext.builder().cpus(4).hardwareQueues(2).build();
        assertThat(two.hardwareQueue(1).softwareQueueCount()).isEqualTo(2);
        assertThat(two.hardwareQueue(1).softwareQueueCpu(1)).isEqualTo(3);
        Request rq = two.bind(two.requests().read(8), 3);
        assertThat(rq.hardwareQueue()).isSameAs(two.hardwareQueue(1));
        assertThat(rq.softwareQueue()).isEqualTo(1);
    }

    @Test
    void aBioBackMergesThroughTheHashAndTheRequestIsRehashed() {
        Request rq = insert(context.requests().write(1000));
        assertThat(context.tryMerge(bio(1008))).isTrue();
        assertThat(rq.endSector()).isEqualTo(1016);
        assertThat(scheduler.hooks).contains("back " + rq.id());
        assertThat(context.lastMerge()).isSameAs(rq);
        context.setLastMerge(null);
        assertThat(context.tryMerge(bio(1016))).as("found again at its new end").isTrue();
    }

    @Test
    void aBioFrontMergesThroughRequestMerge() {
        Request rq = insert(context.requests().write(1000));
        assertThat(context.tryMerge(bio(992))).isTrue();
        assertThat(rq.sector()).isEqualTo(992);
        assertThat(scheduler.hooks).contains("front " + rq.id());
    }

    @Test
    void aBioThatClosesAGapCoalescesTheNeighbourWhichIsFreedAfterTheHook() {
        Request first = insert(context.requests().write(1000));
        Request second = insert(context.requests().write(1016));
        assertThat(context.tryMerge(bio(1008))).isTrue();
        assertThat(scheduler.hooks).contains("merged " + second.id() + " into " + first.id())
                .doesNotContain("back " + first.id());
        assertThat(first.sectors()).isEqualTo(24);
        assertThat(context.freeMergedRequests()).containsExactly(second);
        assertThat(scheduler.hooks).endsWith("finish " + second.id());
        assertThat(context.mergedAway()).containsExactly(second);
    }

    @Test
    void mergesNeedTheSameOpPriorityAndRoomUnderMaxSectors() {
        insert(context.requests().write(1000));
        Bio read = context.requests().bio(Op.READ, 0, 1008, 8);
        assertThat(context.tryMerge(read)).isFalse();
        Bio rt = bio(1008);
        rt.setIoPriority(IoPriority.of(IoPrioClass.RT, 0));
        assertThat(context.tryMerge(rt)).isFalse();
        Bio huge = context.requests().bio(Op.WRITE, 0, 1008, FakeMqSchedulerContext.DEFAULT_MAX_SECTORS);
        huge.setIoPriority(IoPriority.of(huge.task()));
        assertThat(context.tryMerge(huge)).isFalse();
        assertThat(context.tryMerge(bio(1008))).as("req_set_nomerge after the size refusal").isFalse();
    }

    @Test
    void anInsertMergeCascadesThroughTheHash() {
        Request a = insert(context.requests().write(1000));
        Request c = insert(context.requests().write(1016));
        context.setLastMerge(null);
        Request b = context.requests().write(1008);
        context.bind(b, 0);
        b.setIoPriority(a.ioPriority());
        assertThat(context.tryInsertMerge(b)).isTrue();
        assertThat(a.sectors()).isEqualTo(16);
        // c starts where the grown a ends but insert merges only look backwards (a request ending at b's start)
        assertThat(context.freeMergedRequests()).containsExactly(b);
        assertThat(c.sectors()).isEqualTo(8);
        Request d = context.requests().write(1024);
        context.bind(d, 0);
        d.setIoPriority(a.ioPriority());
        assertThat(context.tryInsertMerge(d)).isTrue();
        assertThat(c.endSector()).isEqualTo(1032);
    }

    @Test
    void bioListMergeLooksAtTheLastEightOnly() {
        List<Request> list = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            Request rq = context.bind(context.requests().write(10_000L * i), 0);
            rq.setIoPriority(IoPriority.of(rq.task()));
            list.add(rq);
        }
        assertThat(context.bioListMerge(list, bio(10_008))).as("the second of ten is too old").isFalse();
        assertThat(context.bioListMerge(list, bio(20_008))).isTrue();
        assertThat(list.get(2).sectors()).isEqualTo(16);
    }

    @Test
    void queueRunsAreRecordedAndPassedOn() {
        List<String> seen = new ArrayList<>();
        context.onRun((queue, async) -> seen.add(queue + " " + async));
        context.advanceMillis(3);
        context.runHardwareQueue(hctx, true);
        assertThat(context.runs()).containsExactly(new FakeMqSchedulerContext.QueueRun(3_000_000, 0, true));
        assertThat(seen).containsExactly("hctx0 true");
        assertThat(MqScheduler.INSERT_AT_HEAD).isEqualTo(1);
    }
}
