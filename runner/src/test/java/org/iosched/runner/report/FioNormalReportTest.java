package org.iosched.runner.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.iosched.api.InvalidInputException;
import org.iosched.simulator.result.DirectionStats;
import org.iosched.simulator.result.JobResult;
import org.iosched.simulator.result.SimulationResult;
import org.junit.jupiter.api.Test;

class FioNormalReportTest {
    /** Lines of the reference capture that the simulation reports differently, by design (ReportNotes). */
    private static final List<String> SIMULATED_DIFFERENTLY = List.of(
            "/dev/nvme8n6: (groupid=0", "   bw (", "   iops        :", "  cpu          :", "  IO depths    :",
            "     submit    :", "     complete  :");

    static String resource(String name) {
        try (InputStream in = FioNormalReportTest.class.getResourceAsStream("/report/" + name)) {
            assertThat(in).as(name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static List<String> withoutSimulatedDifferently(List<String> lines) {
        List<String> kept = new ArrayList<>();
        for (String line : lines) {
            if (SIMULATED_DIFFERENTLY.stream().noneMatch(line::startsWith)) {
                kept.add(line);
            }
        }
        return kept;
    }

    /** Our report from the first job block on (iosched's header and fio's pre-run lines cut off). */
    private static List<String> resultLines(String report) {
        List<String> lines = Arrays.asList(report.split("\n", -1));
        int start = lines.indexOf("") + 1;
        return lines.subList(start, lines.size() - 1);
    }

    @Test
    void referenceRunPrintsTheReferenceCaptureLineForLineExceptTheLinesTheSimulatorCannotMeasure() {
        String report = FioNormalReport.render(Results.referenceRandwrite(), FioNormalReport.Format.NORMAL);

        List<String> reference = Arrays.asList(resource("fio-3.42-randwrite.txt").split("\n"));
        assertThat(withoutSimulatedDifferently(resultLines(report))).containsExactlyElementsOf(
                withoutSimulatedDifferently(reference));
    }

    @Test
    void referenceRunLinesThatDifferByDesignReadAsDocumented() {
        List<String> lines = resultLines(FioNormalReport.render(Results.referenceRandwrite(),
                FioNormalReport.Format.NORMAL));

        assertThat(lines).contains(
                "/dev/nvme8n6: (groupid=0, jobs=1): err= 0: pid=473225: Thu Jan  1 00:00:22 1970",
                "   bw (  KiB/s): min=  242, max= 5154, per=14.01%, avg=1795.90, stdev=531.20, samples=32030",
                "   iops        : min=    1, max=    1, avg= 1.00, stdev= 0.00, samples=32030",
                "  cpu          : usr=1.65%, sys=2.57%, ctx=27483, majf=0, minf=2754",
                "  IO depths    : 1=0.0%, 2=0.0%, 4=0.0%, 8=0.0%, 16=0.0%, 32=0.0%, >=64=0.0%",
                "  nvme8n6: ios=0/65981, sectors=0/527848, merge=0/0, ticks=0/164146, in_queue=164146, util=99.49%");
    }

    @Test
    void reportIsByteIdenticalToTheGoldenFile() {
        assertThat(FioNormalReport.render(Results.referenceRandwrite(), FioNormalReport.Format.NORMAL))
                .isEqualTo(resource("iosched-normal-randwrite.txt"));
    }

    @Test
    void headerNamesSchedulerDeviceSeedSettingsNoticesAndReportNotesBeforeFiosPreRunLines() {
        SimulationResult reference = Results.referenceRandwrite();
        SimulationResult withNotice = new SimulationResult(reference.scheduler(), reference.device(),
                reference.seed(), reference.settings(), reference.durationNanos(), reference.jobs(),
                reference.disk(), List.of("cpus_allowed=0-3 (job.fio:4): no effect in simulation"), Map.of());

        String report = FioNormalReport.render(withNotice, FioNormalReport.Format.NORMAL);

        assertThat(report).startsWith("iosched: scheduler=cfq, device=nvme, seed=42, kernel=Linux 2.6.32-3.0"
                + " single-queue block layer\n"
                + "iosched: cfq: slice_idle=8\n"
                + "iosched: queue: nr_requests=128\n"
                + "iosched: cpus_allowed=0-3 (job.fio:4): no effect in simulation\n"
                + "iosched: " + ReportNotes.ALL.get(0) + "\n");
        assertThat(report).contains("iosched: " + ReportNotes.ALL.get(ReportNotes.ALL.size() - 1) + "\n"
                + "/dev/nvme8n6: (g=0): " + Results.SUMMARY_RANDWRITE + "\n"
                + "fio-3.42-iosched\n"
                + "Starting 1 process\n"
                + "\n"
                + "/dev/nvme8n6: (groupid=0, jobs=1)");
    }

    @Test
    void clonesOfAJobArePrintedOnceThenElidedAsFioDoes() {
        String report = FioNormalReport.render(fourReaders(true), FioNormalReport.Format.NORMAL);

        assertThat(report).contains("randread: (g=0): rw=randread\n...\nfio-3.42-iosched\nStarting 4 processes\n");
    }

    /**
     * The fio-3.1 group_reporting sample of fio-blktrace.md §3 (4 x 512 MiB of 4 KiB random reads; the
     * slowest job ran 25686 ms): one block named after the first job, counts summed.
     */
    private static SimulationResult fourReaders(boolean groupReporting) {
        List<JobResult> jobs = new ArrayList<>();
        long[] runtimes = {25_686_000_000L, 25_600_000_000L, 25_500_000_000L, 25_400_000_000L};
        for (int i = 0; i < 4; i++) {
            DirectionStats read = Results.sampled(new DirectionStats(512L << 20, 131072, runtimes[i],
                    Results.latency(131072, 65_400 + i, 33_169_000, 192_800, 110_460),
                    Results.latency(131072, 2_400, 48_551_000 - i, 2_939_250, 573_240),
                    Results.latency(131072, 70_000, 48_600_000, 3_132_050, 580_000)));
            jobs.add(new JobResult(Results.descriptor(i, "randread", 0, groupReporting, "rw=randread", Map.of()),
                    1919 + i, 0, runtimes[i], read, Results.idle(), Results.idle(), Results.none()));
        }
        return Results.simulation(26_000_000_000L, jobs);
    }

    @Test
    void groupReportingPrintsOneBlockWithTheFirstJobsNameAndSummedCounts() {
        List<String> lines = resultLines(FioNormalReport.render(fourReaders(true), FioNormalReport.Format.NORMAL));

        assertThat(lines).filteredOn(line -> line.contains("(groupid=")).containsExactly(
                "randread: (groupid=0, jobs=4): err= 0: pid=1919: Thu Jan  1 00:00:26 1970");
        assertThat(lines).contains(
                "  read: IOPS=20.4k, BW=79.7MiB/s (83.6MB/s)(2048MiB/25686msec)",
                "     issued rwts: total=524288,0,0,0 short=0,0,0,0 dropped=0,0,0,0",
                "   READ: bw=79.7MiB/s (83.6MB/s), 79.7MiB/s-79.7MiB/s (83.6MB/s-83.6MB/s), io=2048MiB (2147MB),"
                        + " run=25686-25686msec");
    }

    @Test
    void groupReportingSumsTheMembersBandwidthSamplesAsFio3Does() {
        List<String> lines = resultLines(FioNormalReport.render(fourReaders(true), FioNormalReport.Format.NORMAL));

        // Members: 20411, 20480, 20560, 20641 KiB/s and 5102, 5120, 5140, 5160 IOPS; fio 3.x adds them up.
        assertThat(lines).contains(
                "   bw (  KiB/s): min=82092, max=82092, per=100.00%, avg=82092.00, stdev= 0.00, samples=4",
                "   iops        : min=20522, max=20522, avg=20522.00, stdev= 0.00, samples=4");
    }

    @Test
    void withoutGroupReportingEachJobHasItsBlockAndItsShareOfTheGroup() {
        List<String> lines = resultLines(FioNormalReport.render(fourReaders(false), FioNormalReport.Format.NORMAL));

        assertThat(lines).filteredOn(line -> line.contains("(groupid=")).hasSize(4);
        assertThat(lines).contains(
                "   bw (  KiB/s): min=20411, max=20411, per=25.00%, avg=20411.00, stdev= 0.00, samples=1",
                "   READ: bw=79.7MiB/s (83.6MB/s), 19.9MiB/s-20.2MiB/s (20.9MB/s-21.1MB/s), io=2048MiB (2147MB),"
                        + " run=25400-25686msec");
    }

    @Test
    void everyGroupGetsARunStatusBlockAndTheDiskStatsComeLast() {
        List<JobResult> jobs = new ArrayList<>(Results.referenceRandwrite().jobs());
        JobResult first = jobs.get(0);
        jobs.add(new JobResult(Results.descriptor(1, "reader", 1, false, "rw=read", Map.of()), 500, 0,
                1_000_000_000L, first.write(), Results.idle(), Results.idle(), Results.none()));
        SimulationResult result = Results.simulation(22_100_000_000L, jobs, Results.referenceRandwrite().disk());

        String report = FioNormalReport.render(result, FioNormalReport.Format.NORMAL);

        assertThat(report).contains("\nRun status group 0 (all jobs):\n  WRITE: ");
        assertThat(report).contains("\nRun status group 1 (all jobs):\n   READ: ");
        assertThat(report).endsWith("\nDisk stats (read/write):\n"
                + "  nvme8n6: ios=0/65981, sectors=0/527848, merge=0/0, ticks=0/164146, in_queue=164146, util=99.49%\n");
    }

    @Test
    void jobWithoutIoPrintsNoBlockButItsGroupStillHasARunStatusLine() {
        JobResult idle = new JobResult(Results.descriptor(0, "idle", 0, false, "rw=read", Map.of()), 7, 0, 0,
                Results.idle(), Results.idle(), Results.idle(), Results.none());
        String report = FioNormalReport.render(Results.simulation(1, List.of(idle)),
                FioNormalReport.Format.NORMAL);

        assertThat(report).doesNotContain("(groupid=")
                .contains("\nRun status group 0 (all jobs):\n\nDisk stats (read/write):\n");
    }

    @Test
    void syncIoGetsTheFsyncBlockAndCountsInIssuedRwts() {
        SimulationResult reference = Results.referenceRandwrite();
        JobResult job = reference.jobs().get(0);
        JobResult withSyncs = new JobResult(job.job(), job.pid(), job.startNanos(), job.endNanos(), job.read(),
                job.write(), job.trim(), Results.latency(50, 161_000, 345_000, 192_480, 20_090,
                        Results.percentiles(167_000, 172_000, 174_000, 178_000, 182_000, 184_000, 186_000, 192_000,
                                196_000, 206_000, 221_000, 235_000, 260_000, 273_000, 302_000, 310_000, 347_000),
                        Results.bins(190_000, 50)));
        String report = FioNormalReport.render(Results.simulation(reference.durationNanos(), List.of(withSyncs)),
                FioNormalReport.Format.NORMAL);

        assertThat(report).contains("  lat (msec)   : 2=27.63%, 4=68.27%, 10=3.98%, 20=0.03%\n"
                + "  fsync/fdatasync/sync_file_range/syncfs:\n"
                + "    sync (usec): min=161, max=345, avg=192.48, stdev=20.09\n"
                + "    sync percentiles (usec):\n"
                + "     |  1.00th=[  167],  5.00th=[  172], 10.00th=[  174], 20.00th=[  178],\n");
        assertThat(report).contains("     issued rwts: total=0,32023,0,50 ");
    }

    @Test
    void identicalResultsGiveIdenticalTextEvenWithUnorderedSettings() {
        SimulationResult a = Results.referenceRandwrite();
        Map<String, String> reversed = new LinkedHashMap<>();
        reversed.put("queue.nr_requests", "128");
        reversed.put("cfq.slice_idle", "8");
        SimulationResult b = new SimulationResult(a.scheduler(), a.device(), a.seed(), reversed, a.durationNanos(),
                a.jobs(), a.disk(), a.notices(), a.deviceStatistics());

        assertThat(FioNormalReport.render(b, FioNormalReport.Format.NORMAL))
                .isEqualTo(FioNormalReport.render(a, FioNormalReport.Format.NORMAL));
    }

    @Test
    void formatsAreNamedAsOnTheCommandLine() {
        assertThat(FioNormalReport.Format.fromCliName("normal-2011")).isEqualTo(FioNormalReport.Format.NORMAL_2011);
        assertThat(FioNormalReport.Format.NORMAL.cliName()).isEqualTo("normal");
        assertThatThrownBy(() -> FioNormalReport.Format.fromCliName("terse"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("accepted: normal, normal-2011");
    }
}
