package org.iosched.runner.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import org.junit.jupiter.api.Test;

class BttSummaryTest {
    private static final String TRACE = String.join("\n",
            "  8,0    0        1     0.000000000  1000  Q  RS 0 + 8 [fio]",
            "  8,0    0        2     0.000000000  1000  G  RS 0 + 8 [fio]",
            "  8,0    0        3     0.000000000  1000  I  RS 0 + 8 [fio]",
            "  8,0    0        4     0.000001000  1000  Q  RS 8 + 8 [fio]",
            "  8,0    0        5     0.000001000  1000  M  RS 8 + 8 [fio]",
            "  8,0    0        6     0.000002000     0  D  RS 0 + 16 [swapper]",
            "  8,0    0        0     0.000002000     0  m   N deadline READ batch start",
            "  8,0    0        7     0.010002000     0  C  RS 0 + 16 [0]",
            "  8,0    0        8     0.010002000  1000  Q  WS 1000 + 8 [fio]",
            "  8,0    0        9     0.010002000  1000  G  WS 1000 + 8 [fio]",
            "  8,0    0       10     0.010002000  1000  I  WS 1000 + 8 [fio]",
            "  8,0    0       11     0.010003000     0  D  WS 1000 + 8 [swapper]",
            "  8,0    0       12     0.012003000     0  C  WS 1000 + 8 [0]",
            "",
            "CPU0 (8,0):",
            " Reads Queued:           2,        8KiB  Writes Queued:           1,        4KiB");

    @Test
    void mergedBiosAreIssuedAndCompletedWithTheirRequest() {
        String summary = BttSummary.summarize(new StringReader(TRACE));
        assertThat(summary).containsPattern("Q2D\\s+0\\.000001000\\s+0\\.000001333\\s+0\\.000002000\\s+3 ");
        assertThat(summary).containsPattern("D2C\\s+0\\.002000000\\s+0\\.007333333\\s+0\\.010000000\\s+3 ");
        assertThat(summary).containsPattern("Q2C\\s+0\\.002001000\\s+0\\.007334667\\s+0\\.010002000\\s+3 ");
        assertThat(summary).containsPattern("Q2G\\s+0\\.000000000\\s+0\\.000000000\\s+0\\.000000000\\s+2 ");
    }

    @Test
    void aSeekIsAnIssueThatDoesNotStartWhereThePreviousEnded() {
        String summary = BttSummary.summarize(new StringReader(TRACE));
        assertThat(summary).contains("Seeks: 1 of 2 issues (50.0%), distance in sectors: mean 984, median 984, max 984");
    }

    @Test
    void anEmptyTraceSummarisesToZeroCounts() {
        assertThat(BttSummary.summarize(new StringReader(""))).contains("Q2C").contains("Seeks: 0 of 0 issues");
    }
}
