package org.iosched.simulator.os;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.iosched.api.FileHandle;
import org.iosched.api.FileIo;
import org.iosched.api.FileIoListener;
import org.iosched.api.Task;
import org.iosched.api.TaskSpec;
import org.junit.jupiter.api.Test;

class BufferedReadTest {
    /** Reads {@code count} blocks of {@code bs} bytes at the offsets given, one after another. */
    private static final class Reader implements FileIoListener {
        final OsHarness h;
        final Task task;
        final FileHandle file;
        final long[] offsets;
        final int bs;
        final List<Long> latencies = new ArrayList<>();
        int next;

        Reader(OsHarness h, String path, long size, long[] offsets, int bs) {
            this.h = h;
            this.task = h.os.createTask(TaskSpec.of("reader"));
            this.file = h.os.open(task, path, size);
            this.offsets = offsets;
            this.bs = bs;
        }

        void start() {
            h.os.submit(new FileIo().prepare(FileIo.Kind.READ, task, file, offsets[next++], bs, false, this));
        }

        @Override
        public void completed(FileIo io) {
            latencies.add(io.completeTime() - io.issueTime());
            if (next < offsets.length) {
                h.os.submit(io.prepare(FileIo.Kind.READ, task, file, offsets[next++], bs, false, this));
            }
        }
    }

    private static long[] sequential(int count, int bs) {
        long[] offsets = new long[count];
        for (int i = 0; i < count; i++) {
            offsets[i] = (long) i * bs;
        }
        return offsets;
    }

    private static List<Integer> readSizes(OsHarness h) {
        List<Integer> sizes = new ArrayList<>();
        for (OsHarness.Done d : h.completed) {
            if (d.rwbs().equals("R")) {
                sizes.add(d.sectors());
            }
        }
        return sizes;
    }

    @Test
    void initialAndNextWindowSizesFollowTheKernelsRules() {
        // 128 KiB of read_ahead_kb: 32 pages
        assertThat(Readahead.initialSize(1, 32)).isEqualTo(4);
        assertThat(Readahead.initialSize(3, 32)).isEqualTo(8);
        assertThat(Readahead.initialSize(8, 32)).isEqualTo(16);
        assertThat(Readahead.initialSize(9, 32)).isEqualTo(32);
        assertThat(Readahead.nextSize(1, 32)).isEqualTo(4);
        assertThat(Readahead.nextSize(4, 32)).isEqualTo(8);
        assertThat(Readahead.nextSize(16, 32)).isEqualTo(32);
        assertThat(Readahead.nextSize(32, 32)).isEqualTo(32);
    }

    @Test
    void sequentialBufferedReadsRampUpToRequestsOfTheReadaheadSize() {
        OsHarness h = OsHarness.simple();
        Reader reader = new Reader(h, "/mnt/seq", 4 << 20, sequential(256, 4096), 4096);
        reader.start();
        h.runUntil(5_000_000_000L);

        // windows of 4, 8, 16 then 32 pages (128 KiB = 256 sectors): plain READs of the reader
        assertThat(readSizes(h)).startsWith(32, 64, 128, 256, 256, 256, 256);
        assertThat(readSizes(h).subList(3, readSizes(h).size())).containsOnly(256);
        assertThat(h.completed).allSatisfy(d -> assertThat(d.task()).isEqualTo("reader"));
        assertThat(h.traceText.toString()).contains("  Q   R ").doesNotContain("  Q  RA ").doesNotContain(" RS ");
    }

    @Test
    void readAheadKbSetsTheLargestWindow() {
        OsHarness h = new OsHarness(false, 128, 1024, rq -> 1_000_000, null,
                new OsTunables(4096, 10, 20, 3000, 500, 512, true, 5, 0, false, false, false));
        Reader reader = new Reader(h, "/mnt/seq", 8 << 20, sequential(1024, 4096), 4096);
        reader.start();
        h.runUntil(5_000_000_000L);

        // 512 KiB: windows of 4, 16, 32, 64, then 128 pages (1024 sectors)
        assertThat(readSizes(h)).startsWith(32, 128, 256, 512, 1024, 1024);
    }

    @Test
    void withReadaheadOffEachPageIsReadAlone() {
        OsHarness h = new OsHarness(false, 128, 1024, rq -> 1_000_000, null,
                new OsTunables(4096, 10, 20, 3000, 500, 0, true, 5, 0, false, false, false));
        Reader reader = new Reader(h, "/mnt/seq", 1 << 20, sequential(8, 4096), 4096);
        reader.start();
        h.runAll();

        assertThat(readSizes(h)).containsExactly(8, 8, 8, 8, 8, 8, 8, 8);
    }

    @Test
    void aRandomReadReadsOnlyTheRequestedPages() {
        OsHarness h = OsHarness.simple();
        Reader reader = new Reader(h, "/mnt/rand", 64 << 20, new long[] {40 << 20, 8 << 20, 20 << 20}, 8192);
        reader.start();
        h.runAll();

        // the first read starts no stream (offset > 0, no history): each read is its own two pages
        assertThat(readSizes(h)).containsExactly(16, 16, 16);
    }

    @Test
    void onlyTheDemandedPageIsWaitedFor() {
        OsHarness h = new OsHarness(false, 128, 1024, rq -> 100_000 + rq.sectors() * 10_000L, null,
                OsTunables.defaults());
        Reader reader = new Reader(h, "/mnt/seq", 4 << 20, sequential(64, 4096), 4096);
        reader.start();
        h.runAll();

        // the first read waits for its window of 4 pages (32 sectors); the next three are cached
        assertThat(reader.latencies.get(0)).isEqualTo(100_000 + 32 * 10_000L);
        assertThat(reader.latencies.subList(1, 4)).containsOnly(0L);
    }

    @Test
    void cachedPagesAreReadWithoutIo() {
        OsHarness h = OsHarness.simple();
        Reader first = new Reader(h, "/mnt/twice", 1 << 20, sequential(256, 4096), 4096);
        first.start();
        h.runAll();
        int requests = h.completed.size();
        Reader second = new Reader(h, "/mnt/twice", 1 << 20, sequential(256, 4096), 4096);
        second.start();
        h.runAll();

        assertThat(h.completed).hasSize(requests);
        assertThat(second.latencies).containsOnly(0L);
    }

    @Test
    void theCacheHoldsAtMostItsMemoryAndEvictsTheColdestPages() {
        OsHarness h = new OsHarness(false, 128, 1024, rq -> 100_000, null, OsTunables.defaults().withMemoryMb(16));
        Reader reader = new Reader(h, "/mnt/big", 64 << 20, sequential(64 * 256, 4096), 4096);
        reader.start();
        h.runAll();
        Inode inode = ((OpenFile) reader.file).inode;

        assertThat(h.kernel.cache.cached()).isEqualTo(16 * 256);
        assertThat(inode.map.frame(0)).isEqualTo(-1);
        assertThat(inode.map.frame(64 * 256 - 1)).isGreaterThanOrEqualTo(0);
    }
}
