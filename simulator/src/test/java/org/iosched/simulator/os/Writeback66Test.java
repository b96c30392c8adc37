package org.iosched.simulator.os;

import static org.assertj.core.api.Assertions.assertThat;

import org.iosched.api.FileHandle;
import org.iosched.api.FileIo;
import org.iosched.api.FileIoListener;
import org.iosched.api.Task;
import org.iosched.api.TaskSpec;
import org.iosched.simulator.result.KernelVersion;
import org.junit.jupiter.api.Test;

/** The flusher of Linux 6.6: {@code wb_workfn} in a {@code kworker}, slices of {@code writeback_chunk_size}. */
class Writeback66Test {
    /** Dirties {@code pages} pages with 4 KiB buffered writes, one after another. */
    private static final class Writer implements FileIoListener {
        final OsHarness h;
        final Task task;
        final FileHandle file;
        final long size;
        long offset;

        Writer(OsHarness h, long pages) {
            this.h = h;
            this.task = h.os.createTask(TaskSpec.of("dd"));
            this.size = pages * 4096;
            this.file = h.os.open(task, "/mnt/f", size);
        }

        void start() {
            h.os.submit(new FileIo().prepare(FileIo.Kind.WRITE, task, file, 0, 4096, false, this));
        }

        @Override
        public void completed(FileIo io) {
            offset += 4096;
            if (offset < size) {
                h.os.submit(io.prepare(FileIo.Kind.WRITE, task, file, offset, 4096, false, this));
            }
        }
    }

    private static long sectorsWrittenBy(OsHarness h, String task) {
        return h.completedBy(task).stream().mapToLong(OsHarness.Done::sectors).sum();
    }

    @Test
    void backgroundWritebackIsOneChunkOfHalfASecondsBandwidthCappedAtAnEighthOfTheLimit() {
        // 256 MiB: background threshold 6544 pages (3.0: 6553); 8000 pages dirtied, then the writer stops
        OsHarness now = new OsHarness(false, 1, 128, 1024, rq -> 1_000_000, null,
                OsTunables.defaults().withMemoryMb(256), KernelVersion.V6_6);
        new Writer(now, 8000).start();
        now.runUntil(1_000_000_000L);
        OsHarness old = new OsHarness(false, 1, 128, 1024, rq -> 1_000_000, null,
                OsTunables.defaults().withMemoryMb(256), KernelVersion.V3_0);
        new Writer(old, 8000).start();
        old.runUntil(1_000_000_000L);

        // 6.6: min(100 MiB/s / 2, dirty_limit / 8) = 1638 pages, rounded up past 4 MiB: 2048 pages, and then the
        // dirty pages are below the background threshold; 3.0: one MAX_WRITEBACK_PAGES slice of 1024
        assertThat(sectorsWrittenBy(now, "kworker/u2:0")).isEqualTo(2048 * 8);
        assertThat(sectorsWrittenBy(old, "flush-8:0")).isEqualTo(1024 * 8);
        assertThat(now.kernel.cache.nrDirty()).isEqualTo(8000 - 2048);
        assertThat(now.completedBy("flush-8:0")).isEmpty();
    }
}
