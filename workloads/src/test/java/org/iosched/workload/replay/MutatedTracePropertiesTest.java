package org.iosched.workload.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.iosched.api.InvalidInputException;
import org.iosched.api.Settings;
import org.iosched.api.WorkloadSource;
import org.iosched.workload.testing.FakeWorkloadContext;

/**
 * Issue 15's fuzz classes over traces: valid traces with fields replaced by hostile values (20-digit,
 * negative, beyond 2^54 or 2^63, empty, control characters, a long value), lines dropped, duplicated or given
 * CRLF. Whatever comes in, reading and replaying either works within the trace's own bounds or fails with an
 * {@link InvalidInputException} of one short line; nothing else is thrown and the replay ends.
 */
class MutatedTracePropertiesTest {
    private static final String[] BASES = {
        """
          8,16   1        1     0.000000000  4711  Q   W 2048 + 8 [fio]
          8,16   1        2     0.000001200  4711  G   W 2048 + 8 [fio]
          8,16   0        1     0.000100000  4712  Q  RS 100 + 16 [dd]
          8,16   0        2     0.000200000  4712  Q   D 0 + 8 [dd]
          8,16   0        3     0.000400000  4713  Q FWS 0 + 0 [jbd2/sdb1-8]
        CPU0 (8,16):
        Total (8,16):
        """,
        """
        fio version 2 iolog
        /dev/sdb add
        /dev/sdb open
        /dev/sdb read 0 4096
        /dev/sdb wait 500 0
        /dev/sdb write 4096 4096
        /dev/sdb sync 0 0
        /dev/sdb trim 0 4096
        /dev/sdb close
        """,
        """
        fio version 3 iolog
        0 /dev/sdb add
        0 /dev/sdb open
        100 /dev/sdb read 4096 4096
        150 /dev/sdb write 8192 8192
        150 /dev/sdc read 0 512
        400 /dev/sdb close
        """,
    };
    private static final String[] HOSTILE = {
        "12345678901234567890", "-8", "-1", "0", "9223372036854775807", "9223372036854775808", "36028797018963968",
        "18014398509481984", "4194304", "2147483648", "", "+", "1.5", "\0", "x\u0001y", "0x10", "99999999999",
        "9223372036.854775807", "86400.000000001", "W", "F", "Q", "wait", "read", "[x]", "a".repeat(5_000),
    };

    /** One change to a trace: which line and field, and what happens to it. */
    record Mutation(int line, int field, int what, int value) {
    }

    @Provide
    Arbitrary<String> traces() {
        Arbitrary<Mutation> mutation = Combinators.combine(Arbitraries.integers().between(0, 20),
                Arbitraries.integers().between(0, 9), Arbitraries.integers().between(0, 5),
                Arbitraries.integers().between(0, HOSTILE.length - 1)).as(Mutation::new);
        return Combinators.combine(Arbitraries.integers().between(0, BASES.length - 1),
                mutation.list().ofMinSize(1).ofMaxSize(4)).as(MutatedTracePropertiesTest::mutate);
    }

    static String mutate(int base, List<Mutation> mutations) {
        List<String> lines = new ArrayList<>(Arrays.asList(BASES[base].split("\n", -1)));
        for (Mutation m : mutations) {
            int at = m.line() % lines.size();
            List<String> fields = new ArrayList<>(Arrays.asList(lines.get(at).strip().split("\\s+")));
            int field = m.field() % fields.size();
            switch (m.what()) {
                case 0, 1 -> fields.set(field, HOSTILE[m.value()]);
                case 2 -> fields.add(field, HOSTILE[m.value()]);
                case 3 -> fields.remove(field);
                case 4 -> lines.add(at, lines.get(at));
                default -> lines.set(at, lines.get(at) + "\r");
            }
            if (m.what() <= 3) {
                lines.set(at, String.join(" ", fields));
            }
        }
        return String.join("\n", lines);
    }

    @Property(tries = 200, edgeCases = EdgeCasesMode.NONE)
    void aMutatedTraceReplaysWithinItsBoundsOrIsOneLineUserError(@ForAll("traces") String trace) {
        ReplayWorkloadProvider p = new ReplayWorkloadProvider();
        FakeWorkloadContext ctx = new FakeWorkloadContext(1L << 31, 1).latency(1_000);
        ReplayWorkload w;
        try {
            w = (ReplayWorkload) p.create(WorkloadSource.of("t.log", trace),
                    Settings.resolve("replay", p.tunables(), Map.of("mode", "open")));
            w.start(ctx);
        } catch (InvalidInputException e) {
            assertThat(e.getMessage()).startsWith("t.log").doesNotContain("\n", "\r", "\0").hasSizeLessThan(600);
            return;
        }
        int operations = 0;
        for (ReplayStream s : w.streams()) {
            operations += s.size();
            for (int i = 0; i < s.size(); i++) {
                assertThat(s.time(i)).isBetween(0L, TraceReader.MAX_SPAN_NANOS);
                assertThat(s.offset(i)).isNotNegative();
                assertThat(s.length(i)).isNotNegative();
                assertThat(s.offset(i) + s.length(i)).isLessThanOrEqualTo(ctx.device().capacitySectors() << 9);
            }
        }
        ctx.runUntil(TraceReader.MAX_SPAN_NANOS + 1_000_000_000L);
        assertThat(ctx.finished()).isTrue();
        assertThat(ctx.submissions).hasSize(operations);
    }

    /** A valid binary trace (timestamp, process note, Q read, G, message, Q write, empty flush), little-endian. */
    private static byte[] binaryBase() {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(1024).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        int notify = 0x400 << 16;
        record(b, 0, 0, 0, 0, 1 | notify, 0, new byte[8]);
        record(b, 0, 0, 0, 0, notify, 4711, "fio\0\0\0\0\0\0\0\0\0\0\0\0\0".getBytes());
        record(b, 1, 1_000, 2048, 4096, 1 | (0x10 | 0x1) << 16, 4711, new byte[0]);
        record(b, 2, 1_000, 2048, 4096, 4 | (0x10 | 0x1) << 16, 4711, new byte[0]);
        record(b, 0, 2_000, 0, 0, 2 | notify, 0, "cfq4711 insert_request".getBytes());
        record(b, 3, 101_000, 8, 8192, 1 | (0x10 | 0x2) << 16, 4711, new byte[0]);
        record(b, 4, 201_000, 0, 0, 1 | (0x10 | 0x2 | 0x4) << 16, 9, new byte[0]);
        return Arrays.copyOf(b.array(), b.position());
    }

    private static void record(java.nio.ByteBuffer b, int sequence, long time, long sector, int bytes, int action,
                               int pid, byte[] pdu) {
        b.putInt(0x65617407).putInt(sequence).putLong(time).putLong(sector).putInt(bytes).putInt(action).putInt(pid)
                .putInt(8 << 20).putInt(0).putShort((short) 0).putShort((short) pdu.length).put(pdu);
    }

    @Provide
    Arbitrary<String> binaryTraces() {
        byte[] base = binaryBase();
        // each change: a byte at a position set to a value, or the trace cut at a position
        Arbitrary<int[]> change = Combinators.combine(Arbitraries.integers().between(4, base.length - 1),
                Arbitraries.integers().between(0, 255), Arbitraries.integers().between(0, 9))
                .as((at, value, kind) -> new int[] {at, value, kind});
        return change.list().ofMinSize(1).ofMaxSize(6).map(changes -> {
            byte[] bytes = base.clone();
            int length = bytes.length;
            for (int[] c : changes) {
                if (c[2] == 0) {
                    length = Math.min(length, c[0]);
                } else {
                    bytes[c[0]] = (byte) (c[2] == 1 ? 0xff : c[1]);
                }
            }
            return new String(bytes, 0, length, java.nio.charset.StandardCharsets.ISO_8859_1);
        });
    }

    @Property(tries = 300, edgeCases = EdgeCasesMode.NONE)
    void aMutatedBinaryTraceReplaysWithinItsBoundsOrIsOneLineUserError(@ForAll("binaryTraces") String trace) {
        aMutatedTraceReplaysWithinItsBoundsOrIsOneLineUserError(trace);
    }
}
