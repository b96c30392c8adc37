package org.iosched.device.rotational;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.Map;
import org.iosched.api.BlockDevice;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.device.Devices;
import org.iosched.device.FakeDeviceContext;
import org.iosched.device.LoadDriver;
import org.iosched.device.LoadDriver.Result;
import org.iosched.device.LoadDriver.Spec;
import org.iosched.device.Probe;
import org.iosched.device.preset.Hdd7200NcqProvider;
import org.iosched.device.preset.Hdd7200Provider;
import org.iosched.device.preset.Sas15kProvider;
import org.junit.jupiter.api.Test;

class RotationalDiskTest {
    private static final long MS = 1_000_000;
    private static final long CAPACITY = 1_953_525_168L;
    private static final long CAPACITY_15K = 1_172_123_568L;

    @Test
    void sequentialReadsAfterAMissAreServedFromTheReadAheadSegment() {
        Probe disk = new Probe(new Hdd7200Provider(), Map.of());
        Request first = disk.submitAt(0, disk.request(Op.READ, 0, 1_000_000, 8));
        disk.runUntil(20 * MS);
        // 20 ms later the drive has read ahead well past the next 4 KiB
        Request next = disk.submitAt(20 * MS, disk.request(Op.READ, 0, 1_000_008, 8));
        disk.drain();

        assertThat(disk.latency(first)).isGreaterThan(MS);
        // a hit costs the 0.1 ms overhead plus 4 KiB over the 280 MB/s link
        assertThat(disk.latency(next)).isBetween(100_000L, 130_000L);
        assertThat(disk.stat("cache_read_hits")).isEqualTo(1);
        assertThat(disk.stat("cache_read_misses")).isEqualTo(1);
    }

    @Test
    void withoutReadAheadTheNextSequentialReadWaitsForTheMedium() {
        Probe disk = new Probe(new Hdd7200Provider(), Map.of("read_ahead", "0"));
        disk.submitAt(0, disk.request(Op.READ, 0, 1_000_000, 8));
        disk.runUntil(20 * MS);
        Request next = disk.submitAt(20 * MS, disk.request(Op.READ, 0, 1_000_008, 8));
        disk.drain();

        assertThat(disk.latency(next)).isGreaterThan(MS / 2);
        assertThat(disk.stat("cache_read_misses")).isEqualTo(2);
    }

    @Test
    void aBufferedWriteCompletesAtOnceAndAFlushWaitsForItsDestage() {
        Probe disk = new Probe(new Hdd7200Provider(), Map.of());
        Request write = disk.submitAt(0, disk.request(Op.WRITE, RequestFlags.SYNC, 500_000_000, 8));
        disk.runUntil(200_000);
        Request flush = disk.submitAt(200_000, disk.request(Op.FLUSH, RequestFlags.SYNC, 0, 0));
        disk.drain();

        // §1.4: 0.1-0.2 ms into the cache
        assertThat(disk.latency(write)).isBetween(100_000L, 200_000L);
        // the flush waits for one positioning and write of the dirty sectors, then costs 0.2 ms
        assertThat(disk.latency(flush)).isGreaterThan(MS + 200_000);
        assertThat(disk.stat("destages")).isEqualTo(1);
        assertThat(disk.stat("dirty_sectors")).isZero();
    }

    @Test
    void aFlushOnACleanCacheCostsTheCleanFlushTime() {
        Probe disk = new Probe(new Hdd7200Provider(), Map.of());
        Request flush = disk.submitAt(0, disk.request(Op.FLUSH, 0, 0, 0));
        disk.drain();

        assertThat(disk.latency(flush)).isEqualTo(200_000);
    }

    @Test
    void withTheWriteCacheOffAWriteCompletesOnlyOnTheMedium() {
        Probe disk = new Probe(new Hdd7200Provider(), Map.of("write_cache", "0"));
        Request write = disk.submitAt(0, disk.request(Op.WRITE, 0, 500_000_000, 8));
        disk.drain();

        assertThat(disk.latency(write)).isGreaterThan(2 * MS);
        assertThat(disk.stat("media_writes")).isEqualTo(1);
        assertThat(disk.device().info().writeCache()).isFalse();
    }

    @Test
    void aFuaWriteGoesToTheMediumEvenWithTheCacheOn() {
        Probe disk = new Probe(new Hdd7200Provider(), Map.of());
        Request write = disk.submitAt(0, disk.request(Op.WRITE, RequestFlags.FUA, 500_000_000, 8));
        disk.drain();

        assertThat(disk.latency(write)).isGreaterThan(2 * MS);
        assertThat(disk.stat("fua_writes")).isEqualTo(1);
        assertThat(disk.stat("writes_buffered")).isZero();
    }

    @Test
    void writesWaitWhenTheBufferIsFull() {
        // 64 KiB cache: 16 x 4 KiB writes fill it
        Result r = Hdd7200CalibrationSupport.run(Map.of("cache_kb", "64", "cache_segments", "4"),
                (i, random) -> Spec.write(random.nextLong(CAPACITY / 8) * 8, 8), 1, 100, 0);

        assertThat(r.maxLatency()).isGreaterThan(MS);
    }

    @Test
    void aDiscardIsCheapAndDropsBufferedData() {
        Probe disk = new Probe(new Hdd7200Provider(), Map.of());
        disk.submitAt(0, disk.request(Op.WRITE, 0, 8000, 8));
        disk.runUntil(150_000);
        Request discard = disk.submitAt(150_000, disk.request(Op.DISCARD, 0, 8000, 8));
        disk.drain();

        assertThat(disk.latency(discard)).isEqualTo(100_000);
        assertThat(disk.stat("discards")).isEqualTo(1);
    }

    @Test
    void rotationalLatencyDependsOnWhenTheRequestArrives() {
        long[] latencies = new long[8];
        for (int k = 0; k < latencies.length; k++) {
            Probe disk = new Probe(new Hdd7200Provider(), Map.of("read_ahead", "0"));
            Request rq = disk.submitAt(k * 1_041_667L, disk.request(Op.READ, 0, 0, 8));
            disk.drain();
            latencies[k] = disk.latency(rq);
        }

        // the same sector, asked for an eighth of a revolution apart, waits different times
        long spread = Arrays.stream(latencies).max().getAsLong() - Arrays.stream(latencies).min().getAsLong();
        assertThat(spread).isGreaterThan(5 * MS);
        assertThat(Arrays.stream(latencies).max().getAsLong()).isLessThan(9 * MS);
    }

    @Test
    void aQueuedReadThatContinuesWhereTheRunningOneEndsFollowsWithoutARotationalWait() {
        Probe disk = new Probe(new Hdd7200NcqProvider(), Map.of());
        MediaTiming timing = ((RotationalDisk) disk.device()).timing();
        // sectors 1180..1691 of a 2,148-sector outer track: both reads on one track
        Request first = disk.submitAt(0, disk.request(Op.READ, 0, 1_000_000, 256));
        Request second = disk.submitAt(100_000, disk.request(Op.READ, 0, 1_000_256, 256));
        disk.drain();

        // issue 13: the first ends at a fractional nanosecond; its timer fires up to 1 ns later, and the second
        // used to start from that tick, find its first sector just passed and wait a whole revolution
        double media = 256 * timing.revolutionNanos() / timing.geometry().sectorsPerTrack(1_000_256);
        assertThat((double) (disk.completionTime(second) - disk.completionTime(first))).isCloseTo(media, within(2.0));
    }

    @Test
    void aQueuedWriteContinuingOnTheNextTrackPaysTheSwitchTheSkewHidesButNoWriteSettle() {
        Probe disk = new Probe(new Hdd7200NcqProvider(), Map.of("write_cache", "0"));
        ZonedGeometry geometry = ((RotationalDisk) disk.device()).timing().geometry();
        double revolution = ((RotationalDisk) disk.device()).timing().revolutionNanos();
        int spt = geometry.sectorsPerTrack(0);
        long trackStart = 466L * spt;
        Request first = disk.submitAt(0, disk.request(Op.WRITE, 0, trackStart - 256, 256));
        Request second = disk.submitAt(100_000, disk.request(Op.WRITE, 0, trackStart, 256));
        disk.drain();

        // as within one transfer: the 0.8 ms head switch, the rest of the track skew that hides it, 256 sectors;
        // a write settle (1 ms) on top would miss the skewed first sector and cost a revolution
        double perSector = revolution / spt;
        double skew = Math.ceil(0.8e6 / revolution * spt) * perSector;
        long gap = disk.completionTime(second) - disk.completionTime(first);
        assertThat((double) gap).isBetween(0.8e6 + 256 * perSector, skew + 256 * perSector + 2);
    }

    @Test
    void theSpindlePhaseAtStartComesFromTheSeedSoSeedsGiveDifferentButRepeatableRuns() {
        long[] bySeed = new long[4];
        for (int seed = 0; seed < bySeed.length; seed++) {
            bySeed[seed] = firstReadLatency(seed);
        }

        assertThat(firstReadLatency(2)).isEqualTo(bySeed[2]);
        assertThat(Arrays.stream(bySeed).distinct().count()).isGreaterThan(1);
    }

    private static long firstReadLatency(long seed) {
        FakeDeviceContext context = new FakeDeviceContext(seed);
        BlockDevice disk = Devices.create(new Hdd7200Provider(), context, Map.of());
        Result r = new LoadDriver(context, disk, 1).run((i, random) -> Spec.read(1_000_000, 8), 1, 1, 0);
        return r.latencies()[0];
    }

    @Test
    void ncqNeverHoldsMoreThanItsQueueDepth() {
        FakeDeviceContext context = new FakeDeviceContext(1);
        BlockDevice disk = Devices.create(new Hdd7200NcqProvider(), context, Map.of());
        Result r = new LoadDriver(context, disk, 3).run(
                (i, random) -> Spec.read(random.nextLong(CAPACITY / 8) * 8, 8), 64, 500, 0);

        assertThat(r.maxInFlight()).isEqualTo(31);
        assertThat(disk.statistics().get("max_commands_held").intValue()).isEqualTo(31);
    }

    @Test
    void submittingBeyondTheQueueDepthIsABlockLayerBug() {
        Probe disk = new Probe(new Hdd7200Provider(), Map.of());
        disk.submitAt(0, disk.request(Op.READ, 0, 0, 8));
        Request second = disk.request(Op.READ, 0, 100, 8);

        assertThat(disk.device().canAccept(second, 1)).isFalse();
        assertThatThrownBy(() -> disk.device().submit(second)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aFlushIsNotQueuedWhileQueuedCommandsRunNorAnythingWhileItRuns() {
        Probe disk = new Probe(new Hdd7200NcqProvider(), Map.of());
        disk.submitAt(0, disk.request(Op.READ, 0, 1_000_000, 8));
        disk.submitAt(0, disk.request(Op.READ, 0, 900_000_000, 8));
        Request flush = disk.request(Op.FLUSH, 0, 0, 0);

        assertThat(disk.device().canAccept(flush, 2)).isFalse();
        disk.drain();
        assertThat(disk.device().canAccept(flush, 0)).isTrue();
        disk.submitAt(disk.context().now(), flush);
        assertThat(disk.device().canAccept(disk.request(Op.READ, 0, 0, 8), 1)).isFalse();
        disk.drain();
        assertThat(disk.device().canAccept(disk.request(Op.READ, 0, 0, 8), 0)).isTrue();
    }

    @Test
    void agingBoundsHowLongAQueuedCommandWaits() {
        LoadDriver.Source random = (i, r) -> Spec.read(r.nextLong(CAPACITY / 8) * 8, 8);
        Result pureSatf = Hdd7200CalibrationSupport.runNcq(Map.of("ncq_age_weight", "0", "ncq_max_age_ms", "1000000"),
                random, 31, 3000, 100);
        Result aged = Hdd7200CalibrationSupport.runNcq(Map.of("ncq_age_weight", "0", "ncq_max_age_ms", "1000"),
                random, 31, 3000, 100);

        // pure SATF starves some command past the bound; with T_max = 1 s none waits longer than T_max plus
        // the command in service (< 40 ms: full stroke, a revolution and overheads)
        assertThat(pureSatf.maxLatency()).isGreaterThan(1000 * MS);
        assertThat(aged.maxLatency()).isLessThan(1040 * MS);
    }

    @Test
    void aSequentialReaderIsNeverHeldByDestageLongerThanTheAgeBoundPlusOneOperation() {
        ReaderAgainstWrites run = sequentialReaderAgainstAFullWriteBuffer(Map.of());

        // 75% of 32 MiB = 49,152 sectors; 85% = 55,705
        assertThat(run.leastDirtyAtARead).isGreaterThan(55_705);
        // one mechanism operation is under 40 ms (full stroke, write settle, a revolution, overheads, 4 KiB):
        // a read starts on the medium by T_max plus the operation running when T_max passed, and completes
        // one operation (its own) later
        assertThat(run.stats.get("ncq_max_wait_ms").doubleValue()).isLessThan(1000 + 40);
        assertThat(run.result.maxReadLatency()).isLessThan((1000 + 2 * 40) * MS);
    }

    @Test
    void withoutAgingWeightTheForcedAgeBoundStillServesAReadBeforeDestage() {
        // w = 0: a read far from the head never beats the nearest of thousands of dirty runs on cost alone
        ReaderAgainstWrites run = sequentialReaderAgainstAFullWriteBuffer(Map.of("ncq_age_weight", "0"));

        // reads still arrive above the 49,152-sector high-water mark (a read waiting 1 s lets it drain toward it)
        assertThat(run.leastDirtyAtARead).isGreaterThan(49_152);
        assertThat(run.stats.get("ncq_forced_by_age").longValue()).isPositive();
        assertThat(run.stats.get("ncq_max_wait_ms").doubleValue()).isLessThan(1000 + 40);
        assertThat(run.result.maxReadLatency()).isLessThan((1000 + 2 * 40) * MS);
    }

    private record ReaderAgainstWrites(Result result, Map<String, Number> stats, long leastDirtyAtARead) {
    }

    /**
     * hdd-7200 (QD1): after every sequential 4 KiB read, 32 random 4 KiB writes arrive faster than the drive
     * destages them, so once the 32 MiB buffer has filled, every read finds it well above its 75% high-water
     * mark. Measures from request 10,000 of 30,000.
     */
    private static ReaderAgainstWrites sequentialReaderAgainstAFullWriteBuffer(Map<String, String> overrides) {
        FakeDeviceContext context = new FakeDeviceContext(1);
        BlockDevice disk = Devices.create(new Hdd7200Provider(), context, overrides);
        long readBase = 400_000_000L;
        long[] leastDirtyAtARead = {Long.MAX_VALUE};
        Result r = new LoadDriver(context, disk, 11).run((i, random) -> {
            if (i % 33 != 0) {
                return Spec.write(random.nextLong(CAPACITY / 8) * 8, 8);
            }
            if (i >= 10_000) {
                long dirty = disk.statistics().get("dirty_sectors").longValue();
                leastDirtyAtARead[0] = Math.min(leastDirtyAtARead[0], dirty);
            }
            return Spec.read(readBase + i / 33 * 8, 8);
        }, 1, 30_000, 10_000);
        return new ReaderAgainstWrites(r, disk.statistics(), leastDirtyAtARead[0]);
    }

    @Test
    void aboveHighWaterAQueuedReadNextToTheHeadGoesBeforeFartherDestageWork() {
        Probe disk = new Probe(new Hdd7200Provider(), Map.of("cache_kb", "64", "cache_segments", "4"));
        long near = 100_000;
        fillSmallBufferFarFrom(disk, near);
        // 128 of 128 sectors occupied, above the 96-sector high-water mark, and no write waits for room
        Request read = disk.submitAt(disk.context().now(), disk.request(Op.READ, 0, near + 16, 8));
        disk.drain();

        // the read is a few sectors past the first destage: aged SATF takes it before any far run
        assertThat(disk.latency(read)).isLessThan(15 * MS);
    }

    @Test
    void destageGoesFirstWhileAWriteWaitsForRoomInTheBuffer() {
        Probe disk = new Probe(new Hdd7200NcqProvider(), Map.of("cache_kb", "64", "cache_segments", "4"));
        long near = 100_000;
        fillSmallBufferFarFrom(disk, near);
        Request waiting1 = disk.submitAt(disk.context().now(), disk.request(Op.WRITE, 0, 200_000_000, 8));
        Request waiting2 = disk.submitAt(disk.context().now(), disk.request(Op.WRITE, 0, 300_000_000, 8));
        Request read = disk.submitAt(disk.context().now(), disk.request(Op.READ, 0, near + 16, 8));
        disk.drain();

        // after the first destage one write still waits, so the drive destages a far run before the close read
        assertThat(disk.completionTime(read)).isGreaterThan(disk.completionTime(waiting2));
        assertThat(disk.completionTime(waiting2)).isGreaterThan(disk.completionTime(waiting1));
        assertThat(disk.stat("destages_with_commands_queued")).isPositive();
    }

    @Test
    void destageGoesFirstWhileAQueuedFlushWaits() {
        Probe disk = new Probe(new Sas15kProvider(), Map.of());
        long near = 100_000;
        disk.submitAt(0, disk.request(Op.WRITE, 0, near, 8));
        disk.submitAt(0, disk.request(Op.WRITE, 0, CAPACITY_15K - 2_000_000, 8));
        Request flush = disk.submitAt(0, disk.request(Op.FLUSH, 0, 0, 0));
        Request read = disk.submitAt(0, disk.request(Op.READ, 0, near + 16, 8));
        disk.drain();

        // the buffer is nearly empty (far below high water), yet the far run goes before the close read
        assertThat(disk.completionTime(read)).isGreaterThan(disk.completionTime(flush));
    }

    /** Fills a 64 KiB buffer: a first write at {@code near}, destaged at once, then 15 far in the inner zone. */
    private static void fillSmallBufferFarFrom(Probe disk, long near) {
        disk.submitAt(0, disk.request(Op.WRITE, 0, near, 8));
        for (int k = 1; k <= 15; k++) {
            disk.submitAt(k * 200_000L, disk.request(Op.WRITE, 0, CAPACITY - (k + 1) * 1_000_000L, 8));
        }
        disk.runUntil(16 * 200_000L);
    }

    @Test
    void theSameSeedAndRequestsGiveTheSameTimings() {
        LoadDriver.Source mixed = (i, r) -> i % 5 == 0 ? Spec.write(r.nextLong(CAPACITY / 8) * 8, 8)
                : Spec.read(r.nextLong(CAPACITY / 8) * 8, 16);
        Result a = Hdd7200CalibrationSupport.runNcq(Map.of(), mixed, 8, 2000, 0);
        Result b = Hdd7200CalibrationSupport.runNcq(Map.of(), mixed, 8, 2000, 0);

        assertThat(a.latencies()).isEqualTo(b.latencies());
        assertThat(a.nanos()).isEqualTo(b.nanos());
    }

    @Test
    void aFlushThatWaitedForDestageIsReportedToTheTrace() {
        Probe disk = new Probe(new Hdd7200Provider(), Map.of());
        disk.context().enableTrace();
        disk.submitAt(0, disk.request(Op.WRITE, 0, 500_000_000, 8));
        disk.runUntil(200_000);
        disk.submitAt(200_000, disk.request(Op.FLUSH, 0, 0, 0));
        disk.drain();

        assertThat(disk.context().traceMessages()).anyMatch(m -> m.contains("1 flush(es) done"));
    }

    @Test
    void statisticsCountCacheAndMediaWork() {
        Probe disk = new Probe(new Hdd7200Provider(), Map.of());

        assertThat(disk.device().statistics()).containsKeys("cache_read_hits", "cache_read_misses", "destages",
                "flushes", "write_buffer_full_waits", "ncq_forced_by_age", "destages_with_commands_queued");
    }
}
