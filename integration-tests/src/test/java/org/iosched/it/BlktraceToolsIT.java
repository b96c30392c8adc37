package org.iosched.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The real blktrace tools read our binary traces as they read a capture: {@code blkparse -i NAME} prints our
 * text trace line for line (every event's time, action, RWBS, sector, size, pid and comm, every scheduler
 * message, and blkparse's end-of-run summary), and {@code btt -i NAME.blktrace.0} prints the same "All Devices"
 * block (Q2Q ... Q2C) as {@code --trace-summary}. Without blkparse or btt (Debian's {@code blktrace} package)
 * these tests are skipped, saying so.
 */
class BlktraceToolsIT {
    private static final Path JOBS = Iosched.ROOT.resolve("integration-tests/src/test/resources/jobs");

    @TempDir
    Path work;

    private static Path tool(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(":")) {
            Path candidate = Path.of(dir, name);
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        Assumptions.abort(name + " is not installed (Debian package blktrace; .ci/run installs it): skipped");
        return null;
    }

    private record Result(int exitCode, String stdout, String stderr) {
    }

    private Result exec(String... command) throws IOException, InterruptedException {
        Path out = work.resolve("tool.out");
        Path err = work.resolve("tool.err");
        Process process = new ProcessBuilder(command).directory(work.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        process.getOutputStream().close();
        if (!process.waitFor(Iosched.HANG_GUARD_MINUTES, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("did not finish within the hang guard: " + List.of(command));
        }
        return new Result(process.exitValue(), Files.readString(out, StandardCharsets.ISO_8859_1),
                Files.readString(err, StandardCharsets.ISO_8859_1));
    }

    /** Runs the mixed job (merges, plugs, fsyncs with flushes, the journal, readers) with a text and a binary trace. */
    private Path trace(String scheduler, String... extra) throws Exception {
        List<String> args = new ArrayList<>(List.of("run", JOBS.resolve("trace-mix.fio").toString(),
                "--device", "hdd-7200", "--scheduler", scheduler, "--trace", "trace", "--trace-format", "both"));
        args.addAll(List.of(extra));
        Iosched.Outcome outcome = Iosched.run(work, args.toArray(String[]::new));
        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        return work.resolve("trace");
    }

    @ParameterizedTest
    @ValueSource(strings = {"cfq", "deadline"})
    void blkparsePrintsOurTextTraceLineForLineWithItsSummary(String scheduler) throws Exception {
        Path blkparse = tool("blkparse");
        Path text = trace(scheduler);

        Result parsed = exec(blkparse.toString(), "-i", "trace");

        assertThat(parsed.exitCode()).as(parsed.stderr()).isZero();
        assertThat(parsed.stderr()).isEmpty();
        List<String> lines = new ArrayList<>(parsed.stdout().lines().toList());
        // blkparse's own notice, on stdout through another stdio stream (where it lands depends on buffering)
        assertThat(lines.remove("Input file trace.blktrace.0 added")).isTrue();
        List<String> ours = Files.readAllLines(text, StandardCharsets.UTF_8);
        assertThat(ours).anyMatch(l -> l.contains("  m   N ")).anyMatch(l -> l.contains("  M  WS "))
                .anyMatch(l -> l.contains(" FWFS ")).anyMatch(l -> l.startsWith(" Read depth: "));
        // element by element, so that a difference names its line
        for (int i = 0; i < Math.min(lines.size(), ours.size()); i++) {
            assertThat(lines.get(i)).as("line %d", i + 1).isEqualTo(ours.get(i));
        }
        assertThat(lines).hasSameSizeAs(ours);
    }

    @ParameterizedTest
    @ValueSource(strings = {"cfq"})
    void bttGivesTheSameAllDevicesBlockAsOurSummary(String scheduler) throws Exception {
        Path btt = tool("btt");
        Path text = trace(scheduler, "--trace-summary");

        Result report = exec(btt.toString(), "-i", "trace.blktrace.0");

        assertThat(report.exitCode()).as(report.stderr()).isZero();
        String theirs = allDevices(report.stdout().lines().filter(l -> !l.startsWith("(")).toList());
        String ours = allDevices(Files.readAllLines(text.resolveSibling("trace.btt")));
        assertThat(theirs).contains("Q2C ").contains("D2C ").contains("Q2M ").contains("M2D ");
        assertThat(ours).isEqualTo(theirs);
    }

    @ParameterizedTest
    @ValueSource(strings = {"deadline"})
    void iowatcherDrawsOurBinaryTrace(String scheduler) throws Exception {
        Path iowatcher = tool("iowatcher");
        tool("blkparse");   // iowatcher runs it to merge the per-CPU files
        // binary only: with --trace-format both the text file named "trace" is what iowatcher -t trace would read
        Iosched.Outcome outcome = Iosched.run(work, "run", JOBS.resolve("trace-mix.fio").toString(), "--device",
                "hdd-7200", "--scheduler", scheduler, "--trace", "trace", "--trace-format", "binary");
        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();

        Result drawn = exec(iowatcher.toString(), "-t", "trace", "-o", "trace.svg");

        assertThat(drawn.exitCode()).as(drawn.stdout() + drawn.stderr()).isZero();
        String svg = Files.readString(work.resolve("trace.svg"), StandardCharsets.UTF_8);
        // its throughput, IOPS and offset graphs, with plotted lines and points
        assertThat(svg).startsWith("<svg").contains(">Throughput<").contains(">IOPs<").contains(">Offset (MB)<")
                .contains("<path").contains("<rect");
    }

    @ParameterizedTest
    @ValueSource(strings = {"noop"})
    void theBinaryTraceReplaysAsItsTextAndIsByteIdenticalRunToRun(String scheduler) throws Exception {
        Path text = trace(scheduler);
        byte[] first = Files.readAllBytes(text.resolveSibling("trace.blktrace.0"));
        Files.move(text, work.resolve("first.txt"));
        trace(scheduler);
        assertThat(Files.readAllBytes(text.resolveSibling("trace.blktrace.0"))).isEqualTo(first);
        assertThat(Files.readString(text)).isEqualTo(Files.readString(work.resolve("first.txt")));

        Iosched.Outcome fromBinary = Iosched.run(work, "run", "trace.blktrace.0", "--workload", "replay",
                "--replay", "closed", "--scheduler", "noop", "--output-format", "json");
        Iosched.Outcome fromText = Iosched.run(work, "run", "first.txt", "--workload", "replay",
                "--replay", "closed", "--scheduler", "noop", "--output-format", "json");
        assertThat(fromBinary.exitCode()).as(fromBinary.stderr()).isZero();
        assertThat(fromText.exitCode()).as(fromText.stderr()).isZero();
        assertThat(jobsOf(fromBinary.stdout())).isEqualTo(jobsOf(fromText.stdout()))
                .contains("\"jobname\" : \"jbd2/sda1-8\"");
    }

    // the "jobs" part of fio's JSON, without the source-dependent fields
    private static String jobsOf(String json) {
        return json.substring(json.indexOf("\"jobs\"")).replaceAll("\"(source|format|description)\" : \"[^\"]*\"", "");
    }

    /** btt's "All Devices" section: from its title to the blank line after the rows. */
    private static String allDevices(List<String> lines) {
        int start = lines.indexOf("==================== All Devices ====================");
        assertThat(start).as("All Devices section").isNotNegative();
        StringBuilder block = new StringBuilder();
        int blanks = 0;
        for (int i = start; i < lines.size() && blanks < 3; i++) {
            if (lines.get(i).isEmpty()) {
                blanks++;
            }
            block.append(lines.get(i)).append('\n');
        }
        return block.toString();
    }
}
