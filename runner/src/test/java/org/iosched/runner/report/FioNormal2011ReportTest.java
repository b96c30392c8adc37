package org.iosched.runner.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.iosched.simulator.result.DirectionStats;
import org.iosched.simulator.result.JobResult;
import org.iosched.simulator.result.SimulationResult;
import org.junit.jupiter.api.Test;

/** The 2011 layout ({@code --output-format normal-2011}) against real fio 1.57 and 1.59 captures. */
class FioNormal2011ReportTest {
    /** Lines of the captures the simulation reports differently, by design (ReportNotes). */
    private static final List<String> SIMULATED_DIFFERENTLY = List.of(
            "    bw (KB/s) :", "  cpu          :", "  IO depths    :", "     submit    :", "     complete  :");

    private static String render(SimulationResult result) {
        return FioNormalReport.render(result, FioNormalReport.Format.NORMAL_2011);
    }

    /** fio 1.59, 4 KiB sequential reads at iodepth 4 for 60 s (search-index capture id 56187129841). */
    private static SimulationResult sequentialRead() {
        DirectionStats read = new DirectionStats(464361L * 4096, 464361, 60_001_000_000L,
                Results.latency(464361, 3_400, 309_500, 5_400, 2_010),
                Results.latency(464361, 64_000, 13_157_000, 509_750, 249_890, Results.percentiles(),
                        Results.bins(75_000, 46, 200_000, 186, 400_000, 108_567, 600_000, 354_773, 800_000, 371,
                                1_500_000, 186, 3_000_000, 46, 5_000_000, 93, 15_000_000, 186)),
                Results.latency(464361, 123_000, 13_167_000, 515_410, 249_880));
        JobResult job = new JobResult(Results.descriptor(0, "seq-read", 0, false, "rw=read", Map.of("iodepth", "4")),
                15066, 0, 60_001_000_000L, read, Results.idle(), Results.idle(), Results.none());
        return Results.simulation(60_500_000_000L, List.of(job));
    }

    @Test
    void sequentialReadPrintsTheFio159CaptureLineForLineExceptTheLinesTheSimulatorCannotMeasure() {
        List<String> lines = Arrays.asList(render(sequentialRead()).split("\n"));
        List<String> block = lines.subList(lines.indexOf("seq-read: (groupid=0, jobs=1): err= 0: pid=15066"),
                lines.indexOf("Run status group 0 (all jobs):") - 1);

        List<String> reference = Arrays.asList(FioNormalReportTest.resource("fio-1.59-seqread.txt").split("\n"));
        assertThat(without(block)).containsExactlyElementsOf(without(reference));
    }

    @Test
    void sequentialReadBandwidthLineHoldsOneSampleAndTheShareOfTheGroup() {
        assertThat(render(sequentialRead())).contains(
                "    bw (KB/s) : min=30956, max=30956, per=100.00%, avg=30956.00, stdev= 0.00\n");
    }

    private static List<String> without(List<String> lines) {
        List<String> kept = new ArrayList<>();
        for (String line : lines) {
            if (SIMULATED_DIFFERENTLY.stream().noneMatch(line::startsWith)) {
                kept.add(line);
            }
        }
        return kept;
    }

    /**
     * fio 1.57, five sync 8 KiB sequential writers with group_reporting that wrote 354 blocks in all, the
     * slowest in 10136 ms (search-index capture id 36529765692, group 2).
     */
    private static List<JobResult> sequentialWriters(int group) {
        List<JobResult> jobs = new ArrayList<>();
        long[] blocks = {71, 71, 71, 71, 70};
        for (int i = 0; i < blocks.length; i++) {
            long runtime = 10_136_000_000L - i * 7_000_000L;
            DirectionStats write = new DirectionStats(blocks[i] * 8192, blocks[i], runtime, Results.none(),
                    Results.latency(blocks[i], 75_000, 1_506_600_000, 157_500_690, 96_237_550),
                    Results.latency(blocks[i], 75_000, 1_506_600_000, 157_500_810, 96_237_540));
            jobs.add(new JobResult(Results.descriptor(i, "sequential-write-direct", group, true, "rw=write",
                    Map.of()), 2457 + i, 0, runtime, Results.idle(), write, Results.idle(), Results.none()));
        }
        return jobs;
    }

    @Test
    void groupOfSequentialWritersPrintsTheFio157JobAndGroupLines() {
        String report = render(Results.simulation(10_200_000_000L, sequentialWriters(2)));

        for (String line : FioNormalReportTest.resource("fio-1.57-seqwrite-group.txt").split("\n")) {
            assertThat(report).contains(line + "\n");
        }
        assertThat(report).contains("\nRun status group 0 (all jobs):\n\nRun status group 1 (all jobs):\n");
    }

    @Test
    void groupBandwidthLineShowsTheSpreadOfTheMembersAsFio15xMergedThem() {
        String report = render(Results.simulation(10_200_000_000L, sequentialWriters(0)));

        // Members: 56, 56, 56, 56 and 55 KiB/s (bytes * 1000 / runtime_ms / 1024); fio 1.5x averaged them.
        assertThat(report).contains("    bw (KB/s) : min=   55, max=   56, per=20.00%, avg=55.80, stdev= 0.45\n");
    }

    @Test
    void latencyLineSwitchesToMsecOnlyWhenMinMaxMeanAndStdevAllExceed1000Usec() {
        String report = render(Results.simulation(10_200_000_000L, sequentialWriters(0).subList(0, 1)));

        assertThat(report).contains("    clat (usec): min=75 , max=1506.6K, avg=157500.69, stdev=96237.55\n");
        assertThat(render(oneWriter(2_000_000, 900_000))).contains("    clat (usec): min=2000 , max=50000 ,");
        assertThat(render(oneWriter(2_000_000, 5_000_000)))
                .contains("    clat (msec): min=2 , max=50 , avg=10.00, stdev= 5.00\n");
    }

    private static SimulationResult oneWriter(long minNanos, double stdevNanos) {
        DirectionStats write = new DirectionStats(8192, 1, 50_000_000, Results.none(),
                Results.latency(2, minNanos, 50_000_000, 10_000_000, stdevNanos), Results.none());
        JobResult job = new JobResult(Results.descriptor(0, "w", 0, false, "rw=write", Map.of()), 1, 0,
                50_000_000, Results.idle(), write, Results.idle(), Results.none());
        return Results.simulation(50_000_000, List.of(job));
    }

    @Test
    void rowsOfTheLatencyDistributionEndWithANewlineEvenWhenEmptyAsFio15xPrintedThem() {
        String report = render(Results.simulation(10_200_000_000L, sequentialWriters(0)));

        assertThat(report).contains("     issued r/w/d: total=0/354/0, short=0/0/0\n\n\n");
    }

    @Test
    void headerHasNoDateAndTheVersionLineNamesTheLayout() {
        String report = render(sequentialRead());

        assertThat(report).contains("fio 1.57-iosched\nStarting 1 process\n\nseq-read: (groupid=0, jobs=1): err= 0:"
                + " pid=15066\n");
    }

    @Test
    void reportIsByteIdenticalToTheGoldenFile() {
        assertThat(render(Results.referenceRandwrite()))
                .isEqualTo(FioNormalReportTest.resource("iosched-normal-2011-randwrite.txt"));
    }
}
