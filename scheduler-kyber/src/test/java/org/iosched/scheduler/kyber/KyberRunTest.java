package org.iosched.scheduler.kyber;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.testkit.FakeMqSchedulerContext;
import org.iosched.testkit.MqDeviceLoop;
import org.junit.jupiter.api.Test;

/**
 * Kyber end to end on the testkit's blk-mq loop and an SSD of 8 parallel units (reads 100 µs, writes 200 µs): eight QD1
 * readers against a flood of async writes. Kyber's timer sees the reads' I/O latency above 2 ms (they queue behind
 * the writes inside the device), throttles the WRITE domain, whose own latency meets its 10 ms target, and the reads'
 * tail latency falls (measured after the first half second). The same scheduler with targets no latency reaches
 * never throttles: the comparison.
 */
class KyberRunTest {
    private static final long SECOND = 1_000_000_000L;

    private record Run(FakeMqSchedulerContext context, KyberScheduler kyber, Workload loop) {
        int writeDepth() {
            return kyber.tokens(KyberScheduler.WRITE).depth();
        }
    }

    private static Run run(KyberTunables tunables) {
        FakeMqSchedulerContext context = Kybers.context(250, 2, 1, 1023, 256);
        KyberScheduler[] kyber = new KyberScheduler[1];
        MqDeviceLoop loop = MqDeviceLoop.on(context).units(8)
                .serviceTime(rq -> rq.op() == Op.READ ? 100_000L : 200_000L)
                .build(ctx -> kyber[0] = new KyberScheduler(ctx, tunables));
        Workload workload = new Workload(loop, SECOND / 2, 2 * SECOND);
        workload.run(8);
        return new Run(context, kyber[0], workload);
    }

    /**
     * The run's load on the testkit's loop: {@code readers} tasks on CPU 0 each with one random 4 KiB read in flight
     * (sync, QD1 each), and a writer on CPU 1 that keeps submitting random async 4 KiB writes as long as it gets a
     * scheduler tag, and again at every completion once its last write got one. Read latencies (allocation to
     * completion) count from the end of the warm-up.
     */
    private static final class Workload {
        private final MqDeviceLoop loop;
        private final FakeMqSchedulerContext context;
        private final Random random = new Random(7);
        private final long measureFrom;
        private final long stopAt;
        private final long[] readLatencies = new long[1 << 20];
        private int readLatencyCount;
        private long readsDone;
        private long writesDone;

        Workload(MqDeviceLoop loop, long warmUp, long nanos) {
            this.loop = loop;
            this.context = loop.context();
            this.measureFrom = context.now() + warmUp;
            this.stopAt = context.now() + nanos;
        }

        void run(int readers) {
            for (int i = 0; i < readers; i++) {
                read();
            }
            write();
            loop.runUntilIdle(stopAt);
        }

        long readsDone() {
            return readsDone;
        }

        long writesDone() {
            return writesDone;
        }

        /** The {@code pct} percentile of the reads' latency after the warm-up, in ns. */
        long readPercentile(double pct) {
            long[] sorted = Arrays.copyOf(readLatencies, readLatencyCount);
            Arrays.sort(sorted);
            int index = (int) Math.ceil(pct / 100 * sorted.length) - 1;
            return sorted[Math.max(index, 0)];
        }

        private Request request(Op op) {
            return context.requests().request(op, 0, random.nextInt(1 << 20) * 8L, 8);
        }

        private void read() {
            Request rq = request(Op.READ);
            loop.submit(rq, 0, 0, () -> readDone(rq));
        }

        private void readDone(Request rq) {
            long now = context.now();
            readsDone++;
            if (now >= measureFrom && readLatencyCount < readLatencies.length) {
                readLatencies[readLatencyCount++] = now - rq.startTime();
            }
            if (now < stopAt) {
                read();
                write();
            }
        }

        /** The writer floods until one of its writes waits for a scheduler tag (the readers never wait for one). */
        private void write() {
            while (context.now() < stopAt && loop.waitingForTag() == 0) {
                loop.submit(request(Op.WRITE), 0, 1, this::writeDone);
            }
        }

        private void writeDone() {
            writesDone++;
            if (context.now() < stopAt) {
                write();
            }
        }
    }

    @Test
    void throttlingTheWriteDomainLowersTheReadersTailLatency() {
        Run throttled = run(KyberTunables.defaults());
        Run unthrottled = run(new KyberTunables(100 * SECOND, 100 * SECOND));

        System.out.printf("kyber: write depth %d, read p99 %d us, reads %d, writes %d;"
                        + " never throttled: write depth %d, read p99 %d us, reads %d, writes %d%n",
                throttled.writeDepth(), throttled.loop().readPercentile(99) / 1000, throttled.loop().readsDone(),
                throttled.loop().writesDone(), unthrottled.writeDepth(), unthrottled.loop().readPercentile(99) / 1000,
                unthrottled.loop().readsDone(), unthrottled.loop().writesDone());
        assertThat(throttled.writeDepth()).isLessThan(128);
        assertThat(unthrottled.writeDepth()).isEqualTo(128);
        assertThat(throttled.loop().readPercentile(99)).isLessThan(unthrottled.loop().readPercentile(99) * 3 / 4);
        assertThat(throttled.loop().readsDone()).isGreaterThan(unthrottled.loop().readsDone());
        assertThat(throttled.loop().writesDone()).isLessThanOrEqualTo(unthrottled.loop().writesDone());
        assertThat(throttled.context().messages())
                .contains("kyber_adjust: WRITE " + throttled.writeDepth(), "kyber_throttled: WRITE")
                .anyMatch(m -> m.matches("kyber_latency: READ I/O p90 [5-8]/4 samples=\\d+"))
                .noneMatch(m -> m.startsWith("kyber_adjust: READ"));
        assertThat(unthrottled.context().messages()).noneMatch(m -> m.startsWith("kyber_adjust"));
    }

    @Test
    void aRunIsDeterministic() {
        Run first = run(KyberTunables.defaults());
        Run second = run(KyberTunables.defaults());

        assertThat(second.loop().readsDone()).isEqualTo(first.loop().readsDone());
        assertThat(second.loop().writesDone()).isEqualTo(first.loop().writesDone());
        assertThat(second.loop().readPercentile(99)).isEqualTo(first.loop().readPercentile(99));
        assertThat(second.context().messages()).isEqualTo(first.context().messages());
    }
}
