package org.iosched.scheduler.kyber;

import static org.assertj.core.api.Assertions.assertThat;

import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.testkit.FakeMqSchedulerContext;
import org.junit.jupiter.api.Test;

/** kyber_completed_request's timer_reduce and kyber_timer_fn's decisions from given histograms. */
class KyberTimerTest {
    private static final int HZ = 250;
    private static final long JIFFY = 4_000_000L;
    private static final long MS = 1_000_000L;

    private final FakeMqSchedulerContext context = Kybers.context(HZ, 2, 1, 32, 64);
    private final KyberScheduler kyber = Kybers.on(context);
    private long nextId = 1_000;

    /** {@code count} completions of {@code op} now, with the given total and I/O latencies. */
    private void complete(Op op, int count, long totalLatency, long ioLatency) {
        long now = context.now();
        for (int i = 0; i < count; i++) {
            Request rq = new Request(nextId++, context.requests().bio(op, 0, 0, 8), now - totalLatency);
            rq.markIoStarted(now - ioLatency);
            kyber.completedRequest(rq, now);
        }
    }

    private void fireTimer() {
        context.advanceTo(kyber.timer().expiresAt());
    }

    @Test
    void theFirstCompletionArmsTheTimerTwentyFiveJiffiesOnAndLaterOnesDoNotPushIt() {
        context.advanceTo(10 * JIFFY + 123);
        complete(Op.READ, 1, MS, MS);
        assertThat(kyber.timer().expiresAt()).isEqualTo((10 + HZ / 10) * JIFFY);

        context.advanceTo(30 * JIFFY);
        complete(Op.READ, 1, MS, MS);
        assertThat(kyber.timer().expiresAt()).isEqualTo(35 * JIFFY);

        fireTimer();
        assertThat(kyber.timer().isPending()).as("the timer does not re-arm itself").isFalse();
        context.advanceTo(40 * JIFFY);
        complete(Op.WRITE, 1, MS, MS);
        assertThat(kyber.timer().expiresAt()).isEqualTo(65 * JIFFY);
    }

    @Test
    void badReadLatencyThrottlesTheWriteDomainThatMeetsItsTarget() {
        // reads: I/O p90 at 2.4 ms (bucket 4 of 2 ms) -> congestion; writes: p99 1 ms of 10 ms -> bucket 0
        complete(Op.READ, 500, 2_400_000L, 2_400_000L);
        complete(Op.WRITE, 500, MS, MS);
        fireTimer();

        assertThat(kyber.tokens(KyberScheduler.WRITE).depth()).isEqualTo(128 / 4);
        // the reads' own p99 (bucket 4) asks for more, but READ is at its maximum already
        assertThat(kyber.tokens(KyberScheduler.READ).depth()).isEqualTo(256);
        assertThat(context.messages()).contains(
                "kyber_latency: READ I/O p90 5/4 samples=500",
                "kyber_latency: WRITE I/O p90 1/4 samples=500",
                "kyber_latency: WRITE total p99 1/4 samples=500",
                "kyber_adjust: WRITE 32");
    }

    @Test
    void withoutCongestionADomainMeetingItsTargetKeepsItsDepth() {
        complete(Op.READ, 500, MS, MS);
        complete(Op.WRITE, 500, MS, MS);
        fireTimer();

        assertThat(kyber.tokens(KyberScheduler.WRITE).depth()).isEqualTo(128);
        assertThat(kyber.rememberedP99(KyberScheduler.WRITE)).isZero();
        assertThat(context.messages()).noneMatch(m -> m.startsWith("kyber_adjust"));
    }

    @Test
    void aThrottledDomainAboveItsTargetRecoversByItsP99() {
        complete(Op.READ, 500, 3 * MS, 3 * MS);
        complete(Op.WRITE, 500, MS, MS);
        fireTimer();
        assertThat(kyber.tokens(KyberScheduler.WRITE).depth()).isEqualTo(32);

        // next window: reads fine, writes' total latency 14 ms of 10 ms (bucket 5) -> 32 * 6 / 4
        context.advanceTo(context.now() + JIFFY);
        complete(Op.READ, 500, MS, MS);
        complete(Op.WRITE, 500, 14 * MS, 2 * MS);
        fireTimer();
        assertThat(kyber.tokens(KyberScheduler.WRITE).depth()).isEqualTo(48);

        // and doubles at most per window (bucket 7), never above 128
        for (int i = 0; i < 3; i++) {
            context.advanceTo(context.now() + JIFFY);
            complete(Op.WRITE, 500, 50 * MS, 2 * MS);
            fireTimer();
        }
        assertThat(kyber.tokens(KyberScheduler.WRITE).depth()).isEqualTo(128);
        assertThat(context.messages()).contains("kyber_adjust: WRITE 48", "kyber_adjust: WRITE 96",
                "kyber_adjust: WRITE 128");
    }

    @Test
    void congestionUsesAndForgetsTheRememberedP99OfADomainWithoutFreshSamples() {
        complete(Op.WRITE, 500, 3 * MS, MS); // p99 bucket 1 of 10 ms, remembered
        fireTimer();
        assertThat(kyber.rememberedP99(KyberScheduler.WRITE)).isEqualTo(1);

        context.advanceTo(context.now() + JIFFY);
        complete(Op.READ, 500, 5 * MS, 5 * MS); // congestion, no write samples
        fireTimer();
        assertThat(kyber.tokens(KyberScheduler.WRITE).depth()).isEqualTo(128 * 2 / 4);
        assertThat(kyber.rememberedP99(KyberScheduler.WRITE)).isEqualTo(-1);

        context.advanceTo(context.now() + JIFFY);
        complete(Op.READ, 500, 5 * MS, 5 * MS); // still congested, nothing remembered: no further throttling
        fireTimer();
        assertThat(kyber.tokens(KyberScheduler.WRITE).depth()).isEqualTo(64);
    }

    @Test
    void depthNeverFallsBelowOne() {
        for (int i = 0; i < 6; i++) {
            complete(Op.READ, 500, 5 * MS, 5 * MS);
            complete(Op.WRITE, 500, 1, 1);
            fireTimer();
            context.advanceTo(context.now() + JIFFY);
        }
        // 128 -> 32 -> 8 -> 2 -> 0 clamped to 1
        assertThat(kyber.tokens(KyberScheduler.WRITE).depth()).isEqualTo(1);
        assertThat(kyber.tokens(KyberScheduler.WRITE).wakeBatch()).isEqualTo(1);
    }

    @Test
    void aSmallWindowDecidesOnlyAfterASecond() {
        complete(Op.READ, 20, 5 * MS, 5 * MS);
        complete(Op.WRITE, 20, MS, MS);
        fireTimer();
        assertThat(kyber.tokens(KyberScheduler.WRITE).depth()).as("20 samples, window just opened").isEqualTo(128);

        // completions keep arming the timer; the window ends HZ jiffies after it opened
        long opened = context.now();
        while (context.now() < opened + HZ * JIFFY) {
            context.advanceTo(context.now() + 10 * JIFFY);
            complete(Op.READ, 1, 5 * MS, 5 * MS);
            complete(Op.WRITE, 1, MS, MS);
            fireTimer();
        }
        // I/O p90 bad after 1 s; the writes' total p99 opens its own window then (shared timeout) and was not
        // remembered, so the write depth is still untouched
        assertThat(kyber.tokens(KyberScheduler.WRITE).depth()).isEqualTo(128);
        assertThat(context.messages()).anyMatch(m -> m.startsWith("kyber_latency: READ I/O p90 8/4 samples=28"));
    }

    @Test
    void exitCancelsTheTimer() {
        complete(Op.READ, 1, MS, MS);
        kyber.exit();
        assertThat(kyber.timer().isPending()).isFalse();
    }
}
