package org.iosched.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 15's reproducers for command-line values (shrunk): an empty name in a comma list ran nothing with
 * exit 0, a directory as --trace was an internal error (exit 1). Each is one line, exit 2, before any run.
 */
class CommandLineValuesTest {
    @TempDir
    Path dir;

    private record Outcome(int code, String out, String err) {
    }

    private static Outcome run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = IoschedCommand.execute(args, new PrintWriter(out), new PrintWriter(err));
        return new Outcome(code, out.toString(), err.toString());
    }

    private Path job() throws Exception {
        return Files.writeString(dir.resolve("t.fio"), "[t]\nfilename=/dev/sda\nrw=read\nsize=64k\n");
    }

    private static void oneLine(Outcome o, String expected) {
        assertThat(o.code).as(o.err).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(o.err.strip().lines()).hasSize(1);
        assertThat(o.err.strip()).isEqualTo(expected);
        assertThat(o.out).isEmpty();
    }

    @Test
    void anEmptySchedulerNameInTheListIsRefused() throws Exception {
        String job = job().toString();
        for (String list : new String[] {",", "cfq,", ",cfq", "cfq,,deadline", " "}) {
            oneLine(run("run", job, "--scheduler", list), "iosched: --scheduler: an empty name in '" + list
                    + "'; accepted: comma-separated scheduler names, e.g. cfq,deadline (see 'iosched list')");
        }
    }

    @Test
    void aTraceOrOutputThatIsADirectoryOrInNoDirectoryIsRefused() throws Exception {
        String job = job().toString();
        oneLine(run("run", job, "--trace", dir.toString()), "iosched: --trace: " + dir
                + " is a directory; accepted: a file path (the file is created or replaced)");
        oneLine(run("run", job, "--trace", ""), "iosched: --trace: an empty file name; accepted: a file path");
        Path missing = dir.resolve("missing").resolve("t.trace");
        oneLine(run("run", job, "--trace", missing.toString()), "iosched: --trace: the directory of " + missing
                + " does not exist; accepted: a file in an existing directory");
        oneLine(run("run", job, "--output", dir.toString()), "iosched: --output: " + dir
                + " is a directory; accepted: a file path (the file is created or replaced)");
    }

    @Test
    void scenarioSeedsOutputAndPlotAreCheckedTheSameWay() throws Exception {
        Path scenario = Files.writeString(dir.resolve("s.yaml"), "name: s\n");
        oneLine(run("scenario", scenario.toString(), "--seeds", "1,"),
                "iosched: --seeds: an empty name in '1,'; accepted: comma-separated seeds, e.g. 1,2,3");
        oneLine(run("scenario", scenario.toString(), "--output", dir.toString()), "iosched: --output: " + dir
                + " is a directory; accepted: a file path (the file is created or replaced)");
        oneLine(run("scenario", scenario.toString(), "--plot", job().toString()), "iosched: --plot: " + job()
                + " is not a directory; accepted: a directory (created when missing)");
    }

    @Test
    void aWellFormedListStillRuns() throws Exception {
        Outcome o = run("run", job().toString(), "--scheduler", "noop,deadline", "--trace",
                dir.resolve("t.trace").toString());
        assertThat(o.code).as(o.err).isEqualTo(ExitCodes.OK);
        assertThat(Files.exists(dir.resolve("t.trace.noop"))).isTrue();
    }
}
