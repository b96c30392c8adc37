package org.iosched.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.iosched.api.InvalidInputException;
import org.iosched.runner.report.FioJsonReport;
import org.iosched.runner.report.FioNormalReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --output-format} lists as fio takes them, {@code --terse-version} and {@code --status-interval}. */
class OutputFormatsCommandTest {
    private static final String JOB = "[r]\nrw=randread\nbs=4k\nsize=4m\ndirect=1\nruntime=250ms\ntime_based\n";

    @TempDir
    Path dir;

    @Test
    void fiosListsAreParsedWithJsonPlusIncludingJson() {
        assertThat(OutputSelection.parse("normal,terse", 3)).isEqualTo(
                new OutputSelection(FioNormalReport.Format.NORMAL, null, true, 3));
        assertThat(OutputSelection.parse("json,json+,terse", 5)).isEqualTo(
                new OutputSelection(null, FioJsonReport.Format.JSON_PLUS, true, 5));
        assertThat(OutputSelection.parse("json+,json", 3).json()).isEqualTo(FioJsonReport.Format.JSON_PLUS);
        assertThat(OutputSelection.parse("normal-2011", 3).textOnly()).isTrue();
        assertThatThrownBy(() -> OutputSelection.parse("normal,,terse", 3)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("empty format");
        assertThatThrownBy(() -> OutputSelection.parse("normal,normal-2011", 3))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("cannot both");
        assertThatThrownBy(() -> OutputSelection.parse("xml", 3)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("unknown format 'xml'").hasMessageContaining("terse");
    }

    @Test
    void statusIntervalTakesFiosTimeUnitsInWholeMilliseconds() {
        assertThat(StatusInterval.parseNanos("2")).isEqualTo(2_000_000_000L);
        assertThat(StatusInterval.parseNanos("250ms")).isEqualTo(250_000_000L);
        assertThat(StatusInterval.parseNanos("1500us")).isEqualTo(1_000_000L);
        assertThat(StatusInterval.parseNanos("1m")).isEqualTo(60_000_000_000L);
        for (String bad : List.of("", "ms", "1x", "-1", "500us", "99999999999999999999d")) {
            assertThatThrownBy(() -> StatusInterval.parseNanos(bad)).as(bad)
                    .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("--status-interval");
        }
    }

    @Test
    void terseAloneIsOneLinePerJobWithTheNoticesOnStandardError() throws Exception {
        Outcome outcome = run("--output-format", "terse");

        assertThat(outcome.code).isEqualTo(ExitCodes.OK);
        assertThat(outcome.out.lines()).hasSize(1);
        assertThat(outcome.out).matches("(?s)3;fio-[^;]+;r;0;0;.*");
        assertThat(outcome.out.split(";", -1)).hasSize(130);
        assertThat(outcome.err).startsWith("iosched: scheduler=cfq, device=hdd, seed=1\n");
    }

    @Test
    void combinedFormatsComeInFiosOrderTerseJsonNormalAfterTheHeader() throws Exception {
        String out = run("--output-format", "normal,json,terse").out;

        int header = out.indexOf("Starting 1 process\n");
        int terse = out.indexOf("\n3;");
        int json = out.indexOf("\n{\n");
        int normal = out.indexOf("\nr: (groupid=0");
        assertThat(header).isPositive();
        assertThat(terse).isGreaterThan(header);
        assertThat(json).isGreaterThan(terse);
        assertThat(normal).isGreaterThan(json);
    }

    @Test
    void statusIntervalPrintsTheReportsSoFarThenTheSameFinalReport() throws Exception {
        String plain = run("--output-format", "terse").out;
        String watched = run("--output-format", "terse", "--status-interval", "100ms").out;
        List<String> lines = watched.lines().toList();

        // the job runs 250 ms from about 0: snapshots at 100 and 200 ms, then the final line
        assertThat(lines).hasSize(3);
        assertThat(lines.get(2) + "\n").isEqualTo(plain);
        assertThat(lines.get(0).split(";")[8]).isEqualTo("100");
        assertThat(lines.get(1).split(";")[8]).isEqualTo("200");
        assertThat(run("--output-format", "terse", "--status-interval", "100ms").out).isEqualTo(watched);

        String text = run("--status-interval", "100ms").out;
        assertThat(text.split("Starting 1 process", -1)).hasSize(2);
        assertThat(text.split("\nRun status group 0 \\(all jobs\\):", -1)).hasSize(4);
        assertThat(text).endsWith(run().out.substring(run().out.indexOf("Starting 1 process\n")
                + "Starting 1 process\n".length()));
    }

    @Test
    void aBadTerseVersionOrIntervalIsOneLineAndExitTwo() throws Exception {
        Outcome version = run("--output-format", "terse", "--terse-version", "1");
        Outcome interval = run("--status-interval", "soon");

        assertThat(version.code).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(version.err.strip().lines()).hasSize(1);
        assertThat(version.err).contains("--terse-version").contains("accepted: 2, 3, 4, 5");
        assertThat(interval.code).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(interval.err).contains("--status-interval").contains("bad time 'soon'");
    }

    private record Outcome(int code, String out, String err) {
    }

    private Outcome run(String... options) throws Exception {
        Path job = dir.resolve("job.fio");
        Files.writeString(job, JOB);
        List<String> args = new java.util.ArrayList<>(List.of("run", job.toString(), "--device", "hdd"));
        args.addAll(List.of(options));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = IoschedCommand.execute(args.toArray(String[]::new), new PrintWriter(out), new PrintWriter(err));
        return new Outcome(code, out.toString(), err.toString());
    }
}
