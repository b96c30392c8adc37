package org.iosched.simulator.os;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.iosched.api.FileHandle;
import org.iosched.api.FileIo;
import org.iosched.api.FileIoListener;
import org.iosched.api.Task;
import org.iosched.api.TaskSpec;
import org.iosched.simulator.result.TaskStats;
import org.junit.jupiter.api.Test;

class WritebackTest {
    /** A device writing 50 MB/s: 100 us per command plus 10 us per sector. */
    private static long rate(org.iosched.api.Request rq) {
        return 100_000 + rq.sectors() * 10_000L;
    }

    /** Writes {@code size} bytes sequentially in 4 KiB buffered writes, watching dirty memory after each. */
    private static final class Writer implements FileIoListener {
        final OsHarness h;
        final Task task;
        final FileHandle file;
        final long size;
        long offset;
        long maxDirtyAndWriteback;
        long doneAt = -1;

        Writer(OsHarness h, String name, String path, long size) {
            this(h, TaskSpec.of(name), path, size);
        }

        Writer(OsHarness h, TaskSpec spec, String path, long size) {
            this.h = h;
            this.task = h.os.createTask(spec);
            this.file = h.os.open(task, path, size);
            this.size = size;
        }

        void start() {
            h.os.submit(new FileIo().prepare(FileIo.Kind.WRITE, task, file, 0, 4096, false, this));
        }

        @Override
        public void completed(FileIo io) {
            maxDirtyAndWriteback = Math.max(maxDirtyAndWriteback, h.kernel.cache.nrDirty() + h.kernel.cache.nrWriteback());
            offset += 4096;
            if (offset < size) {
                h.os.submit(io.prepare(FileIo.Kind.WRITE, task, file, offset, 4096, false, this));
            } else {
                doneAt = h.clock.now();
            }
        }
    }

    private static TaskStats stats(OsHarness h, String name) {
        return h.os.taskStats().stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void aBufferedWriteDirtiesThePageAndReturnsAtOnce() {
        OsHarness h = OsHarness.simple();
        OsHarness.Script fio = h.new Script("fio");
        FileHandle file = h.os.open(fio.task, "/mnt/f", 1 << 20);
        fio.write(file, 4096, 100).start();
        h.runUntil(1_000_000_000L);

        Inode inode = ((OpenFile) file).inode;
        assertThat(fio.done.get(0).completeTime()).isZero();
        assertThat(inode.map.dirty(1)).isTrue();
        assertThat(h.kernel.cache.nrDirty()).isOne();
        // the block was never written: a partial write needs no read
        assertThat(h.completed).filteredOn(d -> d.task().equals("fio")).isEmpty();
    }

    @Test
    void aPartialWriteOfAnUncachedBlockHoldingDataReadsItFirst() {
        OsHarness h = OsHarness.simple();
        OsHarness.Script fio = h.new Script("fio");
        FileHandle file = h.os.open(fio.task, "/mnt/f", 1 << 20);
        // a direct read touches the block first: it counts as laid out, and O_DIRECT leaves nothing cached
        fio.read(file, 4096, 4096, true).write(file, 4096, 100).start();
        h.runUntil(1_000_000_000L);

        long sector = ((OpenFile) file).inode.sectorOf(4096);
        assertThat(h.completedBy("fio")).extracting(d -> d.rwbs() + " " + d.sector())
                .containsExactly("RS " + sector, "R " + sector);
        assertThat(fio.done.get(1).completeTime()).isEqualTo(2_000_000L);
    }

    @Test
    void aWriterIsThrottledAtDirtyRatioAndItsLongRunRateIsTheDevicesWriteRate() {
        OsHarness h = new OsHarness(false, 128, 1024, WritebackTest::rate, null,
                OsTunables.defaults().withMemoryMb(64));
        Writer writer = new Writer(h, "dd", "/mnt/big", 256L << 20);
        writer.start();
        h.runUntil(100_000_000_000L);

        // 20% of 64 MiB is 3276 pages; a writer overshoots by at most ratelimit_pages (512 here) before it checks
        assertThat(h.kernel.dirtyThresh).isEqualTo(3276);
        assertThat(writer.maxDirtyAndWriteback).isGreaterThan(h.kernel.dirtyThresh)
                .isLessThanOrEqualTo(h.kernel.dirtyThresh + h.kernel.ratelimitPages);
        long sectors = 0;
        long busy = 0;
        for (OsHarness.Done d : h.completedBy("flush-8:0")) {
            sectors += d.sectors();
            busy += 100_000 + d.sectors() * 10_000L;
        }
        double deviceRate = sectors * 512.0 / busy;
        double writerRate = writer.size * 1.0 / writer.doneAt;
        assertThat(writerRate / deviceRate).isBetween(0.95, 1.1);
    }

    @Test
    void writebackCarriesTheFlushersCgroupUnlessPageOwnersAreTracked() {
        TaskSpec inGroup = new TaskSpec("dd", null, -1, 0, "/grp2", 100);
        for (String mode : List.of("flusher", "owner")) {
            OsTunables tunables = OsTunables.from(
                    org.iosched.api.Settings.resolve("vm", OsTunables.VM, java.util.Map.of("memory_mb", "64",
                            "writeback_cgroup", mode)),
                    org.iosched.api.Settings.defaults("fs", OsTunables.FS), 128);
            OsHarness h = new OsHarness(false, 128, 1024, WritebackTest::rate, null, tunables);
            new Writer(h, inGroup, "/mnt/f", 2048L * 4096).start();
            h.runUntil(1_000_000_000L);
            assertThat(h.completedBy("flush-8:0")).as(mode).isNotEmpty()
                    .allMatch(d -> d.cgroup().equals(mode.equals("owner") ? "/grp2" : "/"));
        }
    }

    @Test
    void throttledWritersWriteBackItselvesInTheirOwnContextAsAsyncWrites() {
        // a small request pool keeps few pages under writeback, so dirty pages alone exceed the limit
        OsHarness h = new OsHarness(false, 4, 1024, WritebackTest::rate, null, OsTunables.defaults().withMemoryMb(64));
        Writer a = new Writer(h, "writer-a", "/mnt/a", 48L << 20);
        Writer b = new Writer(h, "writer-b", "/mnt/b", 48L << 20);
        a.start();
        b.start();
        h.runUntil(100_000_000_000L);

        for (String name : List.of("writer-a", "writer-b", "flush-8:0")) {
            assertThat(stats(h, name).syncBios()).as(name).isZero();
        }
        // each writer may find the other file held (I_SYNC) by the flusher or the other writer; together they
        // write back a share of the pages themselves
        assertThat(stats(h, "writer-a").writeBios() + stats(h, "writer-b").writeBios()).isPositive();
        assertThat(stats(h, "flush-8:0").writeBios()).isPositive();
        assertThat(h.traceText.toString()).containsPattern("  Q   W \\d+ \\+ \\d+ \\[writer-[ab]\\]");
        assertThat(a.doneAt).isPositive();
        assertThat(b.doneAt).isPositive();
    }

    @Test
    void dirtyMemoryAboveTheBackgroundRatioStartsTheFlusherAtOnce() {
        OsHarness h = new OsHarness(false, 128, 1024, WritebackTest::rate, null, OsTunables.defaults().withMemoryMb(64));
        // the background threshold is 1638 pages; after 2048 pages the writer's balance_dirty_pages wakes the flusher
        Writer writer = new Writer(h, "dd", "/mnt/f", 2048L * 4096);
        writer.start();
        h.runUntil(1_000_000_000L);

        assertThat(h.completedBy("flush-8:0")).isNotEmpty();
        assertThat(h.completedBy("flush-8:0").get(0).at()).isLessThan(100_000_000L);
        assertThat(h.kernel.cache.nrDirty()).isLessThanOrEqualTo(h.kernel.backgroundThresh);
    }

    @Test
    void dirtyDataOlderThanDirtyExpireIsWrittenWithinOneWritebackInterval() {
        OsHarness h = OsHarness.simple();
        OsHarness.Script fio = h.new Script("fio");
        FileHandle file = h.os.open(fio.task, "/mnt/f", 1 << 20);
        h.at(2_000_000_000L, () -> fio.write(file, 0, 64 * 1024).start());
        h.runUntil(40_000_000_000L);

        // dirtied at 2 s, expired at 32 s; the flusher wakes every 5 s (5, 10, ... 35 s)
        List<OsHarness.Done> flusher = h.completedBy("flush-8:0");
        assertThat(flusher).isNotEmpty();
        OsHarness.Done first = flusher.get(0);
        assertThat(first.sector()).isEqualTo(((OpenFile) file).inode.sectorOf(0));
        assertThat(first.at()).isBetween(32_000_000_000L, 32_000_000_000L + 5_000_000_000L + 10_000_000L);
        assertThat(first.sectors()).isEqualTo(128);
        assertThat(first.rwbs()).isEqualTo("W");
    }

    @Test
    void theFlusherWritesInslicesOf1024PagesPerFileInTurn() {
        OsHarness h = new OsHarness(false, 128, 1024, rq -> 100_000, null, OsTunables.defaults());
        OsHarness.Script a = h.new Script("a");
        OsHarness.Script b = h.new Script("b");
        FileHandle fa = h.os.open(a.task, "/mnt/a", 8 << 20);
        FileHandle fb = h.os.open(b.task, "/mnt/b", 8 << 20);
        a.write(fa, 0, 8 << 20).start();
        b.write(fb, 0, 8 << 20).start();
        h.runUntil(40_000_000_000L);

        // kupdate at 30 s: 4 MiB (8 requests of 512 KiB) of a, of b, then again
        Inode ia = ((OpenFile) fa).inode;
        StringBuilder order = new StringBuilder();
        for (OsHarness.Done d : h.completedBy("flush-8:0")) {
            if (d.sectors() == 1024) {
                order.append(d.sector() >= ia.sectorOf(0) && d.sector() < ia.sectorOf(0) + (8 << 11) ? 'a' : 'b');
            }
        }
        assertThat(order.toString()).isEqualTo("aaaaaaaabbbbbbbbaaaaaaaabbbbbbbb");
    }

    @Test
    void theFlusherWritesInItsOwnContextAndTheRootCgroupWhateverCgroupDirtiedThePages() {
        OsHarness h = OsHarness.simple();
        OsHarness.Script fio = h.new Script(new TaskSpec("fio", null, -1, 0, "/grp", 800));
        FileHandle file = h.os.open(fio.task, "/mnt/f", 1 << 20);
        fio.write(file, 0, 4096).start();
        h.runUntil(40_000_000_000L);

        TaskStats flusher = stats(h, "flush-8:0");
        assertThat(flusher.cgroup()).isEqualTo("/");
        assertThat(flusher.kernelThread()).isTrue();
        assertThat(flusher.writeBios()).isPositive();
        assertThat(stats(h, "fio").cgroup()).isEqualTo("/grp");
        assertThat(stats(h, "fio").writeBios()).isZero();
        assertThat(h.traceText.toString()).contains("   100  Q   W ").contains("[flush-8:0]");
    }

    @Test
    void afterFinishEverythingDirtyIsWrittenBackAtOnce() {
        OsHarness h = OsHarness.simple();
        OsHarness.Script fio = h.new Script("fio");
        FileHandle file = h.os.open(fio.task, "/mnt/f", 1 << 20);
        fio.write(file, 0, 256 * 1024).start();
        h.runUntil(1_000_000L);
        h.os.finish();
        h.clock.run(Long.MAX_VALUE, () -> h.os.idle());

        assertThat(h.os.idle()).isTrue();
        assertThat(h.clock.now()).isLessThan(100_000_000L);
        assertThat(h.kernel.cache.nrDirty()).isZero();
        assertThat(h.completedBy("flush-8:0")).extracting(OsHarness.Done::sectors).containsExactly(512);
    }

    @Test
    void withWritebackBioBufferEachPageIsABioOfItsOwnAndTheElevatorMergesThem() {
        OsTunables tunables = OsTunables.from(org.iosched.api.Settings.defaults("vm", OsTunables.VM),
                org.iosched.api.Settings.resolve("fs", OsTunables.FS, java.util.Map.of("writeback_bio", "buffer")),
                128);
        OsHarness h = new OsHarness(false, 128, 1024, rq -> 100_000, null, tunables);
        OsHarness.Script fio = h.new Script("fio");
        FileHandle file = h.os.open(fio.task, "/mnt/f", 1 << 20);
        fio.write(file, 0, 256 * 1024).start();
        h.runUntil(1_000_000L);
        h.os.finish();
        h.clock.run(Long.MAX_VALUE, () -> h.os.idle());

        // 64 bios of one page each (2.6.36 block_write_full_page), one request of 256 KiB on the device
        assertThat(stats(h, "flush-8:0").writeBios()).isEqualTo(64);
        assertThat(h.traceText.toString()).containsPattern("  Q   W \\d+ \\+ 8 \\[flush-8:0\\]")
                .doesNotContainPattern("  Q   W \\d+ \\+ (?!8 )\\d+ \\[flush-8:0\\]");
        assertThat(h.completedBy("flush-8:0")).extracting(OsHarness.Done::sectors).containsExactly(512);
    }
}
