package org.iosched.runner.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** fio's unit auto-scaling of latency lines and percentile tables. */
class LatencyTextTest {
    private static String summary(long min, long max, double mean, double dev) {
        StringBuilder out = new StringBuilder();
        LatencyText.appendSummary(out, "clat", Results.latency(10, min, max, mean, dev));
        return out.toString();
    }

    @Test
    void latencyLineStaysInNsecUnlessMinMaxAndStdevAllCallForUsec() {
        assertThat(summary(1332, 518422, 6455.719358, 4135.428598))
                .isEqualTo("    clat (nsec): min=1332, max=518422, avg=6455.72, stdev=4135.43\n");
        assertThat(summary(2001, 100_000, 50_000, 999.0)).startsWith("    clat (nsec): ");
        assertThat(summary(2000, 100_000, 50_000, 5_000)).startsWith("    clat (nsec): ");
        assertThat(summary(2001, 99_999, 50_000, 5_000)).startsWith("    clat (nsec): ");
    }

    @Test
    void latencyLineUsesUsecAboveTwoMicrosecondsAndAHundredMicrosecondsMax() {
        assertThat(summary(794610, 16898898, 2486019.027849, 773033.868604))
                .isEqualTo("    clat (usec): min=794, max=16898, avg=2486.02, stdev=773.03\n");
        assertThat(summary(2001, 100_000, 50_000, 1001)).startsWith("    clat (usec): min=2, max=100, ");
    }

    @Test
    void latencyLineUsesMsecAboveTwoMillisecondsAndAHundredMillisecondsMax() {
        assertThat(summary(2_500_000, 2_400_000_000L, 150_000_000, 90_000_000))
                .isEqualTo("    clat (msec): min=2, max=2400, avg=150.00, stdev=90.00\n");
        assertThat(summary(2_500_000, 2_400_000_000L, 150_000_000, 999_999)).startsWith("    clat (usec): ");
    }

    @Test
    void latencyLineScalesMinAndMaxBeyondSixDigits() {
        assertThat(summary(1500, 1_234_567, 5_000, 50_000)).isEqualTo(
                "    clat (nsec): min=1500, max=1234.6k, avg=5000.00, stdev=50000.00\n");
    }

    private static String table(long... values) {
        SortedMap<Double, Long> percentiles = new TreeMap<>(Results.percentiles(values));
        StringBuilder out = new StringBuilder();
        LatencyText.appendPercentiles(out, "clat", percentiles);
        return out.toString();
    }

    @Test
    void percentileTableIsInNsecForSmallValuesFourToALine() {
        assertThat(table(11584, 11712, 11840, 12096, 12352, 12480, 12608, 12992, 13632, 13888, 15424, 18560,
                23168, 27264, 38656, 43264, 58112)).isEqualTo("    clat percentiles (nsec):\n"
                + "     |  1.00th=[11584],  5.00th=[11712], 10.00th=[11840], 20.00th=[12096],\n"
                + "     | 30.00th=[12352], 40.00th=[12480], 50.00th=[12608], 60.00th=[12992],\n"
                + "     | 70.00th=[13632], 80.00th=[13888], 90.00th=[15424], 95.00th=[18560],\n"
                + "     | 99.00th=[23168], 99.50th=[27264], 99.90th=[38656], 99.95th=[43264],\n"
                + "     | 99.99th=[58112]\n");
    }

    @Test
    void percentileTableRoundsUpIntoUsecAndMsec() {
        assertThat(table(2001, 2002, 2003, 2004, 2005, 2006, 2007, 2008, 2009, 2010, 2011, 2012, 2013, 2014,
                2015, 2016, 100_000)).startsWith("    clat percentiles (usec):\n"
                + "     |  1.00th=[    3],  5.00th=[    3],").endsWith(" 99.99th=[  100]\n");
        assertThat(table(2_000_001, 2_000_002, 2_000_003, 2_000_004, 2_000_005, 2_000_006, 2_000_007, 2_000_008,
                2_000_009, 2_000_010, 2_000_011, 2_000_012, 2_000_013, 2_000_014, 2_000_015, 2_000_016, 100_000_000))
                .startsWith("    clat percentiles (msec):\n     |  1.00th=[    3],").endsWith(" 99.99th=[  100]\n");
        assertThat(table(2000, 2002, 2003, 2004, 2005, 2006, 2007, 2008, 2009, 2010, 2011, 2012, 2013, 2014,
                2015, 2016, 100_000)).startsWith("    clat percentiles (nsec):\n");
    }

    @Test
    void percentileTableWidensColumnsForLargeValuesAndFitsFewerToALine() {
        assertThat(table(1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000,
                1000, 1000, 1_234_567)).isEqualTo("    clat percentiles (nsec):\n"
                + "     |  1.00th=[   1000],  5.00th=[   1000], 10.00th=[   1000],\n"
                + "     | 20.00th=[   1000], 30.00th=[   1000], 40.00th=[   1000],\n"
                + "     | 50.00th=[   1000], 60.00th=[   1000], 70.00th=[   1000],\n"
                + "     | 80.00th=[   1000], 90.00th=[   1000], 95.00th=[   1000],\n"
                + "     | 99.00th=[   1000], 99.50th=[   1000], 99.90th=[   1000],\n"
                + "     | 99.95th=[   1000], 99.99th=[1234567]\n");
    }

    /** fio prints {@code " %<p+3>.<p>fth"}: with whole percentiles only, {@code "%3.0f"}. */
    @Test
    void percentilePrecisionFollowsTheLongestDecimalPart() {
        SortedMap<Double, Long> whole = new TreeMap<>();
        whole.put(50.0, 1000L);
        whole.put(90.0, 2000L);
        StringBuilder out = new StringBuilder();
        LatencyText.appendPercentiles(out, "clat", whole);

        assertThat(out).hasToString("    clat percentiles (nsec):\n     |  50th=[ 1000],  90th=[ 2000]\n");
    }
}
