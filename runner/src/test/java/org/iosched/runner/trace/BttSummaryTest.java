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
        assertThat(summary).startsWith("==================== All Devices ====================\n\n"
                + "            ALL           MIN           AVG           MAX           N\n"
                + "--------------- ------------- ------------- ------------- -----------\n\n"
                + "Q2Q               0.000001000   0.005001000   0.010001000           2\n"
                // a difference of 0 counts as 1 ns, as btt's tdelta
                + "Q2G               0.000000001   0.000000001   0.000000001           2\n"
                + "G2I               0.000000001   0.000000001   0.000000001           2\n"
                + "Q2M               0.000000001   0.000000001   0.000000001           1\n"
                + "I2D               0.000001000   0.000001500   0.000002000           2\n"
                + "M2D               0.000001000   0.000001000   0.000001000           1\n"
                + "D2C               0.002000000   0.007333333   0.010000000           3\n"
                + "Q2C               0.002001000   0.007334667   0.010002000           3\n\n");
    }

    @Test
    void theBinaryFormOfATraceSummarisesAsItsText() {
        java.nio.ByteBuffer records = java.nio.ByteBuffer.allocate(48 * 5).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        int read = 1 << 16;
        record(records, 1, 0, 0, 4096, 1 | 0x10 << 16 | read);
        record(records, 2, 0, 0, 4096, 4 | 0x10 << 16 | read);
        record(records, 3, 1000, 0, 4096, 12 | 0x110 << 16 | read);
        record(records, 4, 3000, 0, 4096, 7 | 0x140 << 16 | read);
        record(records, 5, 10_003_000, 0, 4096, 8 | 0x180 << 16 | read);
        String text = String.join("\n",
                "  8,0    0        1     0.000000000  1000  Q   R 0 + 8 [fio]",
                "  8,0    0        2     0.000000000  1000  G   R 0 + 8 [fio]",
                "  8,0    0        3     0.000001000  1000  I   R 0 + 8 [fio]",
                "  8,0    0        4     0.000003000     0  D   R 0 + 8 [swapper]",
                "  8,0    0        5     0.010003000     0  C   R 0 + 8 [0]");

        String binary = BttSummary.summarizeBinary(records.array());
        assertThat(binary).isEqualTo(BttSummary.summarize(new StringReader(text)))
                .containsPattern("D2C\\s+0\\.010000000\\s+0\\.010000000\\s+0\\.010000000\\s+1\n");
    }

    private static void record(java.nio.ByteBuffer out, int sequence, long time, long sector, int bytes, int action) {
        out.putInt(0x65617407).putInt(sequence).putLong(time).putLong(sector).putInt(bytes).putInt(action)
                .putInt(1000).putInt(8 << 20).putInt(0).putShort((short) 0).putShort((short) 0);
    }

    @Test
    void aSeekIsAnIssueThatDoesNotStartWhereThePreviousEnded() {
        String summary = BttSummary.summarize(new StringReader(TRACE));
        assertThat(summary).contains("Seeks: 1 of 2 issues (50.0%), distance in sectors: mean 984, median 984, max 984");
    }

    @Test
    void anEmptyTraceSummarisesToZeroCounts() {
        assertThat(BttSummary.summarize(new StringReader(""))).doesNotContain("Q2C").contains("Seeks: 0 of 0 issues");
    }
}
