package org.iosched.scheduler.mqdeadline;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.iosched.api.Op;
import org.iosched.api.RequestFlags;
import org.iosched.testkit.FakeMqSchedulerContext;
import org.iosched.testkit.FakeSchedulerContext;
import org.iosched.testkit.MqDeviceLoop;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** async_depth: dd_depth_updated's 3/4 of a scheduler tag word, dd_limit_depth's shallow depth for writes. */
class MqDeadlineDepthTest {
    @ParameterizedTest(name = "nr_requests {0}: words of {1} bits, async_depth {2}")
    @CsvSource({"4, 1, 1", "16, 4, 3", "64, 16, 12", "128, 32, 24", "256, 64, 48", "2048, 64, 48"})
    void asyncDepthIsThreeQuartersOfAWord(int nrRequests, int word, int asyncDepth) {
        Harness h = new Harness();
        h.context.setNrRequests(nrRequests);
        assertThat(1 << h.hctx.schedulerTagShift()).isEqualTo(word);
        assertThat(h.scheduler.asyncDepth()).isEqualTo(asyncDepth);
        assertThat(h.context.minShallowDepth(0)).as("sbitmap_queue_min_shallow_depth").isEqualTo(asyncDepth);
    }

    @Test
    void readsAreNotLimitedWritesAndAsyncRequestsAre() {
        Harness h = new Harness();   // SSD: queue depth 32, nr_requests 64, words of 16
        var task = h.requests.defaultTask();
        assertThat(h.scheduler.limitDepth(Op.READ, 0, task, h.hctx)).isZero();
        assertThat(h.scheduler.limitDepth(Op.READ, RequestFlags.SYNC, task, h.hctx)).isZero();
        assertThat(h.scheduler.limitDepth(Op.WRITE, RequestFlags.SYNC, task, h.hctx)).isEqualTo(12);
        assertThat(h.scheduler.limitDepth(Op.WRITE, 0, task, h.hctx)).isEqualTo(12);
        assertThat(h.scheduler.limitDepth(Op.DISCARD, 0, task, h.hctx)).isEqualTo(12);
    }

    @Test
    void aWrittenAsyncDepthStandsUntilNrRequestsChanges() {
        Harness h = new Harness(Map.of("async_depth", "5"));
        assertThat(h.scheduler.asyncDepth()).isEqualTo(5);
        h.context.setNrRequests(128);
        assertThat(h.scheduler.asyncDepth()).isEqualTo(24);
    }

    @Test
    void writesLeaveAQuarterOfTheSchedulerTagsToReads() {
        // nr_requests 64 in four words of 16: writes may take 12 bits of each word, 48 in all
        FakeMqSchedulerContext context = FakeMqSchedulerContext.builder().device(FakeSchedulerContext.SSD).build();
        MqDeviceLoop loop = MqDeviceLoop.on(context).slots(1).build(new MqDeadlineSchedulerProvider());
        for (int i = 0; i < 80; i++) {
            loop.submit(context.requests().syncWrite(100L * i));
        }
        assertThat(loop.schedulerTagsInUse(0)).isEqualTo(48);
        assertThat(loop.waitingForTag()).isEqualTo(32);
        for (int i = 0; i < 20; i++) {
            loop.submit(context.requests().read(1_000_000L + 100L * i));
        }
        assertThat(loop.schedulerTagsInUse(0)).isEqualTo(64);
        assertThat(loop.waitingForTag()).isEqualTo(36);
        loop.runToCompletion(Long.MAX_VALUE);
        assertThat(loop.completed()).hasSize(100);
    }
}
