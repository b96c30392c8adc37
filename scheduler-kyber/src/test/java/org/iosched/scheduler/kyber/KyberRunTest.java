package org.iosched.scheduler.kyber;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Kyber end to end on a small blk-mq loop and an SSD of 8 parallel units (reads 100 µs, writes 200 µs): eight QD1
 * readers against a flood of async writes. Kyber's timer sees the reads' I/O latency above 2 ms (they queue behind
 * the writes inside the device), throttles the WRITE domain, whose own latency meets its 10 ms target, and the reads'
 * tail latency falls (measured after the first half second). The same scheduler with targets no latency reaches
 * never throttles: the comparison.
 */
class KyberRunTest {
    private static final long SECOND = 1_000_000_000L;

    private record Run(FakeMqContext context, KyberScheduler kyber, MqDeviceLoop loop) {
        int writeDepth() {
            return kyber.tokens(KyberScheduler.WRITE).depth();
        }
    }

    private static Run run(KyberTunables tunables) {
        FakeMqContext context = new FakeMqContext(250, 2, 1, 1023, 256);
        KyberScheduler kyber = new KyberScheduler(context, tunables);
        MqDeviceLoop loop = new MqDeviceLoop(context, kyber, 8, 100_000L, 200_000L);
        loop.run(8, SECOND / 2, 2 * SECOND);
        return new Run(context, kyber, loop);
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
