package org.iosched.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterProperty;
import net.jqwik.api.lifecycle.BeforeProperty;

/**
 * Issue 15's fuzz class over scenarios: valid scenario files with values replaced by hostile ones (20 digits,
 * negative, empty, YAML anchors, aliases, tags, flow brackets, control characters, a long value), lines
 * dropped, duplicated, re-indented or given CRLF, run in process as {@code iosched scenario FILE}. Each ends
 * with exit 0, or exit 2 and exactly one stderr line besides the plan, never a stack trace or an internal
 * error. The work is bounded by simulated work: 64 KiB jobs, at most 16 runs ({@code --max-runs 16}).
 */
class MutatedScenarioPropertiesTest {
    private static final String JOB = "[reader]\nrw=randread\nbs=4k\nsize=64k\n";
    private static final String[] BASES = {
        """
        name: fuzz
        title: a reader under two schedulers
        device: ssd
        seeds: [1, 2]
        workload:
          file: reader.fio
        metrics:
          - {label: bw, jobs: reader, metric: read.bw}
          - {label: p99, jobs: reader, metric: read.clat.p99}
        axes:
          - name: scheduler
            variants:
              - {label: cfq, scheduler: cfq}
              - {label: noop, scheduler: noop}
        """,
        """
        name: fuzz-inline
        device: hdd-7200
        scheduler: cfq
        seeds: [3]
        set: {queue.nr_requests: 32}
        workload:
          fio: |
            [w]
            rw=write
            bs=16k
            size=64k
            fsync=2
        metrics:
          - label: iops
            jobs: w
            metric: write.iops
        axes:
          - name: quantum
            variants:
              - label: q4
                set: {cfq.quantum: 4}
              - {label: q8, set: {cfq.quantum: 8, cfq.slice_idle: 0}}
          - name: device
            variants:
              - {label: hdd}
              - {label: ssd, device: ssd}
        """,
    };
    private static final String[] HOSTILE = {
        "12345678901234567890", "-8", "-1", "0", "9223372036854775808", "", "~", "null", "true", "1e999", "0x10",
        "&a base", "*a", "!!binary AAAA", "!!java.lang.Object x", "[", "]", "{", "}", "[1, 2, 3]", "{a: 1}", "'",
        "\"", "|", ">", "<<: *a", "? x", "\0", "x\u0001y", "a".repeat(3_000), "cfq,", ",", "nvme", "read.bw",
        "- x", "#", "%", "name: again",
    };

    private Path dir;

    @BeforeProperty
    void directory() throws Exception {
        dir = Files.createTempDirectory("iosched-scenario-fuzz");
        Files.writeString(dir.resolve("reader.fio"), JOB);
    }

    @AfterProperty
    void clean() throws Exception {
        try (var files = Files.walk(dir)) {
            for (Path p : files.sorted((a, b) -> b.compareTo(a)).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** One change to a scenario: which line, what happens to it, and which hostile value goes in. */
    record Mutation(int line, int what, int value) {
    }

    @Provide
    Arbitrary<String> scenarios() {
        Arbitrary<Mutation> mutation = Combinators.combine(Arbitraries.integers().between(0, 40),
                Arbitraries.integers().between(0, 6), Arbitraries.integers().between(0, HOSTILE.length - 1))
                .as(Mutation::new);
        return Combinators.combine(Arbitraries.integers().between(0, BASES.length - 1),
                mutation.list().ofMinSize(1).ofMaxSize(3)).as(MutatedScenarioPropertiesTest::mutate);
    }

    static String mutate(int base, List<Mutation> mutations) {
        List<String> lines = new ArrayList<>(Arrays.asList(BASES[base].split("\n")));
        for (Mutation m : mutations) {
            int at = m.line() % lines.size();
            String line = lines.get(at);
            int colon = line.indexOf(": ");
            switch (m.what()) {
                case 0, 1 -> lines.set(at, (colon < 0 ? line : line.substring(0, colon + 2)) + HOSTILE[m.value()]);
                case 2 -> lines.set(at, HOSTILE[m.value()]);
                case 3 -> lines.remove(at);
                case 4 -> lines.add(at, line);
                case 5 -> lines.set(at, line.startsWith("  ") ? line.substring(2) : "  " + line);
                default -> lines.set(at, line + "\r");
            }
            if (lines.isEmpty()) {
                lines.add("name: empty");
            }
        }
        return String.join("\n", lines) + "\n";
    }

    @Property(tries = 100, edgeCases = EdgeCasesMode.NONE)
    void aMutatedScenarioRunsOrIsOneLineUserError(@ForAll("scenarios") String scenario) throws Exception {
        Path file = Files.writeString(dir.resolve("s.yaml"), scenario);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = IoschedCommand.execute(new String[] {"scenario", file.toString(), "--max-runs", "16"},
                new PrintWriter(out, true), new PrintWriter(err, true));
        List<String> errors = err.toString().lines().filter(l -> !l.matches("iosched: scenario .*: \\d+ rows? x "
                + "\\d+ seeds? = \\d+ runs?")).toList();
        assertThat(code).as("exit of\n%s\nstderr %s", scenario, err).isIn(ExitCodes.OK, ExitCodes.USER_ERROR);
        assertThat(err.toString()).as(scenario).doesNotContain("internal error", "Exception", "\tat ");
        if (code == ExitCodes.USER_ERROR) {
            assertThat(errors).as("stderr of\n%s", scenario).hasSize(1);
            assertThat(errors.get(0)).startsWith("iosched: ").hasSizeLessThanOrEqualTo(1_100);
        }
    }
}
