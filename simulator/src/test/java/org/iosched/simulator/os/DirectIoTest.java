package org.iosched.simulator.os;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.iosched.api.FileHandle;
import org.iosched.api.FileIo;
import org.iosched.api.InvalidInputException;
import org.iosched.api.IoPrioClass;
import org.iosched.api.Task;
import org.iosched.api.TaskSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DirectIoTest {
    private final OsHarness h = OsHarness.simple();
    private final Task fio = h.os.createTask(TaskSpec.of("fio"));
    private final FileHandle raw = h.os.open(fio, "/dev/sda", 0);

    private FileIo io(FileIo.Kind kind, FileHandle file, long offset, long length, boolean direct) {
        return new FileIo().prepare(kind, fio, file, offset, length, direct, h);
    }

    @Test
    void aDirectReadIsReadSyncBiosAndCompletesWhenTheyDo() {
        FileIo read = io(FileIo.Kind.READ, raw, 1 << 20, 4096, true);
        h.os.submit(read);
        h.runAll();

        assertThat(h.deviceSaw()).containsExactly("RS 2048+8");
        assertThat(h.callbacks).containsExactly("submitted READ@1048576 t=0", "completed READ@1048576 t=1000000");
        assertThat(read.issueTime()).isZero();
        assertThat(read.submitTime()).isZero();
        assertThat(read.completeTime()).isEqualTo(1_000_000);
        assertThat(h.traceText.toString()).contains("  Q  RS 2048 + 8 [fio]");
    }

    @Test
    void aTrimOfTheRawDeviceIsDiscardBiosAndCompletesWhenTheyDo() {
        FileIo trim = io(FileIo.Kind.TRIM, raw, 1 << 20, 8192, true);
        h.os.submit(trim);
        h.runAll();

        assertThat(h.deviceSaw()).containsExactly("D 2048+16");
        assertThat(trim.completeTime()).isEqualTo(1_000_000L);
        assertThat(trim.error()).isNull();
    }

    @Test
    void aTrimOfAFileIsRefusedAsNotModelled() {
        FileHandle file = h.os.open(fio, "/mnt/f", 1 << 20);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> h.os.submit(io(FileIo.Kind.TRIM, file, 0, 4096, true)))
                .isInstanceOf(org.iosched.api.InvalidInputException.class)
                .hasMessageContaining("trim of a file (fallocate PUNCH_HOLE) is not modelled");
    }

    @Test
    void aLargeDirectIoIsCutIntoBiosOfMaxSectorsFromItsStart() {
        OsHarness small = new OsHarness(false, 128, 256, 1_000_000, null);
        Task t = small.os.createTask(TaskSpec.of("fio"));
        FileHandle dev = small.os.open(t, "/dev/sda", 0);
        small.os.submit(new FileIo().prepare(FileIo.Kind.READ, t, dev, 4096, 300 * 1024, true, small));
        small.runAll();

        // 600 sectors from sector 8: bios of 256, 256 and 88 sectors, one request each (each is full)
        assertThat(small.deviceSaw()).containsExactly("RS 8+256", "RS 264+256", "RS 520+88");
        assertThat(small.callbacks).hasSize(2).last().asString().startsWith("completed READ@4096");
    }

    @Test
    void aDirectWriteIsSyncWithoutUnplugYetTheSubmitterRunsTheQueueBeforeWaiting() {
        h.os.submit(io(FileIo.Kind.WRITE, raw, 0, 8192, true));
        h.runAll();

        assertThat(h.deviceSaw()).containsExactly("WS 0+16");
        assertThat(h.device.submitted().get(0).dispatchTime()).isZero();
        assertThat(h.traceText.toString()).contains("  Q  WS 0 + 16 [fio]").contains("  U   N [fio] 1");
    }

    @Test
    void aBatchIsQueuedBeforeTheQueueRunsSoContiguousWritesMerge() {
        FileIo[] batch = {io(FileIo.Kind.WRITE, raw, 0, 4096, true), io(FileIo.Kind.WRITE, raw, 4096, 4096, true),
                io(FileIo.Kind.WRITE, raw, 8192, 4096, true)};
        h.os.submitBatch(batch, 3);
        h.runAll();

        assertThat(h.deviceSaw()).containsExactly("WS 0+24");
        assertThat(h.callbacks).filteredOn(c -> c.startsWith("completed")).hasSize(3);
    }

    @Test
    void fsyncOnARawDeviceIsAnEmptySyncFlush() {
        OsHarness cached = new OsHarness(true, 128, 1024, 2_000_000, null);
        Task t = cached.os.createTask(TaskSpec.of("fio"));
        FileHandle dev = cached.os.open(t, "/dev/sda", 0);
        cached.os.submit(new FileIo().prepare(FileIo.Kind.FSYNC, t, dev, 0, 0, false, cached));
        cached.runAll();

        assertThat(cached.deviceSaw()).containsExactly("FWS 0+0");
        // a blocking call returns when it is done
        assertThat(cached.callbacks).containsExactly("submitted FSYNC@0 t=2000000", "completed FSYNC@0 t=2000000");
    }

    @Test
    void fdatasyncWithoutAWriteCacheCompletesAtOnce() {
        h.os.submit(io(FileIo.Kind.FDATASYNC, raw, 0, 0, true));
        h.runAll();

        assertThat(h.deviceSaw()).isEmpty();
        assertThat(h.callbacks).containsExactly("submitted FDATASYNC@0 t=0", "completed FDATASYNC@0 t=0");
        assertThat(h.os.idle()).isTrue();
    }

    @Test
    void misalignedOrOutOfRangeDirectIoFailsWithAnErrorText() {
        FileHandle file = h.os.open(fio, "/mnt/test/a", 64 * 1024);
        FileIo misaligned = io(FileIo.Kind.READ, file, 100, 4096, true);
        FileIo beyond = io(FileIo.Kind.WRITE, file, 64 * 1024, 4096, true);
        h.os.submit(misaligned);
        h.os.submit(beyond);
        h.runAll();

        assertThat(misaligned.error()).startsWith("EINVAL: O_DIRECT needs");
        assertThat(beyond.error()).contains("lies outside /mnt/test/a");
        assertThat(h.callbacks).containsExactly("submitted READ@100 t=0", "completed READ@100 t=0 error",
                "submitted WRITE@65536 t=0", "completed WRITE@65536 t=0 error");
        assertThat(h.deviceSaw()).isEmpty();
    }

    @Test
    void aDirectReadOfAFileGoesToItsExtentAndReopeningGivesTheSameInode() {
        FileHandle a = h.os.open(fio, "/mnt/a", 10_000);
        h.os.submit(io(FileIo.Kind.READ, a, 4096, 4096, true));
        h.runAll();

        long start = ((OpenFile) a).inode.sectorOf(0);
        assertThat(h.deviceSaw()).containsExactly("RS " + (start + 8) + "+8");
        assertThat(((OpenFile) h.os.open(fio, "/mnt/a", 5_000)).inode).isSameAs(((OpenFile) a).inode);
        assertThat(raw.size()).isEqualTo((1L << 21) * 512);
        assertThat(raw.isRawDevice()).isTrue();
        assertThat(a.isRawDevice()).isFalse();
        assertThat(a.path()).isEqualTo("/mnt/a");
    }

    @Test
    void aDirectIoCrossingAnExtentBoundaryIsCutThere() {
        OsHarness fragmented = new OsHarness(false, 128, 1024, rq -> 1_000_000, null,
                OsTunables.defaults().withFragmentation(100));
        Task t = fragmented.os.createTask(TaskSpec.of("fio"));
        OpenFile f = (OpenFile) fragmented.os.open(t, "/mnt/frag", 4L << 20);
        fragmented.os.submit(new FileIo().prepare(FileIo.Kind.READ, t, f, 1020 * 1024, 8192, true, fragmented));
        fragmented.runAll();

        assertThat(f.inode.extentCount()).isEqualTo(4);
        assertThat(fragmented.deviceSaw()).containsExactly("RS " + f.inode.sectorOf(1020 * 1024) + "+8",
                "RS " + f.inode.sectorOf(1024 * 1024) + "+8");
    }

    @Test
    void aDirectWriteFirstWritesBackAndDropsTheRangesCachedPages() {
        FileHandle file = h.os.open(fio, "/mnt/mixed", 1 << 20);
        h.os.submit(io(FileIo.Kind.WRITE, file, 0, 8192, false));
        h.os.submit(io(FileIo.Kind.WRITE, file, 0, 4096, true));
        h.runUntil(1_000_000_000L);

        // filemap_write_and_wait_range of the direct write's page, WRITE_SYNC; then the direct write itself
        long start = ((OpenFile) file).inode.sectorOf(0);
        assertThat(h.deviceSaw()).containsExactly("WS " + start + "+8", "WS " + start + "+8");
        Inode inode = ((OpenFile) file).inode;
        assertThat(inode.map.frame(0)).isEqualTo(-1);
        assertThat(inode.map.dirty(1)).isTrue();
    }

    @Test
    void directIoWaitsOnlyForTheWritebackInFlightOverItsOwnRange() {
        // 4 MiB dirtied at t=0 and written back by an fsync from 1 ms: 8 WRITE_SYNC bios of 512 KiB, 1 ms each
        Task writer = h.os.createTask(TaskSpec.of("writer"));
        Task syncer = h.os.createTask(TaskSpec.of("syncer"));
        Task[] direct = {h.os.createTask(TaskSpec.of("r-out")), h.os.createTask(TaskSpec.of("w-out")),
                h.os.createTask(TaskSpec.of("r-in")), h.os.createTask(TaskSpec.of("w-in"))};
        h.os.submit(new FileIo().prepare(FileIo.Kind.WRITE, writer, h.os.open(writer, "/dev/sda", 0), 0, 4 << 20,
                false, h));
        h.at(1_000_000, () -> h.os.submit(new FileIo().prepare(FileIo.Kind.FSYNC, syncer,
                h.os.open(syncer, "/dev/sda", 0), 0, 0, false, h)));
        FileIo[] ios = new FileIo[4];
        long[] offsets = {64 << 20, 32 << 20, (4 << 20) - 4096, (4 << 20) - 8192};
        for (int i = 0; i < 4; i++) {
            ios[i] = new FileIo().prepare(i % 2 == 0 ? FileIo.Kind.READ : FileIo.Kind.WRITE, direct[i],
                    h.os.open(direct[i], "/dev/sda", 0), offsets[i], 4096, true, h);
            FileIo io = ios[i];
            h.at(1_500_000, () -> h.os.submit(io));
        }
        h.runAll();

        List<OsHarness.Done> writeback = h.completedBy("syncer");
        assertThat(writeback).hasSize(8);
        long lastPagesWritten = writeback.get(7).at();
        // outside the dirty range: queued at once (filemap_fdatawait_range sees no page of theirs under writeback)
        assertThat(ios[0].submitTime()).isEqualTo(1_500_000);
        assertThat(ios[1].submitTime()).isEqualTo(1_500_000);
        // inside it: queued once the writeback over their pages (the last bio) has completed
        assertThat(ios[2].submitTime()).isEqualTo(lastPagesWritten);
        assertThat(ios[3].submitTime()).isEqualTo(lastPagesWritten);
        assertThat(lastPagesWritten).isGreaterThan(8_000_000);
    }

    @Test
    void aFileThatDoesNotFitIsAUserError() {
        assertThatThrownBy(() -> h.os.open(fio, "/mnt/huge", 2L << 30))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("/mnt/huge: a file of 2147483648 bytes does not fit on device fake");
        assertThatThrownBy(() -> h.os.open(fio, "/dev/sdb", 2L << 30))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("holds 1073741824 bytes");
    }

    @Test
    void tasksGetPidsFrom1000AndKernelThreadsFrom100AfterTheFlusherAndJbd2() {
        Task second = h.os.createTask(new TaskSpec("fio2", IoPrioClass.RT, 2, 0, "/", 0));
        Task kioband = h.os.createKernelThread("kioband");

        assertThat(fio.pid()).isEqualTo(1000);
        assertThat(second.pid()).isEqualTo(1001);
        assertThat(second.ioprioClass()).isEqualTo(IoPrioClass.RT);
        assertThat(second.ioprioLevel()).isEqualTo(2);
        assertThat(h.os.taskStats()).extracting(org.iosched.simulator.result.TaskStats::name)
                .startsWith("flush-8:0", "jbd2/sda1-8");
        assertThat(h.os.taskStats()).extracting(org.iosched.simulator.result.TaskStats::pid).startsWith(100, 101);
        assertThat(kioband.pid()).isEqualTo(102);
        assertThat(kioband.isKernelThread()).isTrue();
        assertThat(kioband.ioprioClass()).isEqualTo(IoPrioClass.BE);
        assertThat(kioband.ioprioLevel()).isEqualTo(4);
        assertThat(kioband.cgroup().isRoot()).isTrue();
        assertThat(h.os.createTask(new TaskSpec("nice", null, -1, 19, "/", 0)).ioprioLevel()).isEqualTo(7);
    }

    @Test
    void cgroupsAreCreatedOnFirstUseAndKeepTheirWeight() {
        Task a = h.os.createTask(new TaskSpec("a", null, -1, 0, "/grp", 800));
        Task b = h.os.createTask(new TaskSpec("b", null, -1, 0, "/grp", 0));

        assertThat(a.cgroup()).isSameAs(b.cgroup());
        assertThat(a.cgroup().weight()).isEqualTo(800);
        assertThat(fio.cgroup().isRoot()).isTrue();
        assertThatThrownBy(() -> h.os.createTask(new TaskSpec("c", null, -1, 0, "/grp", 300)))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("cgroup /grp already has blkio.weight 800; it cannot also have 300");
        assertThatThrownBy(() -> h.os.createTask(new TaskSpec("d", null, -1, 0, "/bad", 5)))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("blkio.weight must be 100..1000");
    }

    @Test
    void aTaskThatSleepsForARequestHoldsBackItsLaterSubmissions() {
        OsHarness tiny = new OsHarness(false, 4, 1024, 1_000_000, null);
        Task[] tasks = new Task[5];
        for (int i = 0; i < tasks.length; i++) {
            tasks[i] = tiny.os.createTask(TaskSpec.of("t" + i));
        }
        FileHandle dev = tiny.os.open(tasks[0], "/dev/sda", 0);
        for (int i = 0; i < 4; i++) {
            tiny.os.submit(new FileIo().prepare(FileIo.Kind.READ, tasks[i], dev, i * 1_048_576L, 4096, true, tiny));
        }
        FileIo blocked = new FileIo().prepare(FileIo.Kind.READ, tasks[4], dev, 50L << 20, 4096, true, tiny);
        FileIo behind = new FileIo().prepare(FileIo.Kind.READ, tasks[4], dev, 60L << 20, 4096, true, tiny);
        tiny.os.submit(blocked);
        tiny.os.submit(behind);
        tiny.runAll();

        assertThat(blocked.submitTime()).isEqualTo(1_000_000);
        assertThat(behind.submitTime()).isEqualTo(1_000_000);
        assertThat(tiny.traceText.toString()).contains("  S  RS 102400 + 8 [t4]");
        assertThat(tiny.callbacks).filteredOn(c -> c.startsWith("completed")).hasSize(6);
        assertThat(tiny.os.idle()).isTrue();
    }

    @Test
    void logsAreDiscardedWithoutADirectory() throws Exception {
        Appendable log = h.os.openLog("job_bw.1.log");
        log.append("1, 2, 0, 4096\n");
        h.os.close();
    }

    @Test
    void logsAreWrittenUnderTheDirectoryAndClosedAtTheEnd(@TempDir Path dir) throws Exception {
        OsHarness logged = new OsHarness(false, 128, 1024, 1, dir);
        Appendable log = logged.os.openLog("sub/job_lat.1.log");
        log.append("5, 100, 0, 4096\n");
        assertThat(logged.os.openLog("sub/job_lat.1.log")).isSameAs(log);
        logged.os.close();

        assertThat(Files.readString(dir.resolve("sub/job_lat.1.log"))).isEqualTo("5, 100, 0, 4096\n");
    }

    @Test
    void randomStreamsArePerNameAndAnExplicitSeedIgnoresTheRunSeed() {
        long a = h.os.random("job", -1).nextLong();
        long b = h.os.random("job", -1).nextLong();
        long c = h.os.random("other", -1).nextLong();
        long seeded = h.os.random("job", 7).nextLong();

        assertThat(a).isEqualTo(b).isNotEqualTo(c).isNotEqualTo(seeded);
    }
}
