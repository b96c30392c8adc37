package org.iosched.scheduler.kyber;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.testkit.FakeMqSchedulerContext;
import org.junit.jupiter.api.Test;

/** add_latency_sample, flush_latency_buckets and calculate_percentile. */
class LatencyHistogramsTest {
    private static final long T = 2_000_000L;
    private static final int HZ = 250;

    @Test
    void bucketsAreQuartersOfTheTargetClosedAbove() {
        assertThat(LatencyHistograms.bucketOf(0, T)).isZero();
        assertThat(LatencyHistograms.bucketOf(1, T)).isZero();
        assertThat(LatencyHistograms.bucketOf(T / 4, T)).isZero();
        assertThat(LatencyHistograms.bucketOf(T / 4 + 1, T)).isEqualTo(1);
        assertThat(LatencyHistograms.bucketOf(T, T)).as("the target itself is good").isEqualTo(3);
        assertThat(LatencyHistograms.bucketOf(T + 1, T)).isEqualTo(4);
        assertThat(LatencyHistograms.bucketOf(7 * T / 4, T)).isEqualTo(6);
        assertThat(LatencyHistograms.bucketOf(7 * T / 4 + 1, T)).isEqualTo(7);
        assertThat(LatencyHistograms.bucketOf(Long.MAX_VALUE, T)).isEqualTo(7);
        // a target below 4 ns divides by 1
        assertThat(LatencyHistograms.bucketOf(3, 0)).isEqualTo(2);
    }

    @Property
    void aLatencyAtOrBelowTheTargetIsInAGoodBucket(@ForAll @LongRange(min = 4, max = 1_000_000_000_000L) long target,
            @ForAll @LongRange(min = 0, max = 4_000_000_000_000L) long latency) {
        int bucket = LatencyHistograms.bucketOf(latency, target);
        long width = target / 4;
        assertThat(bucket).isBetween(0, 7);
        assertThat(bucket < LatencyHistograms.GOOD_BUCKETS).isEqualTo(latency <= 4 * width);
    }

    @Test
    void completionsCountOnTheCurrentCpuAsTotalAndIoLatency() {
        FakeMqSchedulerContext context = Kybers.context(HZ, 4, 1, 32, 64);
        KyberScheduler kyber = Kybers.on(context);
        Request rq = Kybers.read(context, 0, 0);
        context.advanceTo(1_000_000L);
        rq.markIoStarted(context.now());
        context.advanceTo(2_600_000L);
        context.setCurrentCpu(3);

        kyber.completedRequest(rq, context.now());

        LatencyHistograms h = kyber.histograms();
        // total 2.6 ms against 2 ms: bucket 5; I/O 1.6 ms: bucket 3
        assertThat(h.perCpuBucket(3, KyberScheduler.READ, LatencyHistograms.TOTAL, 5)).isEqualTo(1);
        assertThat(h.perCpuBucket(3, KyberScheduler.READ, LatencyHistograms.IO, 3)).isEqualTo(1);
        assertThat(h.perCpuBucket(0, KyberScheduler.READ, LatencyHistograms.TOTAL, 5)).isZero();
        h.flush();
        assertThat(h.bucket(KyberScheduler.READ, LatencyHistograms.TOTAL, 5)).isEqualTo(1);
        assertThat(h.perCpuBucket(3, KyberScheduler.READ, LatencyHistograms.TOTAL, 5)).isZero();
    }

    @Test
    void otherIsNotMeasuredAndArmsNoTimer() {
        FakeMqSchedulerContext context = Kybers.simple();
        KyberScheduler kyber = Kybers.on(context);
        Request flush = Kybers.request(context, Op.FLUSH, 0, 0, 0, 0);
        flush.markIoStarted(0);

        kyber.completedRequest(flush, 5_000_000L);

        assertThat(kyber.timer().isPending()).isFalse();
    }

    @Test
    void theWriteTargetScalesTheWriteBuckets() {
        FakeMqSchedulerContext context = Kybers.simple();
        KyberScheduler kyber = Kybers.on(context, new KyberTunables(2_000_000L, 4_000_000L));
        Request rq = Kybers.write(context, 0, 0);
        rq.markIoStarted(0);

        kyber.completedRequest(rq, 3_000_000L);

        // 3 ms against 4 ms: bucket 2 (not 5 as against the 10 ms default)
        assertThat(kyber.histograms().perCpuBucket(0, KyberScheduler.WRITE, LatencyHistograms.TOTAL, 2)).isEqualTo(1);
    }

    private static LatencyHistograms with(int domain, int type, int... counts) {
        LatencyHistograms h = new LatencyHistograms(1);
        for (int b = 0; b < counts.length; b++) {
            for (int i = 0; i < counts[b]; i++) {
                h.add(0, domain, type, T, b == 0 ? 1 : (long) b * T / 4 + 1);
            }
        }
        h.flush();
        return h;
    }

    @Test
    void percentileIsTheFirstBucketReachingTheRoundedUpRank() {
        // 500 samples: p90 needs 450; cumulative 400 at bucket 1, 460 at bucket 2
        LatencyHistograms h = with(0, LatencyHistograms.IO, 300, 100, 60, 40);
        assertThat(h.percentile(0, LatencyHistograms.IO, 90, 0, HZ)).isEqualTo(2);
        assertThat(h.bucket(0, LatencyHistograms.IO, 0)).as("the histogram is zeroed").isZero();

        // 501 samples, p99 needs ceil(495.99) = 496: cumulative 495 at bucket 3 -> bucket 4
        LatencyHistograms g = with(0, LatencyHistograms.TOTAL, 495, 0, 0, 0, 6);
        assertThat(g.percentile(0, LatencyHistograms.TOTAL, 99, 0, HZ)).isEqualTo(4);
    }

    @Test
    void fewerThanFiveHundredSamplesWaitForTheWindowsSecond() {
        LatencyHistograms h = with(0, LatencyHistograms.IO, 10, 0, 0, 0, 0, 0, 0, 5);

        assertThat(h.percentile(0, LatencyHistograms.IO, 90, 100, HZ)).isEqualTo(-1);
        assertThat(h.timeout(0)).isEqualTo(100 + HZ);
        assertThat(h.percentile(0, LatencyHistograms.IO, 90, 100 + HZ - 1, HZ)).isEqualTo(-1);
        assertThat(h.percentile(0, LatencyHistograms.IO, 90, 100 + HZ, HZ)).isEqualTo(7);
        assertThat(h.timeout(0)).isZero();
        assertThat(h.lastSamples()).isEqualTo(15);
    }

    @Test
    void theWindowIsSharedByBothTypesSoTheTotalPercentileWaitsAnotherSecond() {
        LatencyHistograms h = new LatencyHistograms(1);
        for (int i = 0; i < 10; i++) {
            h.add(0, 0, LatencyHistograms.IO, T, 1);
            h.add(0, 0, LatencyHistograms.TOTAL, T, 1);
        }
        h.flush();
        assertThat(h.percentile(0, LatencyHistograms.IO, 90, 0, HZ)).isEqualTo(-1);

        assertThat(h.percentile(0, LatencyHistograms.IO, 90, HZ, HZ)).isZero();
        // same timer run: the window was just cleared, so TOTAL opens a new one
        assertThat(h.percentile(0, LatencyHistograms.TOTAL, 99, HZ, HZ)).isEqualTo(-1);
        assertThat(h.timeout(0)).isEqualTo(2L * HZ);
    }

    @Test
    void noSamplesIsMinusOneAndOpensNoWindow() {
        LatencyHistograms h = new LatencyHistograms(2);
        assertThat(h.percentile(1, LatencyHistograms.TOTAL, 99, 10, HZ)).isEqualTo(-1);
        assertThat(h.timeout(1)).isZero();
    }
}
