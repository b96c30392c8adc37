package org.iosched.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Linux 6.6's blk-mq through the packaged jar: fio through {@code none} on {@code nvme} with 4 CPUs and 4 jobs,
 * the same bytes twice, the era switch's errors, and {@code list} naming each scheduler's kernel. Every run is
 * bounded by simulated work (64 MiB per job).
 */
class BlkMqIT {
    private static final String JOB = """
            [global]
            ioengine=libaio
            direct=1
            rw=randread
            bs=4k
            iodepth=32
            numjobs=4
            size=256m
            io_size=16m
            group_reporting

            [randread]
            filename=/dev/nvme0n1
            """;
    private static final Pattern IOPS = Pattern.compile("read: IOPS=(\\d+(?:\\.\\d+)?)k");

    @TempDir
    Path work;

    private Path job() throws Exception {
        return Files.writeString(work.resolve("randread.fio"), JOB, StandardCharsets.UTF_8);
    }

    private static double kiops(String text, int nth) {
        Matcher m = IOPS.matcher(text);
        for (int i = 0; i <= nth; i++) {
            assertThat(m.find()).as("an IOPS line in\n" + text).isTrue();
        }
        return Double.parseDouble(m.group(1));
    }

    @Test
    void fourJobsOnFourCpusRunThroughNoneOnNvmeAndLeaveTheCpuThatTakesEveryInterruptBehind() throws Exception {
        Iosched.Outcome outcome = Iosched.run(work, "run", job().toString(), "--device", "nvme", "--scheduler",
                "noop,none", "--set", "cpu.count=4", "--output-format", "normal");
        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        String out = outcome.stdout();
        assertThat(out).contains("iosched: scheduler=noop, device=nvme, seed=1, kernel=Linux 2.6.32-3.0")
                .contains("iosched: scheduler=none, device=nvme, seed=1, kernel=Linux 6.6 blk-mq")
                .contains("Comparison (nvme, seed 1, kernels noop 3.0, none 6.6):")
                .contains("iosched: queue: max_sectors_kb=1280 nr_requests=1023");
        double noop = kiops(out, 0);
        double none = kiops(out, 1);
        // 3.0 takes every completion on CPU 0; 6.6 completes each request on its own queue's CPU
        assertThat(none).isGreaterThan(noop * 1.1);
    }

    /**
     * Issue 16: {@code none} on nvme reaches the device's limit given enough CPUs. One job on one CPU is bound by its
     * per-I/O CPU cost; sixteen jobs on sixteen CPUs (one hardware queue each) reach the rate the device gives the
     * same load with CPUs a hundred times faster (every cost divided by 100: the device is the only limit).
     */
    @Test
    void noneOnNvmeScalesWithCpusUntilTheDeviceIsTheLimit() throws Exception {
        double one = kiopsOf(1, 100);
        double sixteen = kiopsOf(16, 100);
        double deviceBound = kiopsOf(16, 10_000);
        assertThat(one).as("one job on one CPU: CPU-bound, far below the device's %sK", deviceBound)
                .isLessThan(deviceBound / 4);
        assertThat(sixteen).as("16 jobs on 16 CPUs vs the device's own %sK", deviceBound)
                .isGreaterThan(deviceBound * 0.85);
        assertThat(sixteen).as("16 jobs vs one").isGreaterThan(one * 6);
    }

    private double kiopsOf(int cpus, int speed) throws Exception {
        Path file = Files.writeString(work.resolve("scale-" + cpus + "-" + speed + ".fio"), JOB
                .replace("numjobs=4", "numjobs=" + cpus).replace("io_size=16m", "io_size=" + (64 / cpus) + "m"),
                StandardCharsets.UTF_8);
        Iosched.Outcome outcome = Iosched.run(work, "run", file.toString(), "--device", "nvme", "--scheduler", "none",
                "--set", "cpu.count=" + cpus, "--set", "cpu.speed=" + speed, "--output-format", "normal");
        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        return kiops(outcome.stdout(), 0);
    }

    @Test
    void aBlkMqRunGivesTheSameBytesTwice() throws Exception {
        Path trace = work.resolve("trace.txt");
        Iosched.Outcome first = Iosched.run(work, "run", job().toString(), "--device", "nvme", "--scheduler", "none",
                "--output-format", "json", "--trace", trace.toString());
        String firstTrace = Files.readString(trace);
        Iosched.Outcome second = Iosched.run(work, "run", job().toString(), "--device", "nvme", "--scheduler",
                "none", "--output-format", "json", "--trace", trace.toString());
        assertThat(first.exitCode()).as(first.stderr()).isZero();
        assertThat(second.stdout()).isEqualTo(first.stdout());
        assertThat(Files.readString(trace)).isEqualTo(firstTrace);
        assertThat(first.stdout()).contains("\"kernel\" : \"6.6\"");
        assertThat(firstTrace).contains(" P   N [").contains(" U   N [").contains(" D  RS ").contains(" C  RS ");
    }

    @Test
    void aKernelVersionThatDoesNotFitTheSchedulerIsOneLineAndExitTwo() throws Exception {
        Iosched.Outcome outcome = Iosched.run(work, "run", job().toString(), "--device", "nvme", "--scheduler",
                "none", "--set", "kernel.version=3.0");
        assertThat(outcome.exitCode()).isEqualTo(2);
        assertThat(outcome.stderr().strip()).doesNotContain("\n").contains("scheduler none runs on the Linux 6.6"
                + " blk-mq").contains("kernel.version=6.6");
    }

    @Test
    void listNamesEachSchedulersKernel() throws Exception {
        Iosched.Outcome outcome = Iosched.run(work, "list");
        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        assertThat(outcome.stdout()).containsPattern("(?m)^  cfq - .*\\[kernel 3\\.0\\]$")
                .containsPattern("(?m)^  none - .*\\[kernel 6\\.6\\]$")
                .contains("kernel.version=3.0");
    }
}
