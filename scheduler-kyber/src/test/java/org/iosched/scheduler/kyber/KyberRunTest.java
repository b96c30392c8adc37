package org.iosched.scheduler.kyber;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Kyber end to end on a small blk-mq loop and an SSD of 8 parallel units (reads 100 µs, writes 200 µs): eight QD1
 * readers against a flood of async writes. Kyber's timer sees the reads' I/O latency above 2 ms (they queue behind
 * the writes inside the device), throttles the WRITE domain, whose own latency meets its 10 ms target, and the reads'
 * tail latency falls (measured after the first half second). The same scheduler with targets no latency reaches never throttles: the comparison.
 */
class KyberRunTest {
    private static final long SECOND = 1_000_000_000L;

    private static MqDeviceLoop run(KyberTunables tunables, KyberScheduler[] out) {
        FakeMqContext context = new FakeMqContext(250, 2, 1, 1023, 256);
        KyberScheduler kyber = new KyberScheduler(context, tunables);
        out[0] = kyber;
        MqDeviceLoop loop = new MqDeviceLoop(context, kyber, 8, 100_000L, 200_000L);
        loop.run(8, SECOND / 2, 2 * SECOND);
        return loop;
    }

    @Test
    void throttlingTheWriteDomainLowersTheReadersTailLatency() {
        KyberScheduler[] kyber = new KyberScheduler[1];
        MqDeviceLoop throttled = run(KyberTunables.defaults(), kyber);
        int writeDepth = kyber[0].tokens(KyberScheduler.WRITE).depth();
        MqDeviceLoop unthrottled = run(new KyberTunables(100 * SECOND, 100 * SECOND), kyber);

        System.out.printf("kyber: write depth %d, read p99 %d us, reads %d, writes %d;"
                        + " never throttled: write depth %d, read p99 %d us, reads %d, writes %d%n",
                writeDepth, throttled.readPercentile(99) / 1000, throttled.readsDone(), throttled.writesDone(),
                kyber[0].tokens(KyberScheduler.WRITE).depth(), unthrottled.readPercentile(99) / 1000,
                unthrottled.readsDone(), unthrottled.writesDone());
        assertThat(writeDepth).isLessThan(128);
        assertThat(kyber[0].tokens(KyberScheduler.WRITE).depth()).isEqualTo(128);
        assertThat(throttled.readPercentile(99)).isLessThan(unthrottled.readPercentile(99) * 3 / 4);
        assertThat(throttled.readsDone()).isGreaterThan(unthrottled.readsDone());
        assertThat(throttled.writesDone()).isLessThanOrEqualTo(unthrottled.writesDone());
    }

    @Test
    void aRunIsDeterministic() {
        KyberScheduler[] kyber = new KyberScheduler[1];
        MqDeviceLoop first = run(KyberTunables.defaults(), kyber);
        MqDeviceLoop second = run(KyberTunables.defaults(), kyber);

        assertThat(second.readsDone()).isEqualTo(first.readsDone());
        assertThat(second.writesDone()).isEqualTo(first.writesDone());
        assertThat(second.readPercentile(99)).isEqualTo(first.readPercentile(99));
    }
}
