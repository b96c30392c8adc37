package org.iosched.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The packaged jar's {@code --output-format terse} against fio 3.33's own terse line for the same job shape (a psync
 * randrw job on a file; fio runs it on a small file in a temporary directory, we on a simulated disk): the same
 * number of fields and, at every position, the same kind of field (integer, decimal, percentage, {@code p%=value}
 * or text). Skipped, saying so, where fio is not installed.
 */
class TerseOutputIT {
    private static final String JOB = "[global]\nfilename=%s\nsize=8m\nbs=4k\nruntime=1\nioengine=psync\n"
            + "[r]\nrw=randrw\n%s\n";

    /** The disk's fields: name, read and write I/Os, merges, ticks, time in queue, utilisation. */
    private static final String DISK = "SIIIIIII%";

    @TempDir
    Path work;

    @ParameterizedTest(name = "terse v{0} {1}")
    @CsvSource(delimiter = '|', value = {
            "3|", "2|", "4|", "5|", "3|unified_rw_reporting=both", "3|unified_rw_reporting=mixed",
            "3|description=a job", "2|description=a job", "3|lat_percentiles=1", "3|clat_percentiles=0",
            "3|percentile_list=50:99", "3|disk_util=0", "5|unified_rw_reporting=both"})
    void everyFieldIsWhereFioPutsIt(int version, String extra) throws Exception {
        assumeThat(fioInstalled()).as("fio is not installed: the terse layout is not compared with fio's").isTrue();
        String option = extra == null ? "" : extra;
        Path ours = Files.writeString(work.resolve("ours.fio"), String.format(JOB, "/data/r", option));
        Path theirs = Files.writeString(work.resolve("fio.fio"), String.format(JOB, work.resolve("data"), option));

        Iosched.Outcome outcome = Iosched.run(work, "run", ours.toString(), "--device", "hdd", "--output-format",
                "terse", "--terse-version", Integer.toString(version));
        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        String fio = fio(work, "--output-format=terse", "--terse-version=" + version, theirs.toString());

        List<String> ourLines = outcome.stdout().lines().toList();
        List<String> fioLines = fio.lines().filter(l -> !l.startsWith("fio: ")).toList();
        assertThat(ourLines).hasSameSizeAs(fioLines);
        for (int i = 0; i < ourLines.size(); i++) {
            String ourShape = shape(ourLines.get(i));
            String fioShape = shape(fioLines.get(i));
            if (version >= 3 && fioShape.length() == ourShape.length() - DISK.length()) {
                // fio found no disk statistics for the temporary directory (a tmpfs, an overlay): compare the rest
                ourShape = ourShape.replaceFirst(DISK, "");
            }
            assertThat(ourShape).as("line %d of %s", i, outcome.stdout()).isEqualTo(fioShape);
        }
    }

    /** Each field's kind: I integer, F decimal, % percentage, P a percentile {@code p%=v}, S text. */
    static String shape(String line) {
        StringBuilder kinds = new StringBuilder();
        for (String field : line.split(";", -1)) {
            if (field.contains("%=")) {
                kinds.append('P');
            } else if (field.endsWith("%")) {
                kinds.append('%');
            } else if (field.matches("-?\\d+\\.\\d+")) {
                kinds.append('F');
            } else if (field.matches("\\d+")) {
                kinds.append('I');
            } else {
                kinds.append('S');
            }
        }
        return kinds.toString();
    }

    private static boolean fioInstalled() {
        try {
            return fio(Path.of("."), "--version").startsWith("fio-");
        } catch (IOException | IllegalStateException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static String fio(Path dir, String... args) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of("fio"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException("fio " + String.join(" ", args) + " failed: " + out);
        }
        return out;
    }
}
