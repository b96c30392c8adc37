package org.iosched.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 15: a 10,000-character value given to each kind of command-line option is echoed cut (by
 * {@code InputText.echo}) in a one-line error, not printed whole nor cut blindly in the middle of the message.
 */
class LongValueEchoTest {
    private static final String LONG = "v".repeat(10_000);

    @TempDir
    Path dir;

    private static String[] args(String... a) {
        return a;
    }

    @Test
    void everyOptionEchoesALongValueCut() throws Exception {
        String job = Files.writeString(dir.resolve("t.fio"), "[t]\nrw=read\nsize=64k\n").toString();
        String scenario = Files.writeString(dir.resolve("s.yaml"), "name: s\n").toString();
        List<String[]> cases = new ArrayList<>();
        cases.add(args("run", job, "--scheduler", LONG));
        cases.add(args("run", job, "--scheduler", "cfq," + LONG));
        cases.add(args("run", job, "--device", LONG));
        cases.add(args("run", job, "--workload", LONG));
        cases.add(args("run", job, "--output-format", LONG));
        cases.add(args("run", job, "--set", LONG));
        cases.add(args("run", job, "--set", LONG + "=1"));
        cases.add(args("run", job, "--set", "cfq." + LONG + "=1"));
        cases.add(args("run", job, "--set", "cfq.quantum=" + LONG));
        cases.add(args("run", job, "--set", "device." + LONG + "=1"));
        cases.add(args("run", job, "--set", "kernel.hz=" + LONG));
        cases.add(args("run", job, "--workload", "replay", "--replay", LONG));
        cases.add(args("run", job, "--seed", LONG));
        cases.add(args("run", job, "--trace", dir.resolve(LONG.substring(0, 200)).resolve("x").toString()));
        cases.add(args("run", dir.resolve(LONG.substring(0, 200)).toString()));
        cases.add(args("scenario", scenario, "--output-format", LONG));
        cases.add(args("scenario", scenario, "--seeds", LONG));
        cases.add(args("scenario", scenario, "--max-runs", LONG));
        cases.add(args("scenario", scenario, "--set", "cfq.quantum=" + LONG));
        cases.add(args("list", "--plugins", dir.resolve(LONG.substring(0, 200)).toString()));
        cases.add(args(LONG));
        cases.add(args("run", job, "--" + LONG));
        List<String> failures = new ArrayList<>();
        for (String[] a : cases) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = IoschedCommand.execute(a, new PrintWriter(out, true), new PrintWriter(err, true));
            String what = String.join(" ", a);
            List<String> lines = err.toString().lines().toList();
            if (code != ExitCodes.USER_ERROR || lines.size() != 1 || lines.get(0).length() > 1_000
                    || lines.get(0).contains("characters cut")) {
                failures.add(what.substring(0, Math.min(what.length(), 90)) + " -> exit " + code + ", "
                        + lines.size() + " lines: " + err.toString().substring(0, Math.min(err.toString().length(), 160)));
            }
        }
        assertThat(failures).isEmpty();
    }
}
