package org.iosched.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 15 through the packaged jar: hostile input ends with exit 0 or 2, and on error exactly one stderr line
 * naming the file and line, never an internal error or a stack trace. The fuzzing itself runs in process
 * (MutatedTracePropertiesTest); here the exit codes and the printed line.
 */
class InputRobustnessIT {
    @TempDir
    Path work;

    private Iosched.Outcome replay(String name, byte[] trace) throws Exception {
        Path file = work.resolve(name);
        Files.write(file, trace);
        return Iosched.run(work, "run", name, "--workload", "replay", "--device", "hdd-7200",
                "--scheduler", "noop");
    }

    private static void oneUserError(Iosched.Outcome outcome, String expected) {
        assertThat(outcome.exitCode()).as(outcome.stderr()).isEqualTo(2);
        assertThat(outcome.stderr()).isEqualTo("iosched: " + expected + "\n");
    }

    private static byte[] text(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void tracesThatVirtualTimeOrOffsetsCannotHoldAreOneLineUserErrors() throws Exception {
        oneUserError(replay("pid.txt", text("  8,0 0 1 0.000000000 12345678901234567890 Q W 8 + 8 [a]\n")),
                "pid.txt:1: bad pid '12345678901234567890'; accepted: 0..2147483647");
        oneUserError(replay("neg.txt", text("  8,0 0 1 0.000000000 5 Q W 8 + -8 [a]\n")),
                "neg.txt:1: bad size '-8'; accepted: 0..4194303 sectors");
        oneUserError(replay("wait.txt", text("fio version 2 iolog\nf read 0 4096\nf wait 9223372036854775807 0\n"
                + "f read 0 4096\n")), "wait.txt:3: bad wait '9223372036854775807'; accepted: 0..9223372036854775 µs"
                + " here (the log's time must fit 64-bit nanoseconds)");
        oneUserError(replay("big.txt", text("  8,0 0 1 0.000000000 5 Q W 36028797018963968 + 8 [a]\n")),
                "big.txt:1: bad sector '36028797018963968'; accepted: 0..18014398509481983 (2^54 - 1)");
        oneUserError(replay("far.txt", text("  8,0 0 1 0.0 5 Q W 8 + 8 [a]\n  8,0 0 2 9000000000.0 5 Q W 8 + 8 [a]\n")),
                "far.txt:2: this I/O comes 9000000000.000 s after the trace's first; a replay spans at most"
                        + " 86400.000 s (24 h, the run's limit of virtual time)");
        oneUserError(replay("latin1.txt", "fio version 2 iolog\nf\u00e9 read 0 4096\n".getBytes(StandardCharsets.ISO_8859_1)),
                "latin1.txt:2: byte 0xE9 at byte 2 of the line is not UTF-8 text; accepted: UTF-8 (or ASCII) text");
    }

    @Test
    void aCrlfTraceReplaysAsItsLfTwin() throws Exception {
        String lf = "  8,0 0 1 0.000000000 5 Q W 8 + 8 [a]\n  8,0 0 2 2.000000000 5 Q W 16 + 8 [a]\n";
        Iosched.Outcome crlf = replay("crlf.txt", text(lf.replace("\n", "\r\n")));
        Iosched.Outcome plain = replay("lf.txt", text(lf));
        assertThat(crlf.exitCode()).as(crlf.stderr()).isZero();
        assertThat(crlf.stdout().replace("crlf.txt", "lf.txt")).isEqualTo(plain.stdout());
        assertThat(plain.stdout()).contains("issued rwts: total=0,2,0,0");
    }

    @Test
    void aHugeLineWithNulBytesIsEchoedCutOnOneLine() throws Exception {
        Path job = work.resolve("huge.fio");
        Files.writeString(job, "[j]\nrw=read\n" + "q\0".repeat(100_000) + "\n");
        Iosched.Outcome outcome = Iosched.run(work, "run", job.toString());
        assertThat(outcome.exitCode()).isEqualTo(2);
        assertThat(outcome.stderr().lines().toList()).singleElement().asString()
                .startsWith("iosched: " + job + ":3: Bad option <q\\x00q\\x00").endsWith("...(200000 characters)>");
    }

    @Test
    void jobAndCommandLineReproducersAreOneLineUserErrors() throws Exception {
        Files.writeString(work.resolve("map.fio"), "[t]\nfilename=/dev/sdb\nrw=randread\nbs=1\nruntime=1\ntime_based\n");
        oneUserError(Iosched.run(work, "run", "map.fio", "--device", "hdd-7200", "--scheduler", "cfq"),
                "map.fio:1: t: fio: failed allocating random map: 1000204886016 blocks of 1 bytes; iosched's limit"
                        + " is 34359738368 blocks; accepted: norandommap (what fio's softrandommap then does), a larger"
                        + " bs or a smaller size (/dev/sdb)");
        Files.writeString(work.resolve("direct.fio"), "[t]\nfilename=/dev/sdb\nrw=read\ndirect=2\nsize=1m\n");
        oneUserError(Iosched.run(work, "run", "direct.fio"),
                "direct.fio:4: fio: failed parsing direct=2: max value out of range: 2 (1 max)");
        Files.writeString(work.resolve("dir.fio"), "[t]\nfilename=/\nrw=read\nsize=1m\n");
        oneUserError(Iosched.run(work, "run", "dir.fio"), "dir.fio:2: filename=/: fio: file /: Is a directory (fio"
                + " fails the job with err=21); accepted: a file or device name, not ending in '/'");
        oneUserError(Iosched.run(work, "run", "direct.fio", "--scheduler", ","), "--scheduler: an empty name in ',';"
                + " accepted: comma-separated scheduler names, e.g. cfq,deadline (see 'iosched list')");
        oneUserError(Iosched.run(work, "run", "dir.fio", "--trace", work.toString()), "--trace: " + work
                + " is a directory; accepted: a file path (the file is created or replaced)");
    }

    @Test
    void scenarioReproducersAreOneLineUserErrors() throws Exception {
        Path file = work.resolve("s.yaml");
        String base = "name: s\ntitle: t\ndevice: ssd\nscheduler: cfq\nworkload:\n  fio: |\n    [r]\n    rw=read\n"
                + "    size=1m\n    direct=1\nmetrics:\n  - {label: bw, jobs: r, metric: read.bw}\n";
        Files.writeString(file, base.replace("name: s", "name: &a s"));
        oneUserError(Iosched.run(work, "scenario", file.toString()),
                file + ":1: YAML anchors and aliases are not supported; write the value out");
        StringBuilder many = new StringBuilder(base + "axes:\n");
        for (String axis : List.of("a", "b")) {
            many.append("  - name: ").append(axis).append("\n    variants:\n");
            for (int i = 0; i < 1000; i++) {
                many.append("      - {label: v").append(i).append("}\n");
            }
        }
        Files.writeString(file, many.toString());
        oneUserError(Iosched.run(work, "scenario", file.toString()), file + ": the plan is 1000000 rows x 1 seed ="
                + " 1000000 runs, above the limit of 1000 runs; accepted: at most 1000 runs, or pass --max-runs 1000000"
                + " to run them all");
        Files.writeString(file, base);
        Iosched.Outcome ok = Iosched.run(work, "scenario", file.toString());
        assertThat(ok.exitCode()).as(ok.stderr()).isZero();
        assertThat(ok.stderr()).isEqualTo("iosched: scenario s: 1 row x 1 seed = 1 run\n");
    }

    /** A few mutated traces through the jar (the in-process property covers many more). */
    @Property(tries = 6, edgeCases = EdgeCasesMode.NONE)
    void aMutatedTraceExitsZeroOrTwoWithOneLine(@ForAll @IntRange(min = 0, max = 1_000_000) int seed) throws Exception {
        java.util.Random random = new java.util.Random(seed);
        String[] hostile = {"12345678901234567890", "-8", "36028797018963968", "9223372036854775807", "", "\0", "x",
            "86400.000000001", "4194304", "z".repeat(10_000)};
        String[] fields = {"8,0", "0", "1", "0.000000000", "5", "Q", "W", "8", "+", "8", "[a]"};
        StringBuilder trace = new StringBuilder();
        for (int line = 0; line < 3; line++) {
            String[] f = fields.clone();
            f[3] = line + ".000000000";
            if (random.nextInt(3) == 0) {
                f[random.nextInt(f.length)] = hostile[random.nextInt(hostile.length)];
            }
            trace.append("  ").append(String.join(" ", f)).append(random.nextBoolean() ? "\r\n" : "\n");
        }
        Path dir = Files.createTempDirectory("fuzz");
        Path file = dir.resolve("t.txt");
        Files.writeString(file, trace);
        Iosched.Outcome outcome = Iosched.run(dir, "run", file.toString(), "--workload", "replay", "--device", "ssd",
                "--scheduler", "noop");
        Files.delete(file);
        Files.delete(dir);
        assertThat(outcome.exitCode()).as(outcome.stderr()).isIn(0, 2);
        if (outcome.exitCode() == 2) {
            assertThat(outcome.stderr().lines().toList()).singleElement().asString().startsWith("iosched: " + file)
                    .doesNotContain("internal error", "Exception", "\tat ");
        }
    }
}
