package org.iosched.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --trace-format}: what each value writes, and the errors of a bad value or a missing {@code --trace}. */
class TraceFormatOptionTest {
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

    private String job() throws Exception {
        return Files.writeString(dir.resolve("t.fio"), "[t]\nfilename=/dev/sda\nrw=randread\nsize=256k\ndirect=1\n")
                .toString();
    }

    @Test
    void binaryWritesTheBlktraceFileOnlyAndBothWritesTheTwo() throws Exception {
        Path binary = dir.resolve("b");
        Outcome b = run("run", job(), "--scheduler", "deadline", "--trace", binary.toString(), "--trace-format",
                "binary", "--trace-summary");
        assertThat(b.code).as(b.err).isEqualTo(ExitCodes.OK);
        assertThat(binary).doesNotExist();
        byte[] records = Files.readAllBytes(dir.resolve("b.blktrace.0"));
        assertThat(records).startsWith((byte) 0x07, (byte) 0x74, (byte) 0x61, (byte) 0x65);

        Path both = dir.resolve("t");
        Outcome t = run("run", job(), "--scheduler", "deadline", "--trace", both.toString(), "--trace-format",
                "both", "--trace-summary");
        assertThat(t.code).as(t.err).isEqualTo(ExitCodes.OK);
        assertThat(Files.readString(both, StandardCharsets.UTF_8)).contains("  Q  RS ").contains("CPU0 (t):");
        assertThat(Files.readAllBytes(dir.resolve("t.blktrace.0"))).isEqualTo(records);
        // the summary from the binary equals the one from the text of the same run
        assertThat(Files.readString(dir.resolve("b.btt"))).isEqualTo(Files.readString(dir.resolve("t.btt")))
                .contains("D2C ").contains("Q2C ");
        assertThat(t.out).contains("btt summary (deadline):\n==================== All Devices ====================");
    }

    @Test
    void anUnknownFormatOrOneWithoutATraceIsAOneLineError() throws Exception {
        Outcome unknown = run("run", job(), "--trace", dir.resolve("x").toString(), "--trace-format", "xml");
        assertThat(unknown.code).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(unknown.err.strip())
                .isEqualTo("iosched: --trace-format: unknown trace format 'xml'; accepted: text, binary, both");
        Outcome alone = run("run", job(), "--trace-format", "binary");
        assertThat(alone.code).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(alone.err.strip()).isEqualTo("iosched: --trace-format: needs --trace FILE (the name of the trace)");
    }
}
