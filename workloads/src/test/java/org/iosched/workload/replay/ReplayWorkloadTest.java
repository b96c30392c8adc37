package org.iosched.workload.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.iosched.api.FileIo;
import org.iosched.api.InvalidInputException;
import org.iosched.api.JobDescriptor;
import org.iosched.api.Settings;
import org.iosched.api.Workload;
import org.iosched.api.WorkloadSource;
import org.iosched.workload.testing.FakeWorkloadContext;
import org.junit.jupiter.api.Test;

class ReplayWorkloadTest {
    private static final long US = 1_000L;

    private static ReplayWorkload replay(String text, String mode) {
        ReplayWorkloadProvider p = new ReplayWorkloadProvider();
        return (ReplayWorkload) p.create(WorkloadSource.of("trace.log", text),
                Settings.resolve("replay", p.tunables(), Map.of("mode", mode)));
    }

    private static FakeWorkloadContext run(Workload w, FakeWorkloadContext ctx) {
        w.start(ctx);
        return ctx.run();
    }

    @Test
    void anIologV3IsReplayedAtItsRecordedTimesPerFile() {
        ReplayWorkload w = replay("""
                fio version 3 iolog
                0 /dev/sdb add
                0 /dev/sdb open
                100 /dev/sdb read 4096 4096
                150 /dev/sdb write 8192 8192
                150 /dev/sdc read 0 512
                400 /dev/sdb close
                """, "open");
        assertThat(w.jobs()).extracting(JobDescriptor::name).containsExactly("/dev/sdb", "/dev/sdc");
        assertThat(w.jobs().get(0).summary()).isEqualTo("replay of 2 I/Os (fio iolog v3, open loop)");
        FakeWorkloadContext ctx = run(w, new FakeWorkloadContext().latency(1_000 * US));
        assertThat(ctx.submissions).extracting(FakeWorkloadContext.Submission::time)
                .containsExactly(0L, 50 * US, 50 * US);
        assertThat(ctx.submissions.get(1).kind()).isEqualTo(FileIo.Kind.WRITE);
        assertThat(ctx.submissions.get(1).offset()).isEqualTo(8192);
        assertThat(ctx.submissions).allSatisfy(s -> {
            assertThat(s.path()).isEqualTo("/dev/fake");
            assertThat(s.direct()).isTrue();
        });
        assertThat(ctx.recordedFor(0)).hasSize(2);
        assertThat(ctx.finished()).isTrue();
        assertThat(ctx.finishTime()).isEqualTo(1_050 * US);
    }

    @Test
    void openLoopIssuesWithoutWaitingAndClosedLoopWaitsForEachCompletion() {
        String trace = "fio version 3 iolog\n0 f read 0 4096\n10 f read 4096 4096\n20 f read 8192 4096\n";
        FakeWorkloadContext open = run(replay(trace, "open"), new FakeWorkloadContext().latency(1_000 * US));
        assertThat(open.submissions).extracting(FakeWorkloadContext.Submission::time)
                .containsExactly(0L, 10 * US, 20 * US);
        assertThat(open.maxInFlightByPid.values()).containsExactly(3);
        FakeWorkloadContext closed = run(replay(trace, "closed"), new FakeWorkloadContext().latency(1_000 * US));
        assertThat(closed.submissions).extracting(FakeWorkloadContext.Submission::time)
                .containsExactly(0L, 1_000 * US, 2_000 * US);
        assertThat(closed.maxInFlightByPid.values()).containsExactly(1);
    }

    @Test
    void anIologV2TakesItsTimingFromWaitsAndIgnoresWaitsUnder100Us() {
        ReplayWorkload w = replay("""
                fio version 2 iolog
                /dev/sdb add
                /dev/sdb open
                /dev/sdb read 0 4096
                /dev/sdb wait 500 0
                /dev/sdb write 4096 4096
                /dev/sdb wait 50 0
                /dev/sdb sync 0 0
                /dev/sdb trim 0 4096
                /dev/sdb close
                """, "open");
        FakeWorkloadContext ctx = run(w, new FakeWorkloadContext());
        assertThat(ctx.submissions).extracting(FakeWorkloadContext.Submission::time)
                .containsExactly(0L, 500 * US, 500 * US, 500 * US);
        assertThat(ctx.submissions).extracting(FakeWorkloadContext.Submission::kind)
                .containsExactly(FileIo.Kind.READ, FileIo.Kind.WRITE, FileIo.Kind.FSYNC, FileIo.Kind.TRIM);
        assertThat(ctx.syncs).hasSize(1);
    }

    @Test
    void aWaitInAVersion3LogIsIgnoredWithFiosNotice() {
        ReplayWorkload w = replay("fio version 3 iolog\n0 f read 0 4096\n5 f wait 100 0\n", "open");
        assertThat(w.notices()).containsExactly("iolog: ignoring wait command with version 3");
    }

    @Test
    void blkparseTextReplaysTheQueuedEventsOfEachProcess() {
        ReplayWorkload w = replay("""
                  8,16   1        1     0.000000000  4711  Q   W 2048 + 8 [fio]
                  8,16   1        2     0.000001200  4711  G   W 2048 + 8 [fio]
                  8,16   1        3     0.000002100  4711  I   W 2048 + 8 [fio]
                  8,16   1        4     0.000004000  4711  D   W 2048 + 8 [fio]
                  8,16   0        1     0.000100000  4712  Q  RS 100 + 16 [dd]
                  8,16   1        5     0.000180500     0  C   W 2048 + 8 [0]
                  8,16   0        2     0.000200000  4712  Q   D 0 + 8 [dd]
                  8,16   0        0     0.000300000     0  m   N cfq4711 slice expired
                  8,16   0        3     0.000400000  4713  Q FWS 0 + 0 [jbd2/sdb1-8]

                CPU0 (8,16):
                 Reads Queued:           1,        8KiB  Writes Queued:           0,        0KiB
                Total (8,16):
                Throughput (R/W): 0KiB/s / 0KiB/s
                Events (8,16): 9 entries
                Skips: 0 forward (0 -   0.0%)
                """, "open");
        assertThat(w.jobs()).extracting(JobDescriptor::name).containsExactly("fio", "dd", "jbd2/sdb1-8");
        assertThat(w.jobs().get(1).summary()).isEqualTo("replay of 2 I/Os (blkparse, open loop), pid 4712");
        FakeWorkloadContext ctx = run(w, new FakeWorkloadContext());
        assertThat(ctx.submissions).extracting(FakeWorkloadContext.Submission::kind).containsExactly(
                FileIo.Kind.WRITE, FileIo.Kind.READ, FileIo.Kind.TRIM, FileIo.Kind.FSYNC);
        assertThat(ctx.submissions.get(0).offset()).isEqualTo(2048L * 512);
        assertThat(ctx.submissions.get(0).length()).isEqualTo(4096);
        assertThat(ctx.submissions.get(1).time()).isEqualTo(100 * US);
        assertThat(ctx.submissions.get(1).length()).isEqualTo(8192);
        assertThat(ctx.taskSpecs).extracting(s -> s.name()).containsExactly("fio", "dd", "jbd2/sdb1-8");
    }

    @Test
    void blkparseTextWithCrlfLineEndsReplaysAsWithLf() {
        String lf = "  8,0    0        1     0.000000000  4711  Q   W 2048 + 8 [fio]\n"
                + "  8,0    0        2     0.000100000  4711  Q  RS 100 + 16 [fio]\n"
                + "\n"
                + "CPU0 (sda):\n"
                + " Reads Queued:           1,        8KiB\t Writes Queued:           1,        4KiB\n"
                + " Read depth:             1        \t Write depth:             1\n"
                + "Skips: 0 forward (0 -   0.0%)\n";
        FakeWorkloadContext withLf = run(replay(lf, "open"), new FakeWorkloadContext());
        FakeWorkloadContext withCrlf = run(replay(lf.replace("\n", "\r\n"), "open"), new FakeWorkloadContext());

        assertThat(withCrlf.submissions).hasSize(2).isEqualTo(withLf.submissions);
    }

    @Test
    void blktraceBinaryRecordsReplayTheirQueueRecordsWithTheNotedComm() {
        for (java.nio.ByteOrder order : List.of(java.nio.ByteOrder.LITTLE_ENDIAN, java.nio.ByteOrder.BIG_ENDIAN)) {
            java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(4096).order(order);
            int notify = 0x400 << 16;
            record(b, 0, 0, 0, 0, 1 | notify, 0, new byte[8]);
            record(b, 0, 1_000, 0, 0, notify, 4711, "fio\0\0\0\0\0\0\0\0\0\0\0\0\0".getBytes());
            // Q, read | sync; G (not replayed); a message; Q, write; an empty flush (write | flush)
            record(b, 1, 1_000, 2048, 4096, 1 | (0x10 | 0x1 | 0x8) << 16, 4711, new byte[0]);
            record(b, 2, 1_000, 2048, 4096, 4 | (0x10 | 0x1 | 0x8) << 16, 4711, new byte[0]);
            record(b, 0, 2_000, 0, 0, 2 | notify, 0, "cfq4711 insert_request".getBytes());
            record(b, 3, 101_000, 8, 8192, 1 | (0x10 | 0x2) << 16, 4711, new byte[0]);
            record(b, 4, 201_000, 0, 0, 1 | (0x10 | 0x2 | 0x4 | 0x8) << 16, 9, new byte[0]);
            String text = new String(b.array(), 0, b.position(), java.nio.charset.StandardCharsets.ISO_8859_1);

            ReplayWorkload w = replay(text, "open");
            assertThat(w.jobs()).extracting(JobDescriptor::name).containsExactly("fio", "pid9");
            assertThat(w.jobs().get(0).summary()).isEqualTo("replay of 2 I/Os (blktrace, open loop), pid 4711");
            FakeWorkloadContext ctx = run(w, new FakeWorkloadContext());
            assertThat(ctx.submissions).extracting(FakeWorkloadContext.Submission::kind)
                    .containsExactly(FileIo.Kind.READ, FileIo.Kind.WRITE, FileIo.Kind.FSYNC);
            assertThat(ctx.submissions).extracting(FakeWorkloadContext.Submission::time)
                    .containsExactly(0L, 100 * US, 200 * US);
            assertThat(ctx.submissions.get(0).offset()).isEqualTo(2048L * 512);
            assertThat(ctx.submissions.get(1).length()).isEqualTo(8192);
        }
    }

    @Test
    void aDamagedBlktraceRecordIsRejectedWithItsNumber() {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(200).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        record(b, 1, 0, 0, 4096, 1 | (0x10 | 0x1) << 16, 1, new byte[0]);
        b.putInt(0x65617406);
        String text = new String(b.array(), 0, 100, java.nio.charset.StandardCharsets.ISO_8859_1);

        assertThatThrownBy(() -> replay(text, "open")).isInstanceOf(InvalidInputException.class)
                .hasMessage("trace.log:2: record 2 at byte 48: bad magic 0x65617406; accepted: 0x65617407"
                        + " (blktrace version 7)");
        assertThatThrownBy(() -> replay(text.substring(0, 60), "open"))
                .hasMessageStartingWith("trace.log:2: record 2 at byte 48 is cut short");
    }

    private static void record(java.nio.ByteBuffer b, int sequence, long time, long sector, int bytes, int action,
                               int pid, byte[] pdu) {
        b.putInt(0x65617407).putInt(sequence).putLong(time).putLong(sector).putInt(bytes).putInt(action).putInt(pid)
                .putInt(8 << 20).putInt(0).putShort((short) 0).putShort((short) pdu.length).put(pdu);
    }

    @Test
    void anIoBeyondTheDeviceIsAnErrorWithItsLine() {
        ReplayWorkload w = replay("fio version 3 iolog\n0 f read 0 4096\n1 f read 1048576 4096\n", "open");
        assertThatThrownBy(() -> w.start(new FakeWorkloadContext(2048, 1)))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("trace.log:3: I/O at byte 1048576 + 4096 is beyond the end of the device (1048576 bytes)");
    }

    @Test
    void badTracesAreRejectedWithTheLine() {
        assertThatThrownBy(() -> replay("hello\n", "open"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("trace.log:1: unknown trace format");
        assertThatThrownBy(() -> replay("fio version 2 iolog\nf read 0\n", "open"))
                .hasMessage("trace.log:2: 'read' needs an offset and a length");
        assertThatThrownBy(() -> replay("fio version 2 iolog\nf jump 0 1\n", "open"))
                .hasMessageStartingWith("trace.log:2: unknown iolog action 'jump'");
        assertThatThrownBy(() -> replay("fio version 3 iolog\nx f read 0 1\n", "open"))
                .hasMessage("trace.log:2: a version 3 iolog line starts with a timestamp in µs");
        assertThatThrownBy(() -> replay("  8,0 1 1 0.1 5 Q W 8 + 8 [a]\ngarbage\n", "open"))
                .hasMessageStartingWith("trace.log:2: not a blkparse event line");
        assertThatThrownBy(() -> replay("fio version 3 iolog\n0 f open\n", "open"))
                .hasMessage("trace.log: the trace holds no I/O to replay");
    }

    @Test
    void aRunsRequestStreamReplayedAsAnIologGivesTheSameStream() {
        FakeWorkloadContext first = new FakeWorkloadContext();
        org.iosched.workload.fio.FioWorkloadProvider fio = new org.iosched.workload.fio.FioWorkloadProvider();
        Workload job = fio.create(WorkloadSource.of("j.fio", "[j]\nrw=randrw\nbs=4k\nsize=256k\nfilename=/dev/sdb\n"),
                Settings.defaults("fio", fio.tunables()));
        run(job, first);
        StringBuilder log = new StringBuilder("fio version 3 iolog\n");
        for (FakeWorkloadContext.Submission s : first.submissions) {
            log.append(s.time() / 1000).append(" /dev/sdb ").append(s.kind() == FileIo.Kind.READ ? "read" : "write")
                    .append(' ').append(s.offset()).append(' ').append(s.length()).append('\n');
        }
        FakeWorkloadContext second = run(replay(log.toString(), "closed"), new FakeWorkloadContext());
        List<String> a = first.submissions.stream().map(s -> s.kind() + "@" + s.offset() + "+" + s.length()).toList();
        List<String> b = second.submissions.stream().map(s -> s.kind() + "@" + s.offset() + "+" + s.length()).toList();
        assertThat(b).isEqualTo(a);
        assertThat(second.submissions).extracting(FakeWorkloadContext.Submission::time)
                .isEqualTo(first.submissions.stream().map(FakeWorkloadContext.Submission::time).toList());
    }

    @Test
    void theProviderDeclaresItsModeTunable() {
        ReplayWorkloadProvider p = new ReplayWorkloadProvider();
        assertThat(p.name()).isEqualTo("replay");
        assertThat(p.tunables()).singleElement().satisfies(t -> {
            assertThat(t.name()).isEqualTo("mode");
            assertThat(t.defaultValue()).isEqualTo("open");
            assertThat(t.choices()).containsExactly("open", "closed");
        });
    }
}
