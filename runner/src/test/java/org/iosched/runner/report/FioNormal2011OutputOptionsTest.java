package org.iosched.runner.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.iosched.simulator.result.SimulationResult;
import org.junit.jupiter.api.Test;

/** The 2011 layout under the output options fio 1.5x had (stat.c of fio 1.57/1.58). */
class FioNormal2011OutputOptionsTest {
    private static String render(SimulationResult result) {
        return FioNormalReport.render(result, FioNormalReport.Format.NORMAL_2011);
    }

    private static String reference(Map<String, String> options) {
        return render(Results.withOptions(Results.referenceRandwrite(), options));
    }

    @Test
    void descriptionIsPrintedUnderTheJobsFirstLine() {
        assertThat(reference(Map.of("description", "QD8 writes"))).contains(
                "err= 0: pid=473225\n  Description  : [QD8 writes]\n  write: io=");
    }

    @Test
    void kbBase1000CountsInThousandsInTheJobAndGroupLines() {
        String report = reference(Map.of("kb_base", "1000"));

        assertThat(report).contains("  write: io=131195KB, bw=13117KB/s, iops=3201 , runt= 10002msec\n");
        // io_kb = bytes / 1000, agg = io_kb * 1000 / runtime; the bandwidth samples stay KiB/s.
        assertThat(report).contains("    bw (KB/s) : min=12809, max=12809, per=97.66%, avg=12809.00, stdev= 0.00\n");
        assertThat(report).contains("  WRITE: io=131194KB, aggrb=13116KB/s, minb=13116KB/s, maxb=13116KB/s,"
                + " mint=10002msec, maxt=10002msec\n");
    }

    @Test
    void clatPercentilesOnPrintsFio158sTableInMicrosecondsFourToALine() {
        // clat bins at 0.95, 1.5, 3, 5 and 15 ms fall in fio 1.5x's microsecond buckets 948, 1496, 2992, 5024
        // and 15040; fio 1.58's default list stops at 99.9.
        assertThat(reference(Map.of("clat_percentiles", "1"))).contains(
                "     lat (usec): min=800 , max=16908 , avg=2492.47, stdev=772.99\n"
                + "    clat percentiles (usec) : 1.00th=1496, 5.00th=1496, 10.00th=1496, 20.00th=1496,\n"
                + "                              30.00th=2992, 40.00th=2992, 50.00th=2992, 60.00th=2992,\n"
                + "                              70.00th=2992, 80.00th=2992, 90.00th=2992, 95.00th=2992,\n"
                + "                              99.00th=5024, 99.50th=5024, 99.90th=5024\n"
                + "    bw (KB/s) :");
        assertThat(reference(Map.of("clat_percentiles", "1", "percentile_list", "99.99:50")))
                .contains("    clat percentiles (usec) : 50.00th=2992, 99.99th=15040\n");
    }

    @Test
    void withoutClatPercentilesAListPrintsNothingAndSaysSo() {
        String report = reference(Map.of("percentile_list", "50:99"));

        assertThat(report).doesNotContain("clat percentiles").contains("iosched: percentile_list=50:99 (job"
                + " '/dev/nvme8n6'): fio 1.58 printed percentiles only with clat_percentiles=1; the normal-2011"
                + " layout prints none\n");
    }

    @Test
    void disableBwMeasurementLeavesNoBandwidthSamplesInFio15x() {
        assertThat(reference(Map.of("disable_bw_measurement", "1"))).doesNotContain("    bw (KB/s)");
    }

    @Test
    void disabledLatenciesLoseTheirLinesAndClatEmptiesTheLatencyRows() {
        String report = reference(Map.of("disable_clat", "1", "disable_slat", "1"));

        assertThat(report).contains("  write: io=128120KB, bw=12809KB/s, iops=3201 , runt= 10002msec\n"
                + "     lat (usec): min=800 , max=16908 , avg=2492.47, stdev=772.99\n    bw (KB/s) :");
        assertThat(report).contains("     issued r/w/d: total=0/32023/0, short=0/0/0\n\n\n\nRun status group 0");
    }

    @Test
    void optionsFio15xDidNotHaveAreNotedAndChangeNothing() {
        Map<String, String> later = Map.of("unified_rw_reporting", "mixed", "significant_figures", "6",
                "unit_base", "1", "lat_percentiles", "1");

        String report = reference(later);

        assertThat(report).contains(
                "iosched: lat_percentiles=1 (job '/dev/nvme8n6'): fio 1.5x had no such option; the normal-2011"
                        + " layout does not show it\n",
                "iosched: significant_figures=6 (job '/dev/nvme8n6'): fio 1.5x had no such option;",
                "iosched: unified_rw_reporting=mixed (job '/dev/nvme8n6'): fio 1.5x had no such option;",
                "iosched: unit_base=1 (job '/dev/nvme8n6'): fio 1.5x had no such option;");
        assertThat(report.substring(report.indexOf("\n\n"))).isEqualTo(reference(Map.of()).substring(
                reference(Map.of()).indexOf("\n\n")));
    }

    @Test
    void groupReportingTakesTheDescriptionFromTheFirstJob() {
        String report = render(Results.simulation(2_000_000_000L, List.of(
                Results.readsAndWrites(0, "rw", 0, true, Map.of("description", "one")),
                Results.readsAndWrites(1, "rw", 0, true, Map.of("description", "two")))));

        assertThat(report).contains("rw: (groupid=0, jobs=2): err= 0: pid=100\n  Description  : [one]\n")
                .doesNotContain("[two]");
    }
}
