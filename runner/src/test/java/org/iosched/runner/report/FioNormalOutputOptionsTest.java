package org.iosched.runner.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.iosched.api.InvalidInputException;
import org.iosched.simulator.result.DirectionStats;
import org.iosched.simulator.result.JobResult;
import org.iosched.simulator.result.SimulationResult;
import org.junit.jupiter.api.Test;

/** The fio 3.x normal output under the options that change only what fio prints (stat.c, options.c). */
class FioNormalOutputOptionsTest {
    private static String normal(SimulationResult result) {
        return FioNormalReport.render(result, FioNormalReport.Format.NORMAL);
    }

    /** The report from the first job block on (the header's notes name latencies too). */
    private static String blocks(String report) {
        return report.substring(report.indexOf("\n\n") + 2);
    }

    private static String reference(Map<String, String> options) {
        return normal(Results.withOptions(Results.referenceRandwrite(), options));
    }

    private static String randrw(Map<String, String> options) {
        return normal(Results.simulation(2_000_000_000L, List.of(Results.readsAndWrites(0, "rw", 0, false, options))));
    }

    @Test
    void descriptionIsPrintedUnderTheJobsFirstLine() {
        assertThat(reference(Map.of("description", "random 4k writes, QD8"))).contains(
                "pid=473225: Thu Jan  1 00:00:22 1970\n  Description  : [random 4k writes, QD8]\n  write: IOPS=3201");
        assertThat(reference(Map.of("description", ""))).doesNotContain("Description");
    }

    @Test
    void percentileListPrintsItsPercentilesFromTheHistogramByFiosRuleWithItsPrecision() {
        // clat bins: 38 at 0.95 ms, 8847 at 1.5 ms, 21861 at 3 ms, 1273 at 5 ms, 11 at 15 ms (32030 samples);
        // 50% falls in 3 ms's fio bucket (middle 2998272 ns), 99% and 99.9% in 5 ms's (5013504), 99.999% in
        // 15 ms's (15007744); usec rounded up.
        assertThat(reference(Map.of("percentile_list", "99.999:50:99:99.9"))).contains(
                "     lat (usec): min=800, max=16908, avg=2492.47, stdev=772.99\n"
                + "    clat percentiles (usec):\n"
                + "     | 50.000th=[ 2999], 99.000th=[ 5014], 99.900th=[ 5014], 99.999th=[15008]\n"
                + "   bw (  KiB/s):");
    }

    @Test
    void clatPercentilesOffDropsTheClatTable() {
        assertThat(reference(Map.of("clat_percentiles", "0"))).doesNotContain("percentiles")
                .contains("     lat (usec): min=800, max=16908, avg=2492.47, stdev=772.99\n   bw (  KiB/s):");
    }

    @Test
    void slatAndLatPercentilesPrintTheirTablesBeforeAndAfterClats() {
        String report = randrw(Map.of("slat_percentiles", "1", "lat_percentiles", "1", "percentile_list", "50"));

        assertThat(report).contains("     lat (usec): min=110, max=910, avg=304.00, stdev=50.00\n"
                + "    slat percentiles (nsec):\n     |  50th=[ 2992]\n"
                + "    clat percentiles (usec):\n     |  50th=[  200]\n"
                + "    lat percentiles (usec):\n     |  50th=[  204]\n"
                + "   bw (  KiB/s): min= 4000,");
    }

    @Test
    void latAndSlatPercentilesWithFiosDefaultListAreTheSimulatorsTables() {
        String report = randrw(Map.of("lat_percentiles", "1"));

        assertThat(report).contains("    lat percentiles (usec):\n"
                + "     |  1.00th=[  405],  5.00th=[  405], 10.00th=[  405], 20.00th=[  405],\n");
        assertThat(report).doesNotContain("slat percentiles");
    }

    @Test
    void disabledLatenciesLoseTheirLinesAndClatTakesTheLatencyRowsAndTheFsyncBlockWithIt() {
        String report = blocks(randrw(Map.of("disable_clat", "1", "disable_slat", "1")));

        assertThat(report).contains("  read: IOPS=1000, BW=4000KiB/s (4096kB/s)(4000KiB/1000msec)\n"
                + "     lat (usec): min=110, max=910, avg=304.00, stdev=50.00\n   bw (  KiB/s): min= 4000,");
        assertThat(report).doesNotContain("clat", "slat", "lat (usec)   :", "fsync")
                // fio still counts the syncs it issued (total_io_u[DDIR_SYNC]).
                .contains("     issued rwts: total=1000,500,0,10 ");
        assertThat(randrw(Map.of("disable_lat", "1"))).doesNotContain("     lat (usec): min=")
                .contains("    clat (usec): min=100, max=900");
    }

    @Test
    void gtodReduceDisablesEveryLatencyUnlessAnOptionBesideItKeepsOne() {
        assertThat(blocks(randrw(Map.of("gtod_reduce", "1")))).doesNotContain("slat", "clat", " lat (", "percentiles");
        assertThat(randrw(Map.of("gtod_reduce", "1", "disable_clat", "0", "clat_percentiles", "1")))
                .contains("    clat (usec): min=100,", "    clat percentiles (usec):").doesNotContain("slat");
    }

    @Test
    void disableBwMeasurementDropsTheBandwidthLineOnlyWhenBandwidthIsLoggedPerIo() {
        assertThat(randrw(Map.of("disable_bw_measurement", "1"))).contains("   bw (  KiB/s): min= 4000,");
        assertThat(randrw(Map.of("disable_bw", "1", "write_bw_log", "rw"))).doesNotContain("   bw (")
                .contains("   iops        : min= 1000,");
        assertThat(randrw(Map.of("disable_bw", "1", "write_bw_log", "rw", "log_avg_msec", "500")))
                .contains("   bw (  KiB/s): min= 4000,");
    }

    @Test
    void unifiedMixedSumsTheDirectionsIntoOneMixedBlockAndGroupLine() {
        String report = randrw(Map.of("unified_rw_reporting", "mixed"));

        // 1000 reads in 1 s and 500 writes in 2 s: 6000 KiB over the longer runtime; the bandwidth and IOPS
        // samples of the two directions are added up (pure sums), as fio's sum_thread_stats adds them.
        assertThat(report).contains("  mixed: IOPS=750, BW=3000KiB/s (3072kB/s)(6000KiB/2000msec)\n"
                + "    slat (nsec): min=2000, max=9000, avg=4666.67, stdev=1374.34\n"
                + "    clat (usec): min=100, max=1200, avg=533.33, stdev=337.57\n");
        assertThat(report).contains(
                "   bw (  KiB/s): min= 5000, max= 5000, per=100.00%, avg=5000.00, stdev= 0.00, samples=2\n"
                + "   iops        : min= 1250, max= 1250, avg=1250.00, stdev= 0.00, samples=2\n");
        assertThat(report).contains("     issued rwts: total=1500,0,0,10 ");
        assertThat(report).contains("  MIXED: bw=3000KiB/s (3072kB/s), 3000KiB/s-3000KiB/s (3072kB/s-3072kB/s),"
                + " io=6000KiB (6144kB), run=2000-2000msec\n");
        assertThat(report).doesNotContain("  read:", "  write:", "   READ:");
        assertThat(randrw(Map.of("unified_rw_reporting", "1"))).isEqualTo(report);
    }

    @Test
    void unifiedBothAddsTheMixedBlockAfterTheDirectionsAndAMixedGroupLine() {
        String report = randrw(Map.of("unified_rw_reporting", "both"));

        // fio's summed statistics lose unit_base (gen_mixed_ddir_stats_from_ts), so the rates have no unit.
        assertThat(report).contains("   iops        : min=  250, max=  250, avg=250.00, stdev= 0.00, samples=1\n"
                + "  mixed: IOPS=750, BW=3000Ki (3072k)(6000KiB/2000msec)\n");
        assertThat(report).contains(
                "   READ: bw=4000KiB/s (4096kB/s), 4000KiB/s-4000KiB/s (4096kB/s-4096kB/s), io=4000KiB (4096kB),"
                + " run=1000-1000msec\n"
                + "  WRITE: bw=1000KiB/s (1024kB/s), 1000KiB/s-1000KiB/s (1024kB/s-1024kB/s), io=2000KiB (2048kB),"
                + " run=2000-2000msec\n"
                + "  MIXED: bw=5000KiB/s (5120kB/s), 1000KiB/s-4000KiB/s (1024kB/s-4096kB/s), io=6000KiB (6144kB),"
                + " run=1000-2000msec\n");
        assertThat(report).contains("     issued rwts: total=1000,500,0,10 ");
        assertThat(randrw(Map.of("unified_rw_reporting", "2"))).isEqualTo(report);
        assertThat(randrw(Map.of("unified_rw_reporting", "0"))).isEqualTo(randrw(Map.of()));
    }

    @Test
    void aGroupsLinesSayMixedOnlyWhenItsBlocksValuesOrToMixed() {
        JobResult mixed = Results.readsAndWrites(0, "a", 0, false, Map.of("unified_rw_reporting", "mixed"));
        JobResult split = Results.readsAndWrites(1, "b", 0, false, Map.of());
        JobResult both = Results.readsAndWrites(2, "c", 0, false, Map.of("unified_rw_reporting", "both"));

        // mixed | none = mixed: every line is labelled MIXED, the read slot holding a's sum and b's reads.
        assertThat(normal(Results.simulation(2_000_000_000L, List.of(mixed, split))))
                .contains("\n  MIXED: bw=5000KiB/s (5120kB/s), 3000KiB/s-4000KiB/s (3072kB/s-4096kB/s), io=9.77MiB (10.2MB),"
                        + " run=1000-2000msec\n"
                        + "  MIXED: bw=1000KiB/s (1024kB/s), 1000KiB/s-1000KiB/s (1024kB/s-1024kB/s), io=2000KiB (2048kB),"
                        + " run=2000-2000msec\n")
                .doesNotContain("   READ:", "  WRITE:");
        // mixed | both = 3, neither: plain labels and no summed line.
        assertThat(normal(Results.simulation(2_000_000_000L, List.of(mixed, both))))
                .contains("\n   READ: bw=5000KiB/s", "\n  WRITE: bw=1000KiB/s").doesNotContain("  MIXED:");
    }

    @Test
    void significantFiguresSetTheDigitsOfRatesAndSizes() {
        String report = reference(Map.of("significant_figures", "6"));

        assertThat(report).contains("  write: IOPS=3201, BW=12809KiB/s (13117kB/s)(128120KiB/10002msec)\n");
        assertThat(report).contains("  WRITE: bw=12809KiB/s (13117kB/s), 12809KiB/s-12809KiB/s (13117kB/s-13117kB/s),"
                + " io=128120KiB (131195kB), run=10002-10002msec\n");
        assertThat(reference(Map.of("significant_figures", "3")))
                .contains("  write: IOPS=3.2k, BW=13MiB/s (13MB/s)(125MiB/10002msec)\n");
    }

    @Test
    void kbBase1000PutsDecimalPrefixesFirst() {
        String report = reference(Map.of("kb_base", "1000"));

        assertThat(report).contains("  write: IOPS=3201, BW=13.1MB/s (12.5MiB/s)(131MB/10002msec)\n");
        // fio keeps the samples in KiB and only relabels them.
        assertThat(report).contains("   bw (   kB/s): min=  242, max= 5154, per=14.01%, avg=1795.90,");
        assertThat(report).contains("  WRITE: bw=13.1MB/s (12.5MiB/s), 13.1MB/s-13.1MB/s (12.5MiB/s-12.5MiB/s),"
                + " io=131MB (125MiB), run=10002-10002msec\n");
    }

    @Test
    void bandwidthSamplesOverKbBaseSquaredSwitchToTheLargerUnitWhichFioCallsMibEvenWithKbBase1000() {
        DirectionStats read = Results.sampled(new DirectionStats(4L << 30, 1 << 20, 1_000_000_000L, Results.none(),
                Results.none(), Results.none()));
        JobResult fast = new JobResult(Results.descriptor(0, "fast", 0, false, "rw=read", Map.of()), 1, 0,
                1_000_000_000L, read, Results.idle(), Results.idle(), Results.none());
        SimulationResult result = Results.simulation(1_000_000_000L, List.of(fast));

        // 4 GiB/s is 4194304 KiB/s: over 1024 squared, 4096 MiB/s; over 1000 squared, divided by 1000.
        assertThat(normal(result)).contains("   bw (  MiB/s): min= 4096, max= 4096, per=100.00%, avg=4096.00,");
        assertThat(normal(Results.withOptions(result, Map.of("kb_base", "1000"))))
                .contains("   bw (  MiB/s): min= 4194, max= 4194, per=100.00%, avg=4194.30,");
    }

    @Test
    void unitBase1PrintsRatesInBitsAndSizesStillInBytes() {
        String report = reference(Map.of("unit_base", "1"));

        assertThat(report).contains("  write: IOPS=3201, BW=100Mibit/s (105Mbit/s)(125MiB/10002msec)\n");
        // the samples times 8: a mean of 14367.2 Kibit/s, under 1024 squared: still Kibit/s.
        assertThat(report).contains("   bw (Kibit/s): min= 1936, max=41232, per=14.01%, avg=14367.20, stdev=4249.60,");
        assertThat(report).contains("  WRITE: bw=100Mibit/s (105Mbit/s), 100Mibit/s-100Mibit/s (105Mbit/s-105Mbit/s),"
                + " io=125MiB (131MB), run=10002-10002msec\n");
        assertThat(reference(Map.of("unit_base", "8"))).isEqualTo(reference(Map.of()));
    }

    @Test
    void aBlockOfGroupReportingTakesItsFirstJobsDescriptionAndItsLastJobsPercentiles() {
        JobResult first = Results.readsAndWrites(0, "rw", 0, true, Map.of("description", "first"));
        JobResult last = Results.readsAndWrites(1, "rw", 0, true,
                Map.of("description", "second", "percentile_list", "50:90"));

        String report = normal(Results.simulation(2_000_000_000L, List.of(first, last)));

        assertThat(report).contains("jobs=2): err= 0: pid=100: Thu Jan  1 00:00:02 1970\n  Description  : [first]\n")
                .contains("    clat percentiles (usec):\n     |  50th=[  200],  90th=[  400]\n")
                .doesNotContain("second");
    }

    @Test
    void blockErrorPercentilesButNotTheAveragingWindowsAreNotedInTheHeaderOncePerJob() {
        List<JobResult> clones = List.of(
                Results.readsAndWrites(0, "rw", 0, false, Map.of("bwavgtime", "1000", "iopsavgtime", "250",
                        "block_error_percentiles", "1")),
                Results.readsAndWrites(1, "rw", 0, false, Map.of("bwavgtime", "1000", "iopsavgtime", "250",
                        "block_error_percentiles", "1")));

        String report = normal(Results.simulation(2_000_000_000L, clones));

        // the averaging windows are modelled (the samples come from the simulator), so only the other is noted
        assertThat(report).contains("iosched: " + ReportNotes.ALL.get(ReportNotes.ALL.size() - 1) + "\n"
                + "iosched: block_error_percentiles=1 (job 'rw'): accepted, but no block lifetime percentiles are"
                + " printed: the simulator keeps no per-block trim state\n"
                + "rw: (g=0): rw=randrw\n");
        assertThat(report).doesNotContain("block lifetime percentiles :");
    }

    @Test
    void aValueFioRejectsIsAnErrorNamingTheJobAndWhatIsAccepted() {
        assertThatThrownBy(() -> reference(Map.of("unified_rw_reporting", "yes")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("job '/dev/nvme8n6': fio: failed parsing unified_rw_reporting=yes: accepted: none, mixed,"
                        + " both, 0, 1, 2");
    }
}
