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
        assertThat(outcome.err).as("the plan, on stderr").isEqualTo("iosched: scenario cli: 2 rows x 2 seeds = 4 runs\n");
    }

    @Test
    void severalFilesPrintTheirTablesInTheGivenOrderAsTheirOwnRunsDo() throws Exception {
        Path file = write();
        Path other = dir.resolve("t.yaml");
        Files.writeString(other, SCENARIO.replace("name: cli", "name: other").replace("seeds: [1, 2]", "seeds: [3]"));
        Outcome first = run("scenario", file.toString());
        Outcome second = run("scenario", other.toString());
        Outcome both = run("scenario", other.toString(), file.toString());
        assertThat(both.code).isEqualTo(ExitCodes.OK);
        assertThat(both.out).isEqualTo(second.out + "\n" + first.out);
        assertThat(both.err).isEqualTo("iosched: scenario other: 2 rows x 1 seed = 2 runs\n"
                + "iosched: scenario cli: 2 rows x 2 seeds = 4 runs\n");

        Path json = dir.resolve("both.json");
        assertThat(run("scenario", file.toString(), other.toString(), "--output-format", "json", "--output",
                json.toString()).code).isEqualTo(ExitCodes.OK);
        ObjectMapper mapper = new ObjectMapper();
        JsonNode array = mapper.readTree(Files.readString(json));
        assertThat(array.isArray()).as("one JSON array of the scenarios' reports").isTrue();
        assertThat(array).hasSize(2);
        assertThat(array.get(0)).isEqualTo(mapper.readTree(run("scenario", file.toString(), "--output-format", "json").out));
        assertThat(array.get(1).at("/scenario/name").asText()).isEqualTo("other");

        Outcome markdown = run("scenario", file.toString(), other.toString(), "--output-format", "markdown");
        assertThat(markdown.out).startsWith("### cli: ").contains("\n\n### other: ");
    }

    @Test
    void severalFilesAreAllCheckedBeforeAnyRunsAndCsvOrAPageTakeOne() throws Exception {
        Path file = write();
        Path bad = dir.resolve("bad.yaml");
        Files.writeString(bad, SCENARIO.replace("scheduler: noop", "scheduler: anticipatory"));
        Outcome outcome = run("scenario", file.toString(), bad.toString());
        assertThat(outcome.code).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(outcome.out).as("nothing ran").isEmpty();
        assertThat(outcome.err).isEqualTo("iosched: " + bad + ":13: unknown scheduler 'anticipatory'; available: bfq,"
                + " cfq, deadline, kyber, mq-deadline, none, noop\n");

        assertThat(run("scenario", file.toString(), file.toString(), "--output-format", "csv").err)
                .isEqualTo("iosched: --output-format: csv holds one scenario's table (each has its own columns), not 2;"
                        + " accepted with several files: text, markdown, json\n");
        Outcome page = run("scenario", file.toString(), file.toString(), "--report", dir.resolve("r.html").toString());
        assertThat(page.code).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(page.err).isEqualTo("iosched: --report: one page holds one scenario, not 2; accepted: --report with"
                + " one scenario file\n");
        assertThat(run("scenario").err).startsWith("iosched: Missing required parameter: 'FILE'");
    }

    @Test
    void aPlanAboveMaxRunsIsRefusedBeforeAnythingIsPlannedUnlessAsked() throws Exception {
        Path file = write();
        StringBuilder variants = new StringBuilder();
        for (int i = 0; i < 1000; i++) {
            variants.append("      - {label: v").append(i).append(", set: {queue.nr_requests: ").append(4 + i).append("}}\n");
        }
        String axis = "  - name: a\n    variants:\n" + variants + "  - name: b\n    variants:\n"
                + variants.toString().replace("queue.nr_requests", "cfq.quantum");
        Files.writeString(file, SCENARIO.replace("axes:\n", "axes:\n" + axis));
        Outcome outcome = run("scenario", file.toString());
        assertThat(outcome.code).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(outcome.err).isEqualTo("iosched: " + file + ": the plan is 2000000 rows x 2 seeds = 4000000 runs,"
                + " above the limit of 1000 runs; accepted: at most 1000 runs, or pass --max-runs 4000000 to run"
                + " them all\n");
        assertThat(run("scenario", file.toString(), "--max-runs", "0").err)
                .isEqualTo("iosched: --max-runs: bad value 0; accepted: 1 or more runs\n");

        Files.writeString(file, SCENARIO);
        assertThat(run("scenario", file.toString(), "--max-runs", "3").err)
                .startsWith("iosched: " + file + ": the plan is 2 rows x 2 seeds = 4 runs, above the limit of 3 runs");
        Outcome allowed = run("scenario", file.toString(), "--max-runs", "4", "--seeds", "7");
        assertThat(allowed.code).isEqualTo(ExitCodes.OK);
        assertThat(allowed.err).isEqualTo("iosched: scenario cli: 2 rows x 1 seed = 2 runs\n");
    }

    @Test
    void aHundredThousandSeedsAreRefusedAtOnce() throws Exception {
        Path file = write();
        StringBuilder seeds = new StringBuilder("seeds: [");
        for (int i = 0; i < 100_000; i++) {
            seeds.append(i == 0 ? "" : ", ").append(i);
        }
        Files.writeString(file, SCENARIO.replace("seeds: [1, 2]", seeds + "]"));
        assertThat(run("scenario", file.toString()).err).isEqualTo("iosched: " + file + ": the plan is 2 rows x"
                + " 100000 seeds = 200000 runs, above the limit of 1000 runs; accepted: at most 1000 runs, or pass"
                + " --max-runs 200000 to run them all\n");
    }

    @Test
    void aJobFileThatIsNotUtf8AndAHugeBadLineAreOneLineErrors() throws Exception {
        Path job = dir.resolve("bad.fio");
        Files.write(job, "[j]\nrw=read\nname=caf\u00e9\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        Outcome outcome = run("run", job.toString());
        assertThat(outcome.code).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(outcome.err).isEqualTo("iosched: " + job + ":3: byte 0xE9 at byte 9 of the line is not UTF-8 text;"
                + " accepted: UTF-8 (or ASCII) text\n");
        Files.writeString(job, "[j]\nrw=read\n" + "q\0".repeat(100_000) + "\n");
        Outcome huge = run("run", job.toString());
        assertThat(huge.code).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(huge.err).startsWith("iosched: " + job + ":3: Bad option <q\\x00q").doesNotContain("\0")
                .hasSizeLessThan(300).endsWith(">\n");
        assertThat(huge.err.lines()).hasSize(1);
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
    void plotAddsEachRowsTimeSeriesChartsAndReportWritesOneSelfContainedPageTwiceTheSame() throws Exception {
        Path file = write();
        // 2 s at 2000 IOPS: three whole 500 ms windows, so bw and iops charts too
        Files.writeString(dir.resolve("reader.fio"),
                "[reader]\ndirect=1\nrw=randread\nbs=4k\nsize=64m\nrate_iops=2000\nruntime=2\ntime_based\n");
        Files.writeString(file, SCENARIO.replace("seeds: [1, 2]", "seeds: [1]"));
        Path plots = dir.resolve("plots");
        Path page = dir.resolve("report.html");
        Path again = dir.resolve("again.html");
        assertThat(run("scenario", file.toString(), "--plot", plots.toString(), "--report", page.toString()).code)
                .isEqualTo(ExitCodes.OK);
        assertThat(run("scenario", file.toString(), "--report", again.toString()).code).isEqualTo(ExitCodes.OK);

        try (var files = Files.list(plots)) {
            assertThat(files.map(p -> p.getFileName().toString()).sorted()).containsExactly("cli-bw.png",
                    "cli-r1-cfq-reader-1-bw.png", "cli-r1-cfq-reader-1-clat-cdf.png", "cli-r1-cfq-reader-1-iops.png",
                    "cli-r2-noop-reader-1-bw.png", "cli-r2-noop-reader-1-clat-cdf.png",
                    "cli-r2-noop-reader-1-iops.png");
        }
        String html = Files.readString(page);
        assertThat(html).startsWith("<!DOCTYPE html>").contains("<table class=\"comparison\">")
                .contains("<td>cfq</td>").contains("<td>noop</td>").contains("queue.nr_requests")
                .doesNotContain("http:").doesNotContain("https:").doesNotContain("<link").doesNotContain("<script");
        assertThat(html.split("<img ", -1)).hasSize(1 + 7);
        assertThat(html.split("src=\"data:image/png;base64,", -1)).hasSize(1 + 7);
        assertThat(Files.readString(again)).isEqualTo(html);
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
        Files.writeString(file, SCENARIO.replace("scheduler: noop", "scheduler: anticipatory"));
        Outcome outcome = run("scenario", file.toString());
        assertThat(outcome.code).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(outcome.err).isEqualTo("iosched: " + file + ":13: unknown scheduler 'anticipatory'; available: bfq, cfq,"
                + " deadline, kyber, mq-deadline, none, noop\n");

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
