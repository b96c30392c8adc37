package org.iosched.device.rotational;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class WriteBufferTest {
    private static final MediaTiming HDD = new MediaTiming(org.iosched.device.preset.RotationalPresets.HDD_7200);

    @Property(tries = 200)
    void theNearestRunScanFindsTheLeastPositioningTimeOfAllRuns(
            @ForAll @Size(min = 1, max = 40) List<@IntRange(min = 0, max = 244_190_000) Integer> runs,
            @ForAll @IntRange(min = 0, max = 244_190_000) int head,
            @ForAll @IntRange(min = 0, max = 1_000_000) int at) {
        // run starts and the head anywhere on the disk (units of 8 sectors), at any time in a second
        WriteBuffer buffer = new WriteBuffer(1L << 20);
        for (int r : runs) {
            buffer.add(r * 8L, r * 8L + 8);
        }
        long headLba = head * 8L;
        long now = at * 1000L;
        long headTrack = HDD.geometry().track(headLba);
        double least = Double.POSITIVE_INFINITY;
        for (int i = 0; i < buffer.runs(); i++) {
            least = Math.min(least, HDD.positionNanos(headTrack, now, buffer.start(i), true));
        }

        int chosen = buffer.nearestRun(HDD, headLba, now, -1);

        assertThat(HDD.positionNanos(headTrack, now, buffer.start(chosen), true)).isEqualTo(least);
        assertThat(buffer.nearestRunNanos()).isEqualTo(least);
    }

    @Property(tries = 300)
    void theBoundedScanChoosesTheRunTheFullScanChooses(
            @ForAll @IntRange(min = 1, max = 3000) int runCount,
            @ForAll @IntRange(min = 0, max = 2_000_000) int regionStart,
            @ForAll @IntRange(min = 1, max = 2_621_440) int regionBlocks,
            @ForAll @IntRange(min = 0, max = 1 << 30) int seed,
            @ForAll @IntRange(min = 0, max = 900_000) int atMillis,
            @ForAll boolean continueAStart) {
        // many runs in one file's region (units of 8 sectors), the head among them, at any time of a long run:
        // the choice, ties included, must be that of a scan that prices every run in the scan's order
        java.util.Random random = new java.util.Random(seed);
        WriteBuffer buffer = new WriteBuffer(1L << 40);
        for (int i = 0; i < runCount; i++) {
            long block = regionStart + random.nextInt(regionBlocks);
            buffer.add(block * 8, block * 8 + 8 * (1 + random.nextInt(4)));
            if (i == runCount / 2) {
                buffer.nearestRun(HDD, block * 8, atMillis * 1e6, -1); // the index is kept from here on
            }
            if (random.nextInt(8) == 0) {
                long from = (regionStart + random.nextInt(regionBlocks)) * 8L + random.nextInt(8);
                buffer.remove(from, from + 1 + random.nextInt(64));
            }
            if (random.nextInt(8) == 0 && buffer.runs() > 0) {
                buffer.takeForDestage(random.nextInt(buffer.runs()), 1 + random.nextInt(16));
            }
        }
        org.junit.jupiter.api.Assumptions.assumeTrue(buffer.runs() > 0);
        long headLba = (regionStart + random.nextInt(regionBlocks)) * 8L + random.nextInt(8);
        double now = atMillis * 1e6 + random.nextInt(1_000_000) + random.nextDouble();
        long continuation = continueAStart ? buffer.start(random.nextInt(buffer.runs())) : -1;

        int chosen = buffer.nearestRun(HDD, headLba, now, continuation);

        assertThat(chosen).isEqualTo(fullScan(buffer, headLba, now, continuation));
        assertThat(buffer.nearestRunNanos()).isEqualTo(leastTime);
    }

    @Property(tries = 400)
    void startsAroundTheHeadsAngleAreChosenAsTheFullScanChoosesThem(
            @ForAll @IntRange(min = 0, max = 244_000_000) int headSector,
            @ForAll @IntRange(min = 1, max = 200) int runCount,
            @ForAll @IntRange(min = 0, max = 1 << 30) int seed,
            @ForAll @IntRange(min = 0, max = 900_000) int atMillis,
            @ForAll boolean continueAStart) {
        // starts on the head's track and those near it, within three buckets of the head's angle either way (where
        // the scan's bounds are tightest: a start just behind the head may count as under it), and a few anywhere
        java.util.Random random = new java.util.Random(seed);
        ZonedGeometry geometry = HDD.geometry();
        double now = atMillis * 1e6 + random.nextInt(1_000_000) + random.nextDouble();
        long headLba = headSector * 8L;
        double headAngle = HDD.angleAt(now);
        WriteBuffer buffer = new WriteBuffer(1L << 40);
        for (int i = 0; i < runCount; i++) {
            long lba;
            if (random.nextInt(8) == 0) {
                lba = random.nextInt(244_000_000) * 8L;
            } else {
                int tracks = random.nextInt(3) == 0 ? 0 : random.nextInt(41) - 20;
                long near = Math.max(0, Math.min(geometry.capacity() - 1,
                        headLba + tracks * (long) geometry.sectorsPerTrack(headLba)));
                int perTrack = geometry.sectorsPerTrack(near);
                long trackStart = near - geometry.sectorInTrack(near);
                double target = headAngle + (random.nextDouble() * 6 - 3) / RunAngleIndex.BUCKETS;
                double turn = target - geometry.angle(trackStart);
                long sector = Math.round((turn - Math.floor(turn)) * perTrack) + random.nextInt(3) - 1;
                lba = trackStart + Math.floorMod(sector, perTrack);
            }
            buffer.add(lba, Math.min(geometry.capacity(), lba + 1 + random.nextInt(8)));
        }
        long continuation = continueAStart ? buffer.start(random.nextInt(buffer.runs())) : -1;

        int chosen = buffer.nearestRun(HDD, headLba, now, continuation);

        assertThat(chosen).isEqualTo(fullScan(buffer, headLba, now, continuation));
        assertThat(buffer.nearestRunNanos()).isEqualTo(leastTime);
    }

    /** The least time of the last {@link #fullScan}. */
    private double leastTime;

    /**
     * The run a scan that prices every run chooses: outward from the head, alternately up and down, the first
     * with the least time; the time is left in {@link #leastTime}.
     */
    private int fullScan(WriteBuffer buffer, long headLba, double now, long continuation) {
        long headTrack = HDD.geometry().track(headLba);
        int up = buffer.firstEndingAfter(headLba);
        int down = up - 1;
        int expected = -1;
        double least = Double.POSITIVE_INFINITY;
        while (up < buffer.runs() || down >= 0) {
            if (up < buffer.runs()) {
                double cost = HDD.positionNanos(headTrack, now, buffer.start(up), buffer.start(up) != continuation);
                if (cost < least) {
                    least = cost;
                    expected = up;
                }
                up++;
            }
            if (down >= 0) {
                double cost = HDD.positionNanos(headTrack, now, buffer.start(down),
                        buffer.start(down) != continuation);
                if (cost < least) {
                    least = cost;
                    expected = down;
                }
                down--;
            }
        }
        leastTime = least;
        return expected;
    }

    @Test
    void adjacentWritesMergeIntoOneRun() {
        WriteBuffer buffer = new WriteBuffer(1000);
        buffer.add(0, 8);
        buffer.add(8, 16);
        buffer.add(32, 40);
        buffer.add(16, 32);

        assertThat(buffer.runs()).isEqualTo(1);
        assertThat(buffer.dirtySectors()).isEqualTo(40);
        assertThat(buffer.covers(4, 36)).isTrue();
    }

    @Test
    void removingTheMiddleOfARunSplitsIt() {
        WriteBuffer buffer = new WriteBuffer(1000);
        buffer.add(0, 100);
        buffer.remove(40, 60);

        assertThat(buffer.runs()).isEqualTo(2);
        assertThat(buffer.dirtySectors()).isEqualTo(80);
        assertThat(buffer.covers(40, 41)).isFalse();
    }

    @Test
    void destagingSectorsStillOccupyTheBufferUntilTheyReachTheMedium() {
        WriteBuffer buffer = new WriteBuffer(100);
        buffer.add(0, 80);
        long taken = buffer.takeForDestage(0, 50);

        assertThat(taken).isEqualTo(50);
        assertThat(buffer.dirtySectors()).isEqualTo(30);
        assertThat(buffer.hasRoom(30)).isFalse();
        buffer.destaged(50);
        assertThat(buffer.hasRoom(30)).isTrue();
    }

    /**
     * Any sequence of adds, removes and destages leaves exactly the sectors a bitmap says are dirty, as sorted runs,
     * and the run starts by angle that the nearest-run choice keeps from its first call.
     */
    @Property(tries = 300)
    void runsMatchABitmapOfDirtySectors(@ForAll @Size(max = 120) List<@IntRange(min = 0, max = 200) Integer> ops) {
        WriteBuffer buffer = new WriteBuffer(1_000_000);
        BitSet dirty = new BitSet();
        buffer.nearestRun(HDD, 0, 0, -1); // the index is kept from here on
        for (int k = 0; k + 2 < ops.size(); k += 3) {
            int from = ops.get(k + 1);
            int to = from + 1 + ops.get(k + 2) % 30;
            if (ops.get(k) % 4 == 0) {
                buffer.remove(from, to);
                dirty.clear(from, to);
            } else if (ops.get(k) % 4 == 3 && buffer.runs() > 0) {
                int run = from % buffer.runs();
                long start = buffer.start(run);
                long end = buffer.end(run);
                long taken = buffer.takeForDestage(run, to - from);
                assertThat(taken).isEqualTo(Math.min(to - from, end - start));
                dirty.clear((int) start, (int) (start + taken));
            } else {
                buffer.add(from, to);
                dirty.set(from, to);
            }
        }
        assertThat(buffer.dirtySectors()).isEqualTo(dirty.cardinality());
        BitSet fromRuns = new BitSet();
        for (int i = 0; i < buffer.runs(); i++) {
            assertThat(buffer.start(i)).isLessThan(buffer.end(i));
            if (i > 0) {
                assertThat(buffer.start(i)).isGreaterThan(buffer.end(i - 1));
            }
            fromRuns.set((int) buffer.start(i), (int) buffer.end(i));
        }
        assertThat(fromRuns).isEqualTo(dirty);
        if (buffer.runs() > 0) {
            long head = ops.isEmpty() ? 0 : ops.get(0);
            assertThat(buffer.nearestRun(HDD, head, 1e6, -1)).isEqualTo(fullScan(buffer, head, 1e6, -1));
        }
    }
}
