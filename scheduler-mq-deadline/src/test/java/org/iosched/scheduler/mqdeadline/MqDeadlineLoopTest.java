package org.iosched.scheduler.mqdeadline;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.iosched.api.Request;
import org.iosched.api.Settings;
import org.iosched.testkit.FakeMqSchedulerContext;
import org.iosched.testkit.MqDeviceLoop;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * mq-deadline through the blk-mq device loop: reads arriving during a stream of writes wait at most one write
 * batch ({@code fifo_batch} requests of device time), and every write still completes ({@code writes_starved}).
 */
class MqDeadlineLoopTest {
    private static final long MS = 1_000_000L;

    @ParameterizedTest(name = "fifo_batch={0}: reads wait at most {1} ms")
    @CsvSource({"16, 17", "4, 5", "1, 2"})
    void aReadWaitsAtMostOneWriteBatchBehindAStreamOfWrites(int fifoBatch, long boundMs) {
        FakeMqSchedulerContext context = FakeMqSchedulerContext.create();
        MqDeadlineSchedulerProvider provider = new MqDeadlineSchedulerProvider();
        MqDeviceLoop loop = MqDeviceLoop.on(context).serviceTime(MS).slots(1).build(provider,
                Settings.resolve(provider.name(), provider.tunables(), Map.of("fifo_batch", String.valueOf(fifoBatch))));
        for (int i = 0; i < 200; i++) {
            loop.submit(context.requests().syncWrite(1_000_000L + 16L * i));
        }
        List<Request> reads = new ArrayList<>();
        for (int i = 0; i < 15; i++) {
            Request read = context.requests().read(100 + 5000L * i);
            reads.add(read);
            loop.submitAt(5 * MS + 10 * MS * i, read);
        }
        loop.runToCompletion(Long.MAX_VALUE);
        assertThat(loop.completed()).hasSize(215);
        long worst = 0;
        for (Request read : reads) {
            worst = Math.max(worst, loop.times(read).latency());
        }
        assertThat(worst).isLessThanOrEqualTo(boundMs * MS).isGreaterThan((boundMs - 2) * MS);
    }
}
