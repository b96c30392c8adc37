package org.iosched.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.List;
import java.util.stream.Stream;
import org.iosched.runner.RunService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** fio log files ({@code write_bw_log}, {@code write_lat_log}) of a run under one or several schedulers. */
class RunCommandLogFilesTest {
    private static final String JOB = """
            [reader]
            rw=randread
            bs=4k
            size=4m
            direct=1
            ioengine=libaio
            iodepth=4
            write_bw_log=bw
            write_lat_log=lat
            log_avg_msec=10
            """;

    @TempDir
    Path dir;

    @Test
    void severalSchedulersWriteOneSetOfLogsEachNamedAfterTheScheduler() throws Exception {
        run("cfq,deadline");
        assertThat(logs()).containsExactly(
                "bw_bw.1.cfq.log", "bw_bw.1.deadline.log",
                "lat_clat.1.cfq.log", "lat_clat.1.deadline.log",
                "lat_lat.1.cfq.log", "lat_lat.1.deadline.log",
                "lat_slat.1.cfq.log", "lat_slat.1.deadline.log");
        for (String log : logs()) {
            List<String> lines = Files.readAllLines(dir.resolve(log));
            assertThat(lines).as(log).isNotEmpty().allMatch(line -> line.matches("\\d+, \\d+, \\d, \\d+, \\d+"));
        }
        // fio_generate_plots reads '*_bw.log *_bw.*.log', fio2gnuplot '*.log'
        PathMatcher plots = FileSystems.getDefault().getPathMatcher("glob:*_bw.*.log");
        assertThat(logs()).filteredOn(name -> plots.matches(Path.of(name)))
                .containsExactly("bw_bw.1.cfq.log", "bw_bw.1.deadline.log");
    }

    @Test
    void oneSchedulerKeepsFiosNames() throws Exception {
        run("deadline");
        assertThat(logs()).containsExactly("bw_bw.1.log", "lat_clat.1.log", "lat_lat.1.log", "lat_slat.1.log");
    }

    @Test
    void theSchedulerGoesBeforeTheLogSuffix() {
        assertThat(RunService.logFileName("bw_bw.1.log", "cfq")).isEqualTo("bw_bw.1.cfq.log");
        assertThat(RunService.logFileName("logs/rw_iops.log", "noop")).isEqualTo("logs/rw_iops.noop.log");
        assertThat(RunService.logFileName("odd", "noop")).isEqualTo("odd.noop");
    }

    private void run(String schedulers) throws IOException {
        Path job = Files.writeString(dir.resolve("reader.fio"), JOB);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = IoschedCommand.execute(new String[] {"run", job.toString(), "--device", "ssd", "--scheduler",
                schedulers, "--output", dir.resolve("report.txt").toString()}, new PrintWriter(out), new PrintWriter(err));
        assertThat(code).as(err.toString()).isEqualTo(ExitCodes.OK);
    }

    private List<String> logs() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".log")).sorted().toList();
        }
    }
}
