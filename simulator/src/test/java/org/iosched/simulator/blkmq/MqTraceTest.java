package org.iosched.simulator.blkmq;

import static org.assertj.core.api.Assertions.assertThat;

import org.iosched.api.Task;
import org.junit.jupiter.api.Test;

/** The blktrace actions blk-mq emits, as blkparse prints them, one shape per test. */
class MqTraceTest {
    private static final Task A = MqHarness.task(100);

    private static String line(MqHarness h, String action) {
        for (String line : h.traceText.toString().split("\n")) {
            if (line.substring(42, 44).trim().equals(action)) {
                return line;
            }
        }
        throw new AssertionError("no " + action + " in\n" + h.traceText);
    }

    @Test
    void queueGetPlugUnplugIssueAndCompleteLookAsBlkparsePrintsThem() {
        MqHarness h = MqHarness.builder().build();
        h.submit(h.read(A, 0, 8));
        h.runAll();
        assertThat(line(h, "Q")).endsWith("   100  Q  RS 0 + 8 [t100]");
        assertThat(line(h, "G")).endsWith("   100  G  RS 0 + 8 [t100]");
        assertThat(line(h, "P")).endsWith("   100  P   N [t100]");
        assertThat(line(h, "U")).endsWith("   100  U   N [t100] 1");
        assertThat(line(h, "D")).endsWith("   100  D  RS 0 + 8 [t100]");
        assertThat(line(h, "C")).endsWith("  C  RS 0 + 8 [0]");
        assertThat(h.traceText.toString()).startsWith("  8,0    0        1     0.000000000   100  Q  RS 0 + 8");
    }

    @Test
    void backAndFrontMergesAreMAndF() {
        MqHarness h = MqHarness.builder().build();
        h.submit(h.read(A, 8, 8));
        h.submit(h.read(A, 16, 8));
        h.submit(h.read(A, 0, 8));
        h.runAll();
        assertThat(line(h, "M")).endsWith("  M  RS 16 + 8 [t100]");
        assertThat(line(h, "F")).endsWith("  F  RS 0 + 8 [t100]");
        assertThat(h.deviceSaw()).containsExactly("READ 0+24");
    }

    @Test
    void anInsertionIsI() {
        MqHarness h = MqHarness.builder().fifo(64).build();
        h.submit(h.write(A, 0, 8));
        h.runAll();
        assertThat(line(h, "I")).endsWith("   100  I   W 0 + 8 [t100]");
    }

    @Test
    void aPlugFlushedByASleepIsUT() {
        MqHarness h = MqHarness.builder().depth(1).build();
        h.submit(h.read(A, 0, 8));
        h.submit(h.read(A, 100, 8));
        h.runAll();
        assertThat(line(h, "UT")).endsWith(" 100 UT   N [t100] 1");
    }

    @Test
    void aRequeueIsR() {
        MqHarness h = MqHarness.builder().serviceTime(rq -> 1_000_000).build();
        h.submit(h.read(A, 0, 8));
        h.queue.unplug(A);
        h.device.requeue(h.deviceHost, h.device.submitted().get(0));
        h.runAll();
        assertThat(line(h, "R")).endsWith("  R  RS 0 + 8 [0]");
    }

    @Test
    void aSchedulersMessageIsMN() {
        MqHarness h = MqHarness.builder().fifo(64).build();
        h.scheduler.messages = true;
        h.submit(h.read(A, 0, 8));
        h.runAll();
        // blk_add_trace_msg: no sequence number, and pid 0 as blkparse shows a message note (trace_note stores none)
        assertThat(line(h, "m")).endsWith("        0     0.000000000     0  m   N fifo-mq insert 0");
    }
}
