package org.iosched.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code iosched scenario FILE} end to end, in process. */
class ScenarioCommandTest {
    private static final String SCENARIO = """
            name: cli
            title: a reader under two schedulers
            device: ssd
            seeds: [1, 2]
            workload:
              file: reader.fio
            metrics:
              - {label: bw, jobs: reader, metric: read.bw}
            axes:
              - name: scheduler
                variants:
                  - {label: cfq, scheduler: cfq}
                  - {label: noop, scheduler: noop}
            """;

    @TempDir
    Path dir;

    @Test
    void printsTheTextTableByDefault() throws Exception {
        Path file = write();
        Outcome outcome = run("scenario", file.toString());
        assertThat(outcome.code).isEqualTo(ExitCodes.OK);
        assertThat(outcome.out).startsWith("cli: a reader under two schedulers\ndevice ssd; seeds 1, 2 (cells:")
                .contains("scheduler  ").contains("\ncfq ").contains("\nnoop ");
        assertThat(outcome.err).isEmpty();
    }

    @Test
    void plotWritesOnePngPerMetricAndTheSameResultsDrawTheSamePicture() throws Exception {
        Path file = write();
        Path first = dir.resolve("plots1");
        Path second = dir.resolve("plots2");
        assertThat(run("scenario", file.toString(), "--plot", first.toString()).code).isEqualTo(ExitCodes.OK);
        assertThat(run("scenario", file.toString(), "--plot", second.toString()).code).isEqualTo(ExitCodes.OK);
        Path png = first.resolve("cli-bw.png");
        byte[] bytes = Files.readAllBytes(png);
        assertThat(bytes).startsWith((byte) 0x89, (byte) 'P', (byte) 'N', (byte) 'G');
        assertThat(bytes.length).isGreaterThan(5_000);
        assertThat(Files.readAllBytes(second.resolve("cli-bw.png"))).isEqualTo(bytes);
    }

    @Test
    void seedsSetAndFormatOptionsApplyAndTheReportCanGoToAFile() throws Exception {
        Path file = write();
        Path json = dir.resolve("out.json");
        Outcome outcome = run("scenario", file.toString(), "--seeds", "4,5,6", "--set", "cfq.slice_idle=0",
                "--output-format", "json", "--output", json.toString());
        assertThat(outcome.code).isEqualTo(ExitCodes.OK);
        assertThat(outcome.out).isEmpty();
        JsonNode root = new ObjectMapper().readTree(Files.readString(json));
        assertThat(root.at("/scenario/seeds").toString()).isEqualTo("[4,5,6]");
        assertThat(root.at("/rows/0/settings/cfq.slice_idle").asText()).isEqualTo("0");
        assertThat(root.at("/rows/1/set").size()).as("cfq's tunable does not reach the noop row").isZero();
        assertThat(root.at("/rows/0/seeds").size()).isEqualTo(3);
    }

    @Test
    void markdownAndCsvAreOffered() throws Exception {
        Path file = write();
        assertThat(run("scenario", file.toString(), "--output-format", "markdown").out).startsWith("### cli: ");
        assertThat(run("scenario", file.toString(), "--output-format", "csv").out)
                .startsWith("scheduler,bw (KiB/s),bw (KiB/s) min,bw (KiB/s) max\n");
    }

    @Test
    void userErrorsAreOneLineWithFileAndLineAndExitTwo() throws Exception {
        Path file = write();
        Files.writeString(file, SCENARIO.replace("scheduler: noop", "scheduler: bfq"));
        Outcome outcome = run("scenario", file.toString());
        assertThat(outcome.code).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(outcome.err).isEqualTo("iosched: " + file + ":13: unknown scheduler 'bfq'; available: cfq,"
                + " deadline, noop\n");

        assertThat(run("scenario", file.toString(), "--output-format", "xml").err)
                .isEqualTo("iosched: --output-format: unknown format 'xml'; accepted: text, markdown, csv, json\n");
        assertThat(run("scenario", dir.resolve("absent.yaml").toString()).code).isEqualTo(ExitCodes.USER_ERROR);
    }

    private Path write() throws Exception {
        Files.writeString(dir.resolve("reader.fio"), "[reader]\ndirect=1\nrw=randread\nbs=4k\nsize=1m\n");
        Path file = dir.resolve("s.yaml");
        Files.writeString(file, SCENARIO);
        return file;
    }

    private static Outcome run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = IoschedCommand.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Outcome(code, out.toString(), err.toString());
    }

    private record Outcome(int code, String out, String err) {
    }
}
