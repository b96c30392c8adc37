package org.iosched.simulator.os;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.iosched.api.FileHandle;
import org.iosched.api.FileIo;
import org.iosched.api.FileIoListener;
import org.iosched.api.Task;
import org.iosched.api.TaskSpec;
import org.iosched.simulator.result.KernelVersion;
import org.junit.jupiter.api.Test;

/** Readahead of Linux 6.6 ({@code mm/readahead.c}) where it differs from 2.6.32-3.0, on a 512 KiB max_sectors queue. */
class Readahead66Test {
    /** Reads {@code count} blocks of {@code bs} bytes one after another from offset 0. */
    private static final class Reader implements FileIoListener {
        final OsHarness h;
        final Task task;
        final FileHandle file;
        final int bs;
        final int count;
        int next;

        Reader(OsHarness h, long size, int bs, int count) {
            this.h = h;
            this.task = h.os.createTask(TaskSpec.of("reader"));
            this.file = h.os.open(task, "/mnt/seq", size);
            this.bs = bs;
            this.count = count;
        }

        void start() {
            h.os.submit(new FileIo().prepare(FileIo.Kind.READ, task, file, 0, bs, false, this));
            next = 1;
        }

        @Override
        public void completed(FileIo io) {
            if (next < count) {
                h.os.submit(io.prepare(FileIo.Kind.READ, task, file, (long) next++ * bs, bs, false, this));
            }
        }
    }

    private static OsHarness harness(KernelVersion version, int readAheadKb) {
        return new OsHarness(false, 1, 128, 1024, rq -> 1_000_000, null,
                new OsTunables(4096, 10, 20, 3000, 500, readAheadKb, true, 5, 0, false, false, false), version);
    }

    private static List<String> reads(OsHarness h) {
        List<String> out = new ArrayList<>();
        for (OsHarness.Done d : h.completed) {
            if (d.rwbs().startsWith("R")) {
                out.add(d.rwbs() + " " + d.sectors());
            }
        }
        return out;
    }

    @Test
    void sequentialReadsRampUpAsIn30ButTheBiosAreMarkedReadahead() {
        OsHarness h = harness(KernelVersion.V6_6, 128);
        new Reader(h, 4 << 20, 4096, 256).start();
        h.runAll();

        assertThat(reads(h)).startsWith("RA 32", "RA 64", "RA 128", "RA 256", "RA 256");
        assertThat(h.traceText.toString()).contains("  Q  RA ").doesNotContain("  Q   R ");
    }

    @Test
    void aRequestLargerThanTheWindowReadsUpToMaxSectorsAtOnce() {
        // 1 MiB reads with read_ahead_kb 128: 3.0 caps the window at 32 pages (64 merged), 6.6 at io_pages (128)
        OsHarness old = harness(KernelVersion.V3_0, 128);
        new Reader(old, 8 << 20, 1 << 20, 8).start();
        old.runAll();
        OsHarness now = harness(KernelVersion.V6_6, 128);
        new Reader(now, 8 << 20, 1 << 20, 8).start();
        now.runAll();

        assertThat(reads(old)).startsWith("R 512", "R 256", "R 256");
        assertThat(reads(now)).hasSize(16).containsOnly("RA 1024");
    }

    @Test
    void withReadaheadOffA66ReadStillReadsItsPagesInOneWindow() {
        OsHarness old = harness(KernelVersion.V3_0, 0);
        new Reader(old, 1 << 20, 32 << 10, 1).start();
        old.runAll();
        OsHarness now = harness(KernelVersion.V6_6, 0);
        new Reader(now, 1 << 20, 32 << 10, 1).start();
        now.runAll();

        assertThat(reads(old)).containsExactly("R 8", "R 8", "R 8", "R 8", "R 8", "R 8", "R 8", "R 8");
        assertThat(reads(now)).containsExactly("RA 64");
    }
}
