package org.iosched.scheduler.kyber;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.iosched.api.HardwareQueue;
import org.iosched.api.MqScheduler;
import org.iosched.api.Op;
import org.iosched.api.Request;

/**
 * A small blk-mq block layer and SSD for running Kyber end to end in tests (test scope; the testkit's blk-mq fixtures
 * are written elsewhere). One hardware queue; per request: scheduler tag (with {@code limit_depth}'s shallow depth
 * as {@code words * min(shallow, word)} tags, a simplification of per-word allocation), {@code prepare_request},
 * {@code insert_requests}, a synchronous queue run; runs pull from the scheduler while the driver has tags, and
 * re-run 3 ms later ({@code BLK_MQ_BUDGET_DELAY}) when the scheduler returned nothing while it has work; an
 * asynchronous run is one pending kblockd work at most. The device has {@code channels} parallel units serving
 * requests in arrival order (reads {@code readNanos}, writes {@code writeNanos}); at completion
 * {@code completed_request}, {@code finish_request} on the submitting CPU, the tags go back and the queue is run
 * asynchronously (restart).
 *
 * <p>Workload: {@code readers} tasks on CPU 0 each with one random 4 KiB read in flight (sync, QD1 each), and one
 * writer on CPU 1 that keeps submitting random async 4 KiB writes as long as it gets a scheduler tag.
 */
final class MqDeviceLoop {
    private static final long BUDGET_DELAY = 3_000_000L;

    private final FakeMqContext context;
    private final MqScheduler scheduler;
    private final HardwareQueue hctx;
    private final long readNanos;
    private final long writeNanos;
    private final long[] channelFree;
    private final Random random = new Random(7);
    private final int wordBits;
    private final int words;
    private final List<Request> insert = new ArrayList<>(1);
    private final ArrayDeque<Runnable> tagWaiters = new ArrayDeque<>();
    private int schedulerTagsUsed;
    private int driverTagsUsed;
    private boolean runPending;
    private boolean delayedRunPending;
    private long stopAt;
    private long measureFrom;

    private long readsDone;
    private long writesDone;
    private final long[] readLatencies = new long[1 << 20];
    private int readLatencyCount;

    MqDeviceLoop(FakeMqContext context, MqScheduler scheduler, int channels, long readNanos, long writeNanos) {
        this.context = context;
        this.scheduler = scheduler;
        this.hctx = context.hctx(0);
        this.readNanos = readNanos;
        this.writeNanos = writeNanos;
        this.channelFree = new long[channels];
        this.wordBits = 1 << hctx.schedulerTagShift();
        this.words = (hctx.schedulerTagDepth() + wordBits - 1) / wordBits;
        for (int i = 0; i < context.hardwareQueueCount(); i++) {
            scheduler.initHardwareQueue(context.hardwareQueue(i));
        }
        context.onRun((queue, async) -> {
            if (async) {
                if (!runPending) {
                    runPending = true;
                    context.schedule(context.now(), () -> {
                        runPending = false;
                        dispatch();
                    });
                }
            } else {
                dispatch();
            }
        });
    }

    /** Runs the workload for {@code nanos} of simulated time; read latencies count from {@code warmUp} on. */
    void run(int readers, long warmUp, long nanos) {
        measureFrom = context.now() + warmUp;
        stopAt = context.now() + nanos;
        for (int i = 0; i < readers; i++) {
            submit(Op.READ, 0);
        }
        submitWrites();
        context.runUntilIdle(stopAt);
    }

    long readsDone() {
        return readsDone;
    }

    long writesDone() {
        return writesDone;
    }

    /** The {@code pct} percentile of the reads' latency (allocation to completion) after the warm-up, in ns. */
    long readPercentile(double pct) {
        long[] sorted = Arrays.copyOf(readLatencies, readLatencyCount);
        Arrays.sort(sorted);
        int index = (int) Math.ceil(pct / 100 * sorted.length) - 1;
        return sorted[Math.max(index, 0)];
    }

    private void submitWrites() {
        while (context.now() < stopAt && submit(Op.WRITE, 1)) {
            // the writer floods until it runs out of scheduler tags
        }
    }

    /** Allocates and inserts one request of {@code op} from {@code cpu}; false when no scheduler tag was free. */
    private boolean submit(Op op, int cpu) {
        context.setCurrentCpu(cpu);
        int shallow = scheduler.limitDepth(op, 0, context.task(), hctx);
        int limit = shallow == 0 ? hctx.schedulerTagDepth() : words * Math.min(shallow, wordBits);
        if (schedulerTagsUsed >= limit) {
            tagWaiters.add(op == Op.READ ? () -> submit(Op.READ, 0) : this::submitWrites);
            return false;
        }
        schedulerTagsUsed++;
        Request rq = context.request(op, 0, random.nextInt(1 << 20) * 8L, 8, cpu);
        scheduler.prepareRequest(rq);
        insert.clear();
        insert.add(rq);
        scheduler.insertRequests(hctx, insert, 0);
        context.runHardwareQueue(hctx, false);
        return true;
    }

    private void dispatch() {
        int pulled = 0;
        while (scheduler.hasWork(hctx) && driverTagsUsed < hctx.driverTagDepth()) {
            Request rq = scheduler.dispatchRequest(hctx);
            if (rq == null) {
                if (pulled == 0 && !delayedRunPending) {
                    delayedRunPending = true;
                    context.schedule(context.now() + BUDGET_DELAY, () -> {
                        delayedRunPending = false;
                        dispatch();
                    });
                }
                return;
            }
            pulled++;
            issue(rq);
        }
    }

    private void issue(Request rq) {
        driverTagsUsed++;
        long now = context.now();
        rq.markIoStarted(now);
        int channel = 0;
        for (int c = 1; c < channelFree.length; c++) {
            if (channelFree[c] < channelFree[channel]) {
                channel = c;
            }
        }
        long done = Math.max(now, channelFree[channel]) + (rq.op() == Op.READ ? readNanos : writeNanos);
        channelFree[channel] = done;
        context.schedule(done, () -> complete(rq));
    }

    private void complete(Request rq) {
        long now = context.now();
        context.setCurrentCpu(rq.cpu());
        scheduler.completedRequest(rq, now);
        scheduler.finishRequest(rq);
        driverTagsUsed--;
        schedulerTagsUsed--;
        if (rq.op() == Op.READ) {
            readsDone++;
            if (now >= measureFrom && readLatencyCount < readLatencies.length) {
                readLatencies[readLatencyCount++] = now - rq.startTime();
            }
        } else {
            writesDone++;
        }
        if (now < stopAt) {
            if (rq.op() == Op.READ) {
                submit(Op.READ, 0);
            }
            int waiting = tagWaiters.size();
            for (int i = 0; i < waiting && !tagWaiters.isEmpty(); i++) {
                tagWaiters.poll().run();
            }
        }
        context.runHardwareQueue(hctx, true);
    }
}
