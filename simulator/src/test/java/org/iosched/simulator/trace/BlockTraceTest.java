package org.iosched.simulator.trace;

import static org.assertj.core.api.Assertions.assertThat;

import org.iosched.api.Bio;
import org.iosched.api.Cgroup;
import org.iosched.api.IoPrioClass;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.api.Task;
import org.iosched.simulator.engine.EventQueue;
import org.junit.jupiter.api.Test;

class BlockTraceTest {
    private final EventQueue clock = new EventQueue();
    private final StringBuilder out = new StringBuilder();
    private final BlockTrace trace = new BlockTrace(clock, out);
    private final Task fio = new Task(1000, "fio", false, IoPrioClass.BE, 4, Cgroup.ROOT);

    private Bio bio(Op op, int flags, long sector, int sectors) {
        return new Bio(op, flags, sector, sectors, fio, (b, t) -> { });
    }

    private void at(long nanos) {
        clock.newTimer(null, () -> { }).arm(nanos);
        clock.run(nanos, () -> false);
    }

    @Test
    void aQueueEventIsFormattedAsBlkparsesDefaultLine() {
        trace.bio('Q', bio(Op.READ, 0, 2048, 8));

        assertThat(out.toString()).isEqualTo("  8,0    0        1     0.000000000  1000  Q   R 2048 + 8 [fio]\n");
    }

    @Test
    void timestampsAreSecondsAndNineDigitNanosecondsSinceTheFirstRecord() {
        at(1_000);
        trace.bio('Q', bio(Op.WRITE, RequestFlags.SYNC, 7, 1));
        at(1_500_001_123L);
        trace.bio('Q', bio(Op.WRITE, RequestFlags.SYNC, 8, 1));

        assertThat(out.toString()).isEqualTo("  8,0    0        1     0.000000000  1000  Q  WS 7 + 1 [fio]\n"
                + "  8,0    0        2     1.500000123  1000  Q  WS 8 + 1 [fio]\n");
    }

    @Test
    void aCommIsFifteenCharactersAsTheKernelKeepsIt() {
        Task longName = new Task(7, "a-very-long-job-name", false, IoPrioClass.BE, 4, Cgroup.ROOT);
        trace.bio('Q', new Bio(Op.READ, 0, 0, 8, longName, (b, t) -> { }));

        assertThat(out.toString()).endsWith(" [a-very-long-job]\n");
    }

    @Test
    void requestEventsNameTheRunningTaskOrSwapperInInterruptContext() {
        Request rq = new Request(0, bio(Op.WRITE, RequestFlags.SYNC | RequestFlags.META, 100, 16), 0);
        trace.request('G', rq);
        trace.request('D', rq);
        trace.swapCurrent(fio);
        trace.request('I', rq);
        trace.swapCurrent(null);
        trace.requestDone('C', rq);

        assertThat(out.toString()).isEqualTo(
                "  8,0    0        1     0.000000000  1000  G WSM 100 + 16 [fio]\n"
                + "  8,0    0        2     0.000000000     0  D WSM 100 + 16 [swapper]\n"
                + "  8,0    0        3     0.000000000  1000  I WSM 100 + 16 [fio]\n"
                + "  8,0    0        4     0.000000000     0  C WSM 100 + 16 [0]\n");
    }

    @Test
    void plugAndUnplugLinesCarryTheCommandAndTheDepth() {
        trace.swapCurrent(fio);
        trace.plug();
        trace.unplug(false, 3);
        trace.swapCurrent(null);
        trace.unplug(true, 1);

        assertThat(out.toString()).isEqualTo(
                "  8,0    0        1     0.000000000  1000  P   N [fio]\n"
                + "  8,0    0        2     0.000000000  1000  U   N [fio] 3\n"
                + "  8,0    0        3     0.000000000     0 UT   N [swapper] 1\n");
    }

    @Test
    void messagesAreNotifyLinesWithSequenceAndPidZero() {
        trace.bio('Q', bio(Op.READ, 0, 2048, 8));
        at(2_000);
        trace.swapCurrent(fio);
        trace.message("cfq1000 insert_request");
        trace.message("x".repeat(200));

        assertThat(out.toString()).contains("  8,0    0        0     0.000002000     0  m   N cfq1000 insert_request\n")
                .endsWith("  m   N " + "x".repeat(127) + "\n");
    }

    @Test
    void flushAndFuaRequestsShowBlkparsesRwbs() {
        trace.bio('Q', new Bio(Op.FLUSH, RequestFlags.SYNC, 0, 0, fio, (b, t) -> { }));
        trace.bio('Q', bio(Op.WRITE, RequestFlags.SYNC | RequestFlags.PREFLUSH | RequestFlags.FUA, 64, 8));

        Request flush = new Request(0, Op.FLUSH, RequestFlags.SYNC, 0, 0, fio, Cgroup.ROOT, 0);
        trace.request('D', flush);
        trace.requestDone('C', flush);

        assertThat(out.toString()).contains("  Q FWS [fio]\n").contains("  Q FWFS 64 + 8 [fio]\n")
                .contains("  D FWS [swapper]\n").contains("  C FWS 0 [0]\n");
    }

    @Test
    void aTraceWithoutOutputIsDisabledAndWritesNothing() {
        BlockTrace off = new BlockTrace(clock, null);

        assertThat(off.enabled()).isFalse();
        off.bio('Q', bio(Op.READ, 0, 0, 8));
        off.message("nothing");
        off.writeSummary(1);
        assertThat(trace.enabled()).isTrue();
    }

    @Test
    void theSummaryCountsWhatWasTraced() {
        Bio read = bio(Op.READ, 0, 0, 8);
        trace.bio('Q', read);
        trace.bio('Q', bio(Op.READ, 0, 8, 8));
        trace.bio('M', bio(Op.READ, 0, 8, 8));
        Request rq = new Request(0, read, 0);
        trace.request('D', rq);
        trace.requestDone('C', rq);
        trace.unplug(true, 1);
        trace.writeSummary(1_000_000_000L);

        String text = out.toString();
        assertThat(text.substring(text.indexOf("CPU0"))).isEqualTo("CPU0 (8,0):\n"
                + " Reads Queued:           2,        8KiB\t Writes Queued:           0,        0KiB\n"
                + " Read Dispatches:        1,        4KiB\t Write Dispatches:        0,        0KiB\n"
                + " Reads Requeued:         0\t\t Writes Requeued:         0\n"
                + " Reads Completed:        1,        4KiB\t Writes Completed:        0,        0KiB\n"
                + " Read Merges:            1,        4KiB\t Write Merges:            0,        0KiB\n"
                + " Read depth:             1        \t Write depth:             0\n"
                + " IO unplugs:             0        \t Timer unplugs:           1\n"
                + "\n"
                + "Throughput (R/W): 0KiB/s / 0KiB/s\n"
                + "Events (8,0): 6 entries\n"
                + "Skips: 0 forward (0 -   0.0%)\n");
    }

    @Test
    void theSummaryNamesTheTraceAndSpansTheFirstToTheLastRecord() {
        StringBuilder text = new StringBuilder();
        BlockTrace named = new BlockTrace(clock, text, null, "sda");
        at(1_000_000L);
        Bio read = bio(Op.READ, 0, 0, 2048);
        named.bio('Q', read);
        Request rq = new Request(0, read, 0);
        named.request('D', rq);
        at(1_001_000_000L);
        named.requestDone('C', rq);
        named.message("done");
        named.writeSummary(5_000_000_000L);

        assertThat(text.toString()).contains("CPU0 (sda):\n").contains("Throughput (R/W): 1024KiB/s / 0KiB/s\n")
                .contains("Events (sda): 4 entries\n");
    }

    @Test
    void bigCountsTakeBlkparsesSuffixes() {
        TraceCounters counters = new TraceCounters();
        Bio big = bio(Op.WRITE, 0, 0, 8);
        for (int i = 0; i < 1_000_001; i++) {
            counters.bio('Q', big);
        }

        assertThat(counters.summary("8,0", 0, 0)).contains(" Writes Queued:        1000K,     4000MiB\n");
    }
}
