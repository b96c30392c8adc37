package org.iosched.scheduler.deadline;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.statistics.Statistics;
import org.iosched.api.Request;
import org.iosched.testkit.FakeSchedulerContext;
import org.junit.jupiter.api.Test;

/**
 * The latency guarantee deadline gives under a heavy write load with a few sync readers, on a device that
 * serves one request at a time in a fixed time {@code S}.
 *
 * <p>The bound, with {@code b = max(fifo_batch, 1)} and {@code w = writes_starved >= 1}: a request added at
 * {@code t} counts as expired from {@code E = start of jiffy (jiffies(t) + expire + 1)}, at most
 * {@code expire + 1} jiffies later. If {@code a} older requests of its direction are still queued at
 * {@code E}, it leaves the scheduler by
 * <ul>
 *   <li>a read: {@code E + 2 b (a + 1) S} — the batch in progress, then before each read batch start at most
 *       one write batch, and each read batch start takes the oldest (expired) read; {@code a < readers};</li>
 *   <li>a write: {@code E + (w + 1) b (a + 1) S} — the batch in progress, then at most {@code w} read batches
 *       before each write batch start, and each write batch start takes the oldest (expired) write.</li>
 * </ul>
 * With {@code a = 0} this is the short form: a read waits at most {@code read_expire} (plus one jiffy) and
 * two batches (the one in progress and one write batch); a write at most {@code write_expire} (plus one
 * jiffy) and the batch in progress plus the {@code w} read batches that {@code writes_starved} allows.
 */
class DeadlineBoundsPropertyTest {
    private static final long NSEC_PER_SEC = 1_000_000_000L;

    @Property(tries = 200)
    void noRequestWaitsLongerThanItsExpiryPlusTheBatchesDeadlineMayServeFirst(
            @ForAll @IntRange(min = 1, max = 4) int readers,
            @ForAll @IntRange(min = 1, max = 64) int writeDepth,
            @ForAll boolean sequentialReaders,
            @ForAll @LongRange(min = 0, max = 20_000_000) long maxThinkNanos,
            @ForAll @LongRange(min = 100_000, max = 20_000_000) long serviceNanos,
            @ForAll @IntRange(min = 0, max = 32) int fifoBatch,
            @ForAll @IntRange(min = 1, max = 4) int writesStarved,
            @ForAll @IntRange(min = 0, max = 600) int readExpireMs,
            @ForAll @IntRange(min = 0, max = 6000) int writeExpireMs,
            @ForAll("hz") int hz,
            @ForAll long seed) {
        DeadlineTunables tunables = new DeadlineTunables(readExpireMs, writeExpireMs, writesStarved, true, fifoBatch);
        ReadersVersusWritersRun.Config config = new ReadersVersusWritersRun.Config(readers, writeDepth,
                sequentialReaders, maxThinkNanos, serviceNanos, 3000, seed);

        Observation observation = observe(tunables, hz, config);

        Statistics.label("some request expired").collect(observation.expired() > 0);
        assertThat(observation.violations()).isEmpty();
    }

    @Test
    void defaultTunablesBoundReadsAndWritesUnderHeavyRandomWritesOnASlowDisk() {
        // 8 ms per request (a random 4 KiB on a 7200 rpm disk), 128 writes queued (a full request pool)
        ReadersVersusWritersRun.Config config = new ReadersVersusWritersRun.Config(3, 128, true, 0, 8_000_000L,
                5000, 42);

        Observation observation = observe(DeadlineTunables.defaults(), 250, config);

        assertThat(observation.violations()).isEmpty();
    }

    @Test
    void withShortExpiriesAndADeepQueueMostRequestsExpireAndSomeNeedTheOlderRequestsTerm() {
        // the check is not vacuous: most requests outlive their expiry, and with several writes expired at
        // once some wait longer than the short form (a = 0) allows, yet within the full bound
        ReadersVersusWritersRun.Config config = new ReadersVersusWritersRun.Config(4, 64, false, 0, 5_000_000L,
                3000, 7);
        DeadlineTunables tunables = new DeadlineTunables(20, 100, 2, true, 16);

        Observation observation = observe(tunables, 1000, config);

        assertThat(observation.violations()).isEmpty();
        assertThat(observation.expired()).isGreaterThan(observation.lives() / 2);
        assertThat(observation.beyondShortForm()).isPositive();
    }

    @Provide
    Arbitrary<Integer> hz() {
        return Arbitraries.of(100, 250, 300, 1000);
    }

    /**
     * What one run showed: bound violations, how many requests outlived their expiry, and how many of those
     * waited longer than the bound with no older request queued would allow.
     */
    private record Observation(List<String> violations, int expired, int beyondShortForm, int lives) {
    }

    private static Observation observe(DeadlineTunables tunables, int hz, ReadersVersusWritersRun.Config config) {
        FakeSchedulerContext context = FakeSchedulerContext.builder().hz(hz).seed(config.seed())
                .traceEnabled(false).build();
        DeadlineScheduler deadline = new DeadlineScheduler(context, tunables);
        ReadersVersusWritersRun.Result result = new ReadersVersusWritersRun(config, context, deadline).run();

        long b = Math.max(tunables.fifoBatch(), 1);
        long w = tunables.writesStarved();
        List<String> violations = new ArrayList<>();
        int expired = 0;
        int beyondShortForm = 0;
        for (ReadersVersusWritersRun.Life life : result.lives()) {
            Request rq = life.rq();
            long expireMs = rq.isWrite() ? tunables.writeExpireMs() : tunables.readExpireMs();
            long expiredAt = jiffyStart(jiffiesAt(rq.insertTime(), hz) + msecsToJiffies(expireMs, hz) + 1, hz);
            long left = life.leftSchedulerAt(result.end());
            if (left < expiredAt) {
                continue;
            }
            expired++;
            int olderStillQueued = 0;
            for (Request older : life.olderQueued()) {
                if (older.dispatchTime() < 0 || older.dispatchTime() >= expiredAt) {
                    olderStillQueued++;
                }
            }
            long batchesPerOlder = rq.isWrite() ? w + 1 : 2;
            long bound = expiredAt + batchesPerOlder * b * (olderStillQueued + 1) * config.serviceNanos();
            if (left > expiredAt + batchesPerOlder * b * config.serviceNanos()) {
                beyondShortForm++;
            }
            if (left > bound || (!rq.isWrite() && olderStillQueued >= config.readers())) {
                violations.add(rq + " added at " + rq.insertTime() + " expired at " + expiredAt + " with "
                        + olderStillQueued + " older queued, left at " + left + " > bound " + bound);
            }
        }
        return new Observation(violations, expired, beyondShortForm, result.lives().size());
    }

    private static long jiffiesAt(long nanos, int hz) {
        return nanos * hz / NSEC_PER_SEC; // runs last minutes: no overflow
    }

    private static long jiffyStart(long jiffy, int hz) {
        return (jiffy * NSEC_PER_SEC + hz - 1) / hz;
    }

    private static long msecsToJiffies(long millis, int hz) {
        return (millis * hz + 999) / 1000;
    }
}
