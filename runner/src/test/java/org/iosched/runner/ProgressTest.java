package org.iosched.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import org.iosched.api.JobDescriptor;
import org.junit.jupiter.api.Test;

class ProgressTest {
    private long wall;
    private final StringWriter text = new StringWriter();

    private static JobDescriptor job(Map<String, String> options) {
        return new JobDescriptor(0, "j", 0, false, "", options, List.of());
    }

    @Test
    void theTotalIsTheRuntimeOfTimeBasedJobsOrTheSizeOfTheOthers() {
        assertThat(Progress.totalNanos(List.of(job(Map.of("runtime", "10h", "time_based", "1")))))
                .isEqualTo(36_000_000_000_000L);
        assertThat(Progress.totalNanos(List.of(job(Map.of("runtime", "60", "time_based", "")),
                job(Map.of("runtime", "2m", "time_based", ""))))).isEqualTo(120_000_000_000L);
        assertThat(Progress.totalNanos(List.of(job(Map.of("runtime", "60"))))).isEqualTo(-1);
        assertThat(Progress.totalBytes(List.of(job(Map.of("size", "64m")), job(Map.of("size", "1GiB")))))
                .isEqualTo((64L << 20) + (1L << 30));
        assertThat(Progress.totalBytes(List.of(job(Map.of("size", "50%"))))).isEqualTo(-1);
        assertThat(Progress.totalBytes(List.of(job(Map.of("size", "1g", "time_based", "1"))))).isEqualTo(-1);
        assertThat(Progress.timeNanos("${RUNTIME}")).isEqualTo(-1);
        assertThat(Progress.timeNanos("250ms")).isEqualTo(250_000_000L);
    }

    @Test
    void theEtaIsWrittenAsFioWritesIt() {
        assertThat(Progress.eta(52)).isEqualTo("00m:52s");
        assertThat(Progress.eta(3723)).isEqualTo("01h:02m:03s");
        assertThat(Progress.eta(90_123)).isEqualTo("1d:01h:02m:03s");
    }

    @Test
    void aLineIsPrintedAboutOnceAWallSecondOnePerUpdateWhenNotATerminal() {
        Progress progress = new Progress(new PrintWriter(text), false, () -> wall);
        Progress.Slot slot = progress.started("cfq", List.of(job(Map.of("runtime", "100", "time_based", "1"))));
        wall += 500_000_000L;
        slot.update(5_000_000_000L, 40L << 20);
        assertThat(text.toString()).isEmpty();
        wall += 500_000_000L;
        slot.update(10_000_000_000L, 80L << 20);

        assertThat(text.toString()).isEqualTo("iosched: [cfq: 10.0%, 10.000 of 100.000 s virtual][8.0MiB/s]"
                + "[10.00x real time][eta 00m:09s]" + System.lineSeparator());
    }

    @Test
    void onATerminalTheLineIsOverwrittenAndClearedBeforeTheReport() {
        Progress progress = new Progress(new PrintWriter(text), true, () -> wall);
        progress.planned(2);
        Progress.Slot slot = progress.started("noop", List.of(job(Map.of("size", "1m"))));
        wall += 1_000_000_000L;
        slot.update(1_000_000_000L, 512 << 10);
        wall += 1_000_000_000L;
        slot.update(2_000_000_000L, 1 << 20);
        progress.clear();

        String first = "iosched: [0/2 runs done][noop: 50.0%, 1.000 s virtual][512.0KiB/s][1.00x real time][eta 00m:01s]";
        String second = "iosched: [0/2 runs done][noop: 100.0%, 2.000 s virtual][512.0KiB/s][1.00x real time]"
                + "[eta 00m:00s]";
        assertThat(text.toString()).isEqualTo("\r" + first + "\r" + second + "\r" + " ".repeat(second.length()) + "\r");
    }
}
