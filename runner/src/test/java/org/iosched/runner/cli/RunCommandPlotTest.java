package org.iosched.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code iosched run JOB --plot DIR}, in process. */
class RunCommandPlotTest {
    @TempDir
    Path dir;

    @Test
    void plotWritesEachJobsChartsOnceForAllSchedulersAndTheSameRunDrawsTheSameBytes() throws Exception {
        Path job = dir.resolve("two.fio");
        Files.writeString(job, "[global]\ndirect=1\nbs=4k\nsize=64m\nruntime=2\ntime_based\n"
                + "[reader]\nrw=randread\nrate_iops=1000\n[writer]\nrw=write\nrate=2m\n");
        Path first = dir.resolve("p1");
        Path second = dir.resolve("p2");
        for (Path plots : List.of(first, second)) {
            StringWriter err = new StringWriter();
            int code = IoschedCommand.execute(new String[] {"run", job.toString(), "--device", "ssd", "--scheduler",
                "cfq,deadline", "--plot", plots.toString(), "--output", dir.resolve("out.txt").toString()},
                    new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
            assertThat(code).as(err.toString()).isEqualTo(ExitCodes.OK);
        }
        List<String> names;
        try (var files = Files.list(first)) {
            names = files.map(p -> p.getFileName().toString()).sorted().toList();
        }
        assertThat(names).containsExactly("reader-1-bw.png", "reader-1-clat-cdf.png", "reader-1-iops.png",
                "writer-2-bw.png", "writer-2-clat-cdf.png", "writer-2-iops.png");
        for (String name : names) {
            assertThat(Files.readAllBytes(second.resolve(name))).as(name).isEqualTo(Files.readAllBytes(first.resolve(name)));
        }
    }

    @Test
    void aPlotPathThatIsAFileIsOneLineError() throws Exception {
        Path job = dir.resolve("j.fio");
        Files.writeString(job, "[j]\nrw=read\nsize=1m\n");
        StringWriter err = new StringWriter();
        int code = IoschedCommand.execute(new String[] {"run", job.toString(), "--plot", job.toString()},
                new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
        assertThat(code).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(err.toString()).isEqualTo("iosched: --plot: " + job + " is not a directory; accepted: a directory"
                + " (created when missing)\n");
    }
}
