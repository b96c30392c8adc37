package org.iosched.workload.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.iosched.api.InvalidInputException;
import org.iosched.api.Settings;
import org.iosched.api.WorkloadSource;
import org.iosched.workload.testing.FakeWorkloadContext;
import org.junit.jupiter.api.Test;

/** The reproducers of issue 15 for traces (shrunk): each is an error naming its line, or replays exactly. */
class TraceLimitsTest {
    private static final long S = 1_000_000_000L;

    private static ReplayWorkload replay(String text) {
        ReplayWorkloadProvider p = new ReplayWorkloadProvider();
        return (ReplayWorkload) p.create(WorkloadSource.of("t.log", text),
                Settings.resolve("replay", p.tunables(), Map.of("mode", "open")));
    }

    private static String blk(String time, String pid, String sector, String size) {
        return "  8,0 0 1 " + time + " " + pid + " Q W " + sector + " + " + size + " [a]\n";
    }

    @Test
    void aPidOrTimestampOfTwentyDigitsIsAnErrorWithTheAcceptedRange() {
        assertThatThrownBy(() -> replay(blk("0.000000000", "12345678901234567890", "8", "8")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("t.log:1: bad pid '12345678901234567890'; accepted: 0..2147483647");
        assertThatThrownBy(() -> replay(blk("12345678901234567890.000000000", "5", "8", "8")))
                .hasMessage("t.log:1: bad timestamp seconds '12345678901234567890'; accepted: 0..9223372036 (a"
                        + " time must fit 64-bit nanoseconds)");
        assertThatThrownBy(() -> replay(blk("9223372036.999999999", "5", "8", "8")))
                .hasMessageStartingWith("t.log:1: timestamp 9223372036.999999999 does not fit 64-bit nanoseconds");
        assertThatThrownBy(() -> replay("fio version 3 iolog\n99999999999999999999 f read 0 4096\n"))
                .hasMessageStartingWith("t.log:2: bad timestamp '99999999999999999999'; accepted: 0..");
    }

    @Test
    void aNegativeSizeOrSectorIsAnError() {
        assertThatThrownBy(() -> replay(blk("0.0", "5", "8", "-8")))
                .hasMessage("t.log:1: bad size '-8'; accepted: 0..4194303 sectors");
        assertThatThrownBy(() -> replay(blk("0.0", "5", "-8", "8")))
                .hasMessageStartingWith("t.log:1: bad sector '-8'; accepted: 0..18014398509481983 (2^54 - 1)");
        assertThatThrownBy(() -> replay("fio version 2 iolog\nf read -1 4096\n"))
                .hasMessageStartingWith("t.log:2: bad offset '-1'; accepted: 0..");
        assertThatThrownBy(() -> replay("fio version 2 iolog\nf read 0 -4096\n"))
                .hasMessage("t.log:2: bad length '-4096'; accepted: 0..2147483647 bytes");
    }

    @Test
    void sectorsBeyondTwoToThe54OrAnEndOverflowingAreErrorsNotSilentWraps() {
        assertThatThrownBy(() -> replay(blk("0.0", "5", "36028797018963968", "8")))
                .hasMessageStartingWith("t.log:1: bad sector '36028797018963968'");
        assertThatThrownBy(() -> replay(blk("0.0", "5", "18014398509481980", "8")))
                .hasMessage("t.log:1: sector 18014398509481980 + 8 ends beyond sector 18014398509481983 (2^54 - 1,"
                        + " the last whose byte offset fits 64 bits)");
        assertThatThrownBy(() -> replay("fio version 3 iolog\n0 f read 9223372036854775000 4096\n"))
                .hasMessage("t.log:2: offset 9223372036854775000 + length 4096 ends beyond byte 9223372036854775807"
                        + " (2^63 - 1)");
    }

    @Test
    void aWaitThatOverflowsVirtualTimeIsAnError() {
        assertThatThrownBy(() -> replay("fio version 2 iolog\nf read 0 4096\nf wait 9223372036854775807 0\n"
                + "f read 0 4096\n"))
                .hasMessageStartingWith("t.log:3: bad wait '9223372036854775807'; accepted: 0..9223372036854775 µs");
        assertThatThrownBy(() -> replay("fio version 2 iolog\nf wait -5 0\nf read 0 4096\n"))
                .hasMessageStartingWith("t.log:2: bad wait '-5'");
    }

    @Test
    void aTraceSpanningMoreThanTheRunsVirtualTimeIsRefusedAtTheLateLine() {
        assertThatThrownBy(() -> replay(blk("0.0", "5", "8", "8") + blk("9000000000.0", "5", "16", "8")))
                .hasMessage("t.log:2: this I/O comes 9000000000.000 s after the trace's first; a replay spans at"
                        + " most 86400.000 s (24 h, the run's limit of virtual time)");
        assertThatThrownBy(() -> replay("fio version 2 iolog\nf read 0 4096\nf wait 86400000001 0\nf read 0 4096\n"))
                .hasMessageStartingWith("t.log:4: this I/O comes 86400.000 s after");
    }

    @Test
    void farApartTimesThatFitReplayForTheTracesWholeLength() {
        // huge absolute times are fine: the run starts at the first I/O
        ReplayWorkload w = replay(blk("9000000000.000000000", "5", "8", "8")
                + blk("9000086000.000000000", "5", "16", "8"));
        FakeWorkloadContext ctx = new FakeWorkloadContext().latency(1_000);
        w.start(ctx);
        ctx.run();
        assertThat(ctx.submissions).extracting(FakeWorkloadContext.Submission::time).containsExactly(0L, 86_000 * S);
        assertThat(ctx.finished()).isTrue();
        assertThat(ctx.finishTime()).isEqualTo(86_000 * S + 1_000);
    }

    @Test
    void timesOutOfOrderInAnIologV3StartAtTheEarliest() {
        ReplayWorkload w = replay("fio version 3 iolog\n10 f read 0 4096\n5 f read 4096 4096\n");
        FakeWorkloadContext ctx = new FakeWorkloadContext().latency(1_000);
        w.start(ctx);
        ctx.run();
        assertThat(ctx.submissions).hasSize(2);
        assertThat(ctx.finished()).isTrue();
    }

    @Test
    void crlfLineEndingsAreAcceptedInEveryFormat() {
        String lf = blk("0.000000000", "5", "8", "8") + blk("0.000100000", "5", "16", "8");
        ReplayWorkload crlf = replay(lf.replace("\n", "\r\n"));
        assertThat(crlf.streams()).singleElement().satisfies(s -> assertThat(s.size()).isEqualTo(2));
        assertThat(replay("fio version 2 iolog\r\nf read 0 4096\r\nf wait 200 0\r\nf read 0 4096\r\n").streams()
                .get(0).time(1)).isEqualTo(200_000);
        assertThat(replay("fio version 3 iolog\r\n0 f read 0 4096\r\n").streams()).hasSize(1);
    }

    @Test
    void echoedValuesAreCutAndEscaped() {
        String longAction = "x".repeat(200_000) + "\0";
        assertThatThrownBy(() -> replay("fio version 2 iolog\nf " + longAction + " 0 1\n"))
                .satisfies(e -> {
                    assertThat(e.getMessage()).hasSizeLessThan(300).doesNotContain("\0");
                    assertThat(e.getMessage()).contains("...(200001 characters)");
                });
        assertThatThrownBy(() -> replay(blk("0.0", "5", "8\u0001", "8")))
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\u0001"));
    }
}
