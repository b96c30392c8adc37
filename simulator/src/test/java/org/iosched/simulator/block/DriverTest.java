package org.iosched.simulator.block;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.iosched.api.BlockDevice;
import org.iosched.api.DeviceInfo;
import org.iosched.api.IoScheduler;
import org.iosched.api.Request;
import org.iosched.api.SchedulerContext;
import org.iosched.api.Task;
import org.iosched.simulator.engine.InvariantViolationException;
import org.iosched.simulator.engine.PluginFailureException;
import org.junit.jupiter.api.Test;

class DriverTest {
    private final Task task = QueueHarness.task(1000);

    @Test
    void hooksRunInTheKernelsOrderOverARequestsLife() {
        QueueHarness h = QueueHarness.builder().disk(1).build();
        h.submit(h.read(task, 0, 8));
        h.queue.unplug(task);
        h.runAll();

        assertThat(h.recording().log).containsExactly("setRequest rq0", "add rq0", "activate rq0", "completed rq0",
                "putRequest rq0");
    }

    @Test
    void theDeviceNeverHoldsMoreThanItsQueueDepth() {
        QueueHarness h = QueueHarness.builder().disk(4).serviceTime(rq -> 1_000_000 + rq.sector()).build();
        for (int i = 0; i < 20; i++) {
            h.submit(h.read(task, i * 100L, 8));
        }
        h.queue.unplug(task);
        h.runAll();

        assertThat(h.device.maxInFlight()).isEqualTo(4);
        assertThat(h.completed).hasSize(20);
    }

    @Test
    void aStartedRequestWaitsAtTheHeadUntilTheDeviceHasRoom() {
        QueueHarness h = QueueHarness.builder().disk(1).build();
        h.submit(h.read(task, 0, 8));
        h.queue.unplug(task);
        h.submit(h.read(task, 900, 8));
        h.queue.unplug(task);

        // peeked (activated, traced D) but not taken: the device is busy, as scsi_request_fn does
        assertThat(h.recording().hooks("activate")).containsExactly("activate rq0", "activate rq1");
        assertThat(h.queue.dispatchQueueLength()).isEqualTo(1);
        assertThat(h.queue.inDriver()).isEqualTo(1);
        h.runAll();
        assertThat(h.device.submitted().get(1).dispatchTime()).isEqualTo(1_000_000);
    }

    @Test
    void inDriverCountsSyncAndAsyncSeparately() {
        QueueHarness h = QueueHarness.builder().disk(4).build();
        h.submit(h.read(task, 0, 8));
        h.submit(h.write(task, 500, 8));
        h.queue.unplug(task);

        assertThat(h.queue.inDriver(true)).isEqualTo(1);
        assertThat(h.queue.inDriver(false)).isEqualTo(1);
        assertThat(h.queue.inDriver()).isEqualTo(2);
    }

    @Test
    void aKickRunsTheQueueInAnEventAtTheCurrentTime() {
        QueueHarness h = QueueHarness.builder().disk(1).build();
        h.recording().hold = true;
        h.submit(h.read(task, 0, 8));
        h.queue.unplug(task);
        assertThat(h.device.submitted()).isEmpty();

        h.recording().release();
        assertThat(h.device.submitted()).isEmpty();
        h.runUntil(0);

        assertThat(h.device.submitted()).hasSize(1);
    }

    @Test
    void aRequeuedRequestGoesBackToTheHeadDeactivatedAndWaitsForReady() {
        QueueHarness h = QueueHarness.builder().disk(2).build();
        h.submit(h.read(task, 0, 8));
        h.submit(h.read(task, 500, 8));
        h.queue.unplug(task);
        Request first = h.device.submitted().get(0);

        h.device.requeue(h.deviceHost, first);

        assertThat(h.queue.inDriver()).isEqualTo(1);
        assertThat(h.queue.dispatchQueueLength()).isEqualTo(1);
        assertThat(h.recording().hooks("deactivate")).containsExactly("deactivate rq0");
        assertThat(h.actions()).endsWith("R", "I");
        h.deviceHost.ready();
        h.runAll();
        assertThat(h.completed).hasSize(2);
        assertThat(h.recording().hooks("activate")).containsExactly("activate rq0", "activate rq1", "activate rq0");
    }

    @Test
    void aSchedulerDispatchingARequestTwiceIsNamed() {
        QueueHarness h = QueueHarness.builder().disk(1).scheduler(TwiceDispatcher::new).build();
        h.submit(h.read(task, 0, 8));

        assertThatThrownBy(() -> h.queue.unplug(task))
                .isInstanceOf(InvariantViolationException.class)
                .hasMessageContaining("scheduler test passed rq0")
                .hasMessageContaining("dispatched twice");
    }

    @Test
    void aDeviceCompletingARequestTwiceIsNamed() {
        QueueHarness h = QueueHarness.builder().disk(1).serviceTime(rq -> 0).build();
        h.submit(h.read(task, 0, 8));
        h.queue.unplug(task);
        h.runAll();
        Request done = h.device.submitted().get(0);

        assertThatThrownBy(() -> h.deviceHost.complete(done))
                .isInstanceOf(InvariantViolationException.class)
                .hasMessageContaining("device fake completed rq0");
    }

    @Test
    void aDeviceAcceptingMoreThanItsDepthIsNamed() {
        QueueHarness h = QueueHarness.builder().disk(1).build();
        h.queue.attach(h.scheduler, "scheduler test", new Greedy(h.info), "device greedy");
        h.submit(h.read(task, 0, 8));
        h.submit(h.read(task, 100, 8));

        assertThatThrownBy(() -> h.queue.unplug(task))
                .isInstanceOf(InvariantViolationException.class)
                .hasMessageContaining("device greedy accepted")
                .hasMessageContaining("above its queue depth 1");
    }

    @Test
    void anExceptionInASchedulerHookNamesTheScheduler() {
        QueueHarness h = QueueHarness.builder().disk(1).scheduler(ctx -> new RecordingScheduler(ctx) {
            @Override
            public void add(Request rq) {
                throw new IllegalArgumentException("no room");
            }
        }).build();

        assertThatThrownBy(() -> h.submit(h.read(task, 0, 8)))
                .isInstanceOf(PluginFailureException.class)
                .hasMessage("scheduler test threw IllegalArgumentException: no room");
    }

    @Test
    void taskExitReachesTheScheduler() {
        QueueHarness h = QueueHarness.builder().disk(1).build();
        h.queue.taskExit(task);

        assertThat(h.recording().log).containsExactly("taskExit 1000");
    }

    @Test
    void biosBeyondTheDeviceOrLargerThanMaxHwSectorsAreRejected() {
        QueueHarness h = QueueHarness.builder().disk(1).build();

        assertThatThrownBy(() -> h.submit(h.read(task, h.info.capacitySectors() - 4, 8)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("beyond the end");
        assertThatThrownBy(() -> h.submit(h.read(task, 0, 4096)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("max_hw_sectors");
    }

    @Test
    void diskStatisticsCountFromInsertionToCompletion() {
        QueueHarness h = QueueHarness.builder().disk(1).serviceTime(rq -> 2_000_000).build();
        h.submit(h.read(task, 0, 8));
        h.submit(h.read(task, 900, 8));
        h.queue.unplug(task);
        h.runAll();

        var disk = h.queue.disk().snapshot("fake", h.clock.now(), 8_000_000);
        assertThat(disk.readIos()).isEqualTo(2);
        // the first read took 2 ms, the second waited 2 ms and took 2 ms
        assertThat(disk.readTicksMillis()).isEqualTo(6);
        assertThat(disk.inQueueMillis()).isEqualTo(6);
        assertThat(disk.utilPercent()).isEqualTo(50.0);
    }

    /** Dispatches its request twice. */
    private static final class TwiceDispatcher extends RecordingScheduler {
        TwiceDispatcher(SchedulerContext context) {
            super(context);
        }

        @Override
        public int dispatch(boolean force) {
            if (fifo.isEmpty()) {
                return 0;
            }
            Request rq = fifo.get(0);
            context.dispatchSort(rq);
            context.dispatchSort(rq);
            return 2;
        }
    }

    /** Accepts everything, ignoring its queue depth of 1. */
    private static final class Greedy implements BlockDevice {
        private final DeviceInfo info;

        Greedy(DeviceInfo info) {
            this.info = info;
        }

        @Override
        public DeviceInfo info() {
            return info;
        }

        @Override
        public boolean canAccept(Request rq, int inFlight) {
            return true;
        }

        @Override
        public void submit(Request rq) {
        }
    }

    @Test
    void aSchedulerWithOnlyTheRequiredHooksWorksThroughTheDefaults() {
        QueueHarness h = QueueHarness.builder().disk(1).scheduler(MinimalScheduler::new).build();
        h.submit(h.write(task, 0, 8));
        h.submit(h.write(task, 8, 8));
        h.queue.unplug(task);
        h.runAll();

        assertThat(h.deviceSaw()).containsExactly("WRITE 0+16");
        assertThat(h.completed).hasSize(2);
    }

    /** Implements only add, dispatch and hasQueued. */
    private static final class MinimalScheduler implements IoScheduler {
        private final List<Request> held = new ArrayList<>();
        private final SchedulerContext context;

        MinimalScheduler(SchedulerContext context) {
            this.context = context;
        }

        @Override
        public void add(Request rq) {
            held.add(rq);
        }

        @Override
        public int dispatch(boolean force) {
            if (held.isEmpty()) {
                return 0;
            }
            context.dispatchAddTail(held.remove(0));
            return 1;
        }

        @Override
        public boolean hasQueued() {
            return !held.isEmpty();
        }
    }
}
