package org.iosched.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.iosched.api.HardwareQueue;
import org.iosched.api.MqSchedulerProvider;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.Task;
import org.junit.jupiter.api.Test;

/** The blk-mq contract passes a correct scheduler and catches each deliberately broken one with a clear message. */
class MqSchedulerContractTest {
    private static void assertFails(MqSchedulerProvider provider, String check, String detail) {
        assertThatThrownBy(() -> MqSchedulerContract.verify(provider))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("scheduler '" + provider.name() + "' fails")
                .hasMessageContaining("\n - check '" + check + "': ")
                .hasMessageContaining(detail);
    }

    @Test
    void aFifoSchedulerPassesEveryCheck() {
        assertThatCode(() -> MqSchedulerContract.verify(FifoMqScheduler.provider("fifo", FifoMqScheduler::new)))
                .doesNotThrowAnyException();
    }

    @Test
    void theChecksAreNamed() {
        assertThat(MqSchedulerContract.checks(FifoMqScheduler.provider("fifo", FifoMqScheduler::new)))
                .extracting(SchedulerContract.Check::name)
                .contains("every inserted request is dispatched once or merged away", "has_work agrees with dispatch",
                        "finish_request once per request");
    }

    @Test
    void aSchedulerThatDispatchesARequestTwiceFails() {
        MqSchedulerProvider twice = FifoMqScheduler.provider("twice", ctx -> new FifoMqScheduler(ctx) {
            private Request last;

            @Override
            public Request dispatchRequest(HardwareQueue hctx) {
                if (last != null && fifo.size() == 1) {
                    Request again = last;
                    last = null;
                    return again;
                }
                last = super.dispatchRequest(hctx);
                return last;
            }
        });
        assertFails(twice, "every inserted request is dispatched once or merged away", "dispatched twice");
    }

    @Test
    void aSchedulerWhoseHasWorkIgnoresAtHeadRequestsFails() {
        MqSchedulerProvider lying = FifoMqScheduler.provider("lying", ctx -> new FifoMqScheduler(ctx) {
            @Override
            public boolean hasWork(HardwareQueue hctx) {
                return fifo.size() > 1;
            }
        });
        assertFails(lying, "has_work agrees with dispatch", "no hardware queue has work");
    }

    @Test
    void aSchedulerThatLosesRequestsStalls() {
        MqSchedulerProvider losing = FifoMqScheduler.provider("losing", ctx -> new FifoMqScheduler(ctx) {
            @Override
            public void insertRequests(HardwareQueue hctx, List<Request> requests, int flags) {
                for (Request rq : requests) {
                    if (rq.op() != Op.WRITE || rq.id() % 5 != 0) {
                        super.insertRequests(hctx, List.of(rq), flags);
                    }
                }
            }
        });
        assertFails(losing, "every inserted request is dispatched once or merged away", "a stall");
    }

    @Test
    void aSchedulerThatLeavesAStaleLastMergeFails() {
        MqSchedulerProvider stale = FifoMqScheduler.provider("stale", ctx -> new FifoMqScheduler(ctx) {
            @Override
            public Request dispatchRequest(HardwareQueue hctx) {
                if (fifo.isEmpty()) {
                    return null;
                }
                Request rq = fifo.remove(0);
                context.hashRemove(rq);
                return rq; // keeps q->last_merge pointing at a dispatched request
            }
        });
        assertFails(stale, "merges keep every bio and sector accounted for", "no longer holds (done)");
    }

    @Test
    void aShallowDepthBeyondAWordFails() {
        MqSchedulerProvider deep = FifoMqScheduler.provider("deep", ctx -> new FifoMqScheduler(ctx) {
            @Override
            public int limitDepth(Op op, int flags, Task task, HardwareQueue hctx) {
                return hctx.schedulerTagDepth();
            }
        });
        assertFails(deep, "limit_depth stays within a word of the tags", "accepted 0 (no limit) or 1..");
    }
}
