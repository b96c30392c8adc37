package org.iosched.simulator.os;

import static org.assertj.core.api.Assertions.assertThat;

import org.iosched.api.FileHandle;
import org.iosched.api.FileIo;
import org.iosched.api.FileIoListener;
import org.iosched.api.Task;
import org.iosched.api.TaskSpec;
import org.iosched.simulator.result.KernelVersion;
import org.iosched.simulator.result.TaskStats;
import org.junit.jupiter.api.Test;

/** A buffered writer under Linux 6.6's IO-less {@code balance_dirty_pages}, on a 50 MB/s disk. */
class IoLessThrottlingTest {
    /** 100 us per command plus 10 us per sector. */
    private static long rate(org.iosched.api.Request rq) {
        return 100_000 + rq.sectors() * 10_000L;
    }

    /** Sequential 4 KiB buffered writes, sampling dirty plus writeback pages after each one returns. */
    private static final class Writer implements FileIoListener {
        final OsHarness h;
        final Task task;
        final FileHandle file;
        final long size;
        long offset;
        long doneAt = -1;
        long samples;
        long sampleSum;

        Writer(OsHarness h, String path, long size) {
            this(h, "dd", path, size);
        }

        Writer(OsHarness h, String name, String path, long size) {
            this.h = h;
            this.task = h.os.createTask(TaskSpec.of(name));
            this.file = h.os.open(task, path, size);
            this.size = size;
        }

        void start() {
            h.os.submit(new FileIo().prepare(FileIo.Kind.WRITE, task, file, 0, 4096, false, this));
        }

        @Override
        public void completed(FileIo io) {
            offset += 4096;
            if (offset > size / 2) {
                // the second half: the control loop has settled
                samples++;
                sampleSum += h.kernel.cache.nrDirty() + h.kernel.cache.nrWriteback();
            }
            if (offset < size) {
                h.os.submit(io.prepare(FileIo.Kind.WRITE, task, file, offset, 4096, false, this));
            } else {
                doneAt = h.clock.now();
            }
        }
    }

    private static OsHarness harness(KernelVersion version, int nrRequests, int memoryMb) {
        return new OsHarness(false, 1, nrRequests, 1024, IoLessThrottlingTest::rate, null,
                OsTunables.defaults().withMemoryMb(memoryMb), version);
    }

    private static TaskStats stats(OsHarness h, String name) {
        return h.os.taskStats().stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void theWriterSleepsInShortPausesWhileTheFlusherWritesAndDirtyPagesHoverAtTheSetpoint() {
        OsHarness h = harness(KernelVersion.V6_6, 128, 256);
        Writer writer = new Writer(h, "/mnt/big", 800L << 20);
        writer.start();
        h.runUntil(100_000_000_000L);

        DirtyThrottle t = h.kernel.throttle;
        assertThat(writer.doneAt).isPositive();
        // the dirtier never writes back in its own context: every data write is the flusher's
        assertThat(stats(h, "dd").writeBios()).isZero();
        assertThat(h.completedBy("kworker/u2:0")).isNotEmpty();
        assertThat(h.traceText.toString()).doesNotContainPattern("  Q   W \\d+ \\+ \\d+ \\[dd\\]");
        // many short sleeps, none beyond MAX_PAUSE, rather than a few long waits for writeback
        assertThat(t.pauses).isGreaterThan(500);
        double meanPauseMs = (double) t.pausedJiffies / t.pauses;
        assertThat(meanPauseMs).isBetween(1.0, 50.0);
        // dirty memory settles around the setpoint between the freerun ceiling and the limit
        double mean = (double) writer.sampleSum / writer.samples;
        assertThat(mean).isBetween(t.setpoint() * 0.9, t.setpoint() * 1.1);
        // the throttled rate matches the disk's: dirty_ratelimit followed the measured write bandwidth
        assertThat((double) t.dirtyRatelimit / t.avgWriteBandwidth).isBetween(0.8, 1.2);
        assertThat(t.avgWriteBandwidth).isBetween(11_000L, 13_000L);
    }

    @Test
    void withFewRequestsThe30WritersWriteBackThemselvesAndThe66WritersOnlySleep() {
        // 4 requests keep few pages under writeback, so in 3.0 the dirty pages alone exceed the limit; two writers,
        // as a writer skips the file the flusher holds (I_SYNC)
        for (KernelVersion version : KernelVersion.values()) {
            OsHarness h = harness(version, 4, 64);
            Writer a = new Writer(h, "writer-a", "/mnt/a", 48L << 20);
            Writer b = new Writer(h, "writer-b", "/mnt/b", 48L << 20);
            a.start();
            b.start();
            h.runUntil(100_000_000_000L);

            assertThat(a.doneAt).as(version.value()).isPositive();
            assertThat(b.doneAt).as(version.value()).isPositive();
            long own = stats(h, "writer-a").writeBios() + stats(h, "writer-b").writeBios();
            if (version == KernelVersion.V3_0) {
                assertThat(h.kernel.throttle).isNull();
                assertThat(own).isPositive();
            } else {
                assertThat(own).isZero();
                assertThat(h.kernel.throttle.pauses).isPositive();
                assertThat(stats(h, "kworker/u2:0").writeBios()).isPositive();
            }
        }
    }
}
