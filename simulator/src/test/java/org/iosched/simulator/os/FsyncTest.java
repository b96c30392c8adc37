package org.iosched.simulator.os;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.iosched.api.FileHandle;
import org.iosched.api.FileIo;
import org.junit.jupiter.api.Test;

class FsyncTest {
    private static final long WRITE_NANOS = 200_000;
    private static final long FLUSH_NANOS = 10_000_000;

    private static OsHarness disk(boolean barrier) {
        return OsHarness.cachedDisk(WRITE_NANOS, FLUSH_NANOS, OsTunables.defaults().withBarrier(barrier));
    }

    private static List<String> sequence(List<OsHarness.Done> done) {
        return done.stream().map(d -> d.rwbs() + " " + d.task()).toList();
    }

    @Test
    void fsyncReturnsOnlyAfterItsDataAndTheCommitBlockCompletedInThatOrder() {
        OsHarness h = disk(true);
        OsHarness.Script fio = h.new Script("fio");
        FileHandle file = h.os.open(fio.task, "/mnt/f", 1 << 20);
        fio.write(file, 0, 4096).fsync(file, false).start();
        h.runUntil(1_000_000_000L);

        // the data (caller, WRITE_SYNC), the log blocks (jbd2, merged), the commit block: PREFLUSH+FUA, which a
        // device without FUA gets as flush, write, flush
        assertThat(sequence(h.completed)).containsExactly("WS fio", "WS jbd2/sda1-8", "FWS jbd2/sda1-8",
                "WS jbd2/sda1-8", "FWS jbd2/sda1-8");
        OsHarness.Done data = h.completed.get(0);
        OsHarness.Done commit = h.completed.get(4);
        assertThat(data.sector()).isEqualTo(((OpenFile) file).inode.sectorOf(0));
        FileIo fsync = fio.done.get(1);
        assertThat(fsync.kind()).isEqualTo(FileIo.Kind.FSYNC);
        assertThat(fsync.completeTime()).isEqualTo(commit.at());
        assertThat(data.at()).isLessThan(h.completed.get(1).at());
        assertThat(fsync.submitTime()).isEqualTo(fsync.completeTime());
    }

    @Test
    void withAsyncLogWritesOf2632To2636OnlyTheCommitBlockOfAnFsyncCommitIsSync() {
        OsHarness h = OsHarness.cachedDisk(WRITE_NANOS, FLUSH_NANOS, OsTunables.defaults().withJbd2AsyncLog(true));
        OsHarness.Script fio = h.new Script("fio");
        FileHandle file = h.os.open(fio.task, "/mnt/f", 1 << 20);
        fio.write(file, 0, 4096).fsync(file, false).start();
        h.runUntil(1_000_000_000L);

        // fsync's data stays WRITE_SYNC (WB_SYNC_ALL); the descriptor and metadata copies are plain WRITEs
        assertThat(sequence(h.completed)).containsExactly("WS fio", "W jbd2/sda1-8", "FWS jbd2/sda1-8",
                "WS jbd2/sda1-8", "FWS jbd2/sda1-8");
        OsHarness.Done log = h.completed.get(1);
        assertThat(log.sectors()).isEqualTo(4 * 8);
        assertThat(h.traceText.toString()).contains("  Q   W " + log.sector() + " + 8 [jbd2/sda1-8]");
        assertThat(fio.done.get(1).completeTime()).isEqualTo(h.completed.get(4).at());
    }

    @Test
    void aSmallAppendCommitsADescriptorAndItsBitmapDescriptorAndInodeBlocks() {
        OsHarness h = disk(true);
        OsHarness.Script fio = h.new Script("fio");
        FileHandle file = h.os.open(fio.task, "/mnt/f", 1 << 20);
        fio.write(file, 0, 4096).fsync(file, false).start();
        h.runUntil(1_000_000_000L);

        OsHarness.Done log = h.completed.get(1);
        OsHarness.Done commitBlock = h.completed.get(3);
        assertThat(log.sectors()).isEqualTo(4 * 8);
        assertThat(commitBlock.sector()).isEqualTo(log.sector() + log.sectors());
        assertThat(Ext4Layout.blockOfSector(log.sector())).isEqualTo(h.kernel.layout.journalStart() + 1);
        assertThat(h.kernel.journal.commits()).isOne();
        assertThat(h.traceText.toString()).contains("  Q  WS " + log.sector() + " + 8 [jbd2/sda1-8]")
                .contains("  M  WS " + (log.sector() + 8) + " + 8 [jbd2/sda1-8]")
                .contains("  Q FWFS " + commitBlock.sector() + " + 8 [jbd2/sda1-8]");
    }

    @Test
    void withBarriersEveryCommitCarriesAFlushAndWithoutThemNone() {
        for (boolean barrier : new boolean[] {true, false}) {
            OsHarness h = disk(barrier);
            OsHarness.Script fio = h.new Script("fio");
            FileHandle file = h.os.open(fio.task, "/mnt/f", 1 << 20);
            for (int i = 0; i < 5; i++) {
                fio.write(file, i * 4096L, 4096).fsync(file, false);
            }
            fio.start();
            h.runUntil(1_000_000_000L);

            long commits = h.kernel.journal.commits();
            long flushes = h.completedBy("jbd2/sda1-8").stream().filter(d -> d.rwbs().equals("FWS")).count();
            assertThat(commits).as("barrier=" + barrier).isEqualTo(5);
            assertThat(flushes).as("barrier=" + barrier).isEqualTo(barrier ? 2 * commits : 0);
            assertThat(h.completedBy("fio")).extracting(OsHarness.Done::rwbs).containsOnly("WS");
        }
    }

    @Test
    void fdatasyncSkipsTheCommitWhenOnlyTheMtimeChangedAndFlushesInstead() {
        OsHarness h = disk(true);
        OsHarness.Script fio = h.new Script("fio");
        FileHandle file = h.os.open(fio.task, "/mnt/f", 1 << 20);
        // the first fdatasync commits the block's allocation; overwriting the block changes only the mtime
        fio.write(file, 0, 4096).fsync(file, true).write(file, 0, 4096).fsync(file, true).start();
        h.runUntil(1_000_000_000L);

        assertThat(h.kernel.journal.commits()).isOne();
        List<OsHarness.Done> mine = h.completedBy("fio");
        assertThat(sequence(mine)).containsExactly("WS fio", "WS fio", "FWS fio");
        assertThat(fio.done.get(3).completeTime()).isEqualTo(mine.get(2).at());
    }

    @Test
    void fsyncCommitsTheMtimeChangeThatFdatasyncSkipsButOnlyOncePerJiffy() {
        OsHarness h = disk(false);
        OsHarness.Script fio = h.new Script("fio");
        FileHandle file = h.os.open(fio.task, "/mnt/f", 1 << 20);
        fio.write(file, 0, 4096).fsync(file, true).write(file, 0, 4096).fsync(file, false).start();
        h.runUntil(10_000_000L);
        // the second write came within the first jiffy (HZ=1000): the mtime did not change, nothing to commit
        assertThat(h.kernel.journal.commits()).isEqualTo(1);

        h.at(20_000_000L, () -> fio.write(file, 0, 4096).fsync(file, false).start());
        h.runUntil(100_000_000L);
        assertThat(h.kernel.journal.commits()).isEqualTo(2);
    }

    @Test
    void withNothingToCommitFsyncFlushesTheCacheItselfOnlyWithBarriers() {
        for (boolean barrier : new boolean[] {true, false}) {
            OsHarness h = disk(barrier);
            OsHarness.Script fio = h.new Script("fio");
            FileHandle file = h.os.open(fio.task, "/mnt/f", 1 << 20);
            fio.fsync(file, false).start();
            h.runUntil(1_000_000_000L);

            assertThat(sequence(h.completed)).as("barrier=" + barrier)
                    .isEqualTo(barrier ? List.of("FWS fio") : List.of());
            assertThat(fio.done).hasSize(1);
        }
    }

    @Test
    void aTransactionIsCommittedCommitIntervalAfterItStarted() {
        OsHarness h = disk(true);
        OsHarness.Script fio = h.new Script("fio");
        FileHandle file = h.os.open(fio.task, "/mnt/f", 1 << 20);
        h.at(1_000_000_000L, () -> fio.write(file, 0, 4096).start());
        h.runUntil(7_000_000_000L);

        // the write changed the mtime at 1 s: the transaction expires at 6 s (HZ=1000)
        List<OsHarness.Done> jbd2 = h.completedBy("jbd2/sda1-8");
        assertThat(jbd2).isNotEmpty();
        assertThat(jbd2.get(0).at()).isEqualTo(6_000_000_000L + WRITE_NANOS);
        assertThat(h.kernel.journal.commits()).isOne();
        assertThat(h.completedBy("fio")).isEmpty();
    }

    @Test
    void theCommitWaitsForTheOrderedDataOfOtherFilesAllocatedInItsTransaction() {
        // depth 32: a slow data write and fast journal writes are in the device together
        OsHarness h = new OsHarness(true, 32, 128, 1024,
                rq -> rq.task().name().equals("flush-8:0") ? 50_000_000L : WRITE_NANOS, null, OsTunables.defaults());
        OsHarness.Script big = h.new Script("big");
        OsHarness.Script small = h.new Script("small");
        FileHandle bigFile = h.os.open(big.task, "/mnt/big", 1 << 20);
        FileHandle smallFile = h.os.open(small.task, "/mnt/small", 1 << 20);
        big.write(bigFile, 0, 64 * 1024).start();
        // at 30 s the flusher writes the expired big file back (allocating its blocks), then the small file is
        // fsynced
        long kupdate = 30_000_000_000L;
        h.at(kupdate + 1_000_000L, () -> small.write(smallFile, 0, 4096).fsync(smallFile, false).start());
        h.runUntil(kupdate + 1_000_000_000L);

        OsHarness.Done bigData = h.completedBy("flush-8:0").get(0);
        // the flusher's async write waited in the plugged queue until the small file's fsync unplugged it at 1 ms
        assertThat(bigData.at()).isEqualTo(kupdate + 1_000_000L + 50_000_000L);
        assertThat(h.completedBy("small").get(0).at()).isEqualTo(kupdate + 1_000_000L + WRITE_NANOS);
        // (the big write's mtime change was committed alone at 5 s)
        List<OsHarness.Done> jbd2 = h.completedBy("jbd2/sda1-8").stream().filter(d -> d.at() > kupdate).toList();
        assertThat(sequence(jbd2)).containsExactly("WS jbd2/sda1-8", "FWS jbd2/sda1-8", "WS jbd2/sda1-8",
                "FWS jbd2/sda1-8");
        // jbd2 writes its log at once but sends the commit block only after the big file's data completed, as
        // ordered mode requires
        assertThat(jbd2.get(0).at()).isLessThan(bigData.at());
        assertThat(jbd2.get(1).at()).isEqualTo(bigData.at() + WRITE_NANOS);
        assertThat(small.done.get(1).completeTime()).isEqualTo(jbd2.get(3).at());
    }

    @Test
    void anOSyncWriteIsWrittenThroughAsWriteSyncAndCommitted() {
        OsHarness h = disk(false);
        OsHarness.Script fio = h.new Script("fio");
        FileHandle file = h.os.open(fio.task, "/mnt/f", 1 << 20);
        fio.syncWrite(file, 8192, 8192).start();
        h.runUntil(1_000_000_000L);

        assertThat(sequence(h.completed)).containsExactly("WS fio", "WS jbd2/sda1-8", "WS jbd2/sda1-8");
        assertThat(h.completed.get(0).sectors()).isEqualTo(16);
        assertThat(fio.done.get(0).completeTime()).isEqualTo(h.completed.get(2).at());
    }

    @Test
    void anOSyncDirectWriteWaitsForItsDataThenCommitsItsAllocation() {
        OsHarness h = disk(false);
        OsHarness.Script fio = h.new Script("fio");
        FileHandle file = h.os.open(fio.task, "/mnt/f", 1 << 20);
        FileIo io = new FileIo().prepare(FileIo.Kind.WRITE, fio.task, file, 0, 4096, true, fio).setSyncWrite(true);
        h.os.submit(io);
        h.runUntil(1_000_000_000L);

        // WRITE_ODIRECT (sync, idling), then jbd2's log and commit block
        assertThat(sequence(h.completed)).containsExactly("WS fio", "WS jbd2/sda1-8", "WS jbd2/sda1-8");
        assertThat(io.completeTime()).isEqualTo(h.completed.get(2).at());
        assertThat(io.submitTime()).isEqualTo(io.completeTime());
        assertThat(h.kernel.journal.commits()).isOne();
    }

    @Test
    void fsyncOnTheRawDeviceWritesItsDirtyPagesThenFlushes() {
        OsHarness h = disk(true);
        OsHarness.Script fio = h.new Script("fio");
        FileHandle raw = h.os.open(fio.task, "/dev/sda", 0);
        fio.write(raw, 1 << 20, 4096).fsync(raw, false).start();
        h.runUntil(1_000_000_000L);

        assertThat(h.deviceSaw()).containsExactly("WS 2048+8", "FWS 0+0");
        assertThat(h.kernel.journal.commits()).isZero();
    }
}
