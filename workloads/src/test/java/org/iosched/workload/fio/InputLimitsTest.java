package org.iosched.workload.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import java.util.List;
import java.util.TreeSet;
import org.iosched.api.InvalidInputException;
import org.iosched.workload.testing.FakeWorkloadContext;
import org.iosched.workload.text.InputText;
import org.junit.jupiter.api.Test;

/**
 * Issue 15's reproducers for values fio refuses or that name nothing to do I/O on (shrunk): bool options
 * above 1, directory file names, random maps too large to keep, and every option's error echoing a
 * 10,000-character value cut to a readable line. fio 3.33's messages were checked with {@code fio --parse-only}
 * and real runs.
 */
class InputLimitsTest {
    /** A 1 TB disk, as /dev/sdb of the presets (1000204886016 bytes). */
    private static final long TERABYTE_SECTORS = 1_953_525_168L;

    private static InvalidInputException rejected(String text) {
        try {
            FioWorkload w = Fio.workload(text);
            w.start(new FakeWorkloadContext(TERABYTE_SECTORS, 1));
        } catch (InvalidInputException e) {
            return e;
        }
        return null;
    }

    @Test
    void boolOptionsTakeOnly0Or1AsFio33Does() {
        assertThatThrownBy(() -> Fio.workload("[t]\nsize=1m\ndirect=2\n"))
                .hasMessage("job.fio:3: fio: failed parsing direct=2: max value out of range: 2 (1 max)");
        assertThatThrownBy(() -> Fio.workload("[t]\nsize=1m\ndirect=16\n"))
                .hasMessage("job.fio:3: fio: failed parsing direct=16: max value out of range: 16 (1 max)");
        assertThatThrownBy(() -> Fio.workload("[t]\nsize=1m\nend_fsync=0x2\n"))
                .hasMessageEndingWith("max value out of range: 2 (1 max)");
        // accepted without effect, still a fio bool
        assertThatThrownBy(() -> Fio.workload("[t]\nsize=1m\ninvalidate=2\n"))
                .hasMessage("job.fio:3: fio: failed parsing invalidate=2: max value out of range: 2 (1 max)");
        assertThat(Fio.options("[t]\nsize=1m\ndirect=1\n").direct).isTrue();
        assertThat(Fio.options("[t]\nsize=1m\nbuffered=0\n").direct).isTrue();
        // set-type options (FIO_OPT_STR_SET) take any unsigned integer in fio 3.33
        assertThat(Fio.options("[t]\nsize=1m\ntime_based=2\nruntime=1\n").timeBased).isTrue();
    }

    @Test
    void aFileNameEndingInSlashIsADirectory() {
        assertThatThrownBy(() -> Fio.workload("[t]\nsize=1m\nfilename=/\n"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("job.fio:3: filename=/: fio: file /: Is a directory (fio fails the job with err=21); "
                        + "accepted: a file or device name, not ending in '/'");
        assertThatThrownBy(() -> Fio.workload("[t]\nsize=1m\nfilename=a:/tmp/x/\n"))
                .hasMessageContaining("fio: file /tmp/x/: Is a directory");
        assertThatThrownBy(() -> Fio.workload("[t]\nsize=1m\ndirectory=/mnt/\nfilename_format=sub/\n"))
                .hasMessageStartingWith("job.fio:4: filename_format=sub/: fio: file /mnt//sub/: Is a directory");
        assertThat(Fio.options("[t]\nsize=1m\ndirectory=/mnt/\n").directory).isEqualTo("/mnt/");
    }

    @Test
    void aOneByteRandomMapOverATerabyteIsAUserErrorNotAPluginFailure() {
        InvalidInputException e = rejected("[t]\nfilename=/dev/sdb\nrw=randread\nbs=1\nruntime=1\ntime_based\n");
        assertThat(e).isNotNull();
        assertThat(e.getMessage()).isEqualTo("job.fio:1: t: fio: failed allocating random map: 1000204886016 blocks "
                + "of 1 bytes; iosched's limit is 34359738368 blocks; accepted: norandommap (what fio's softrandommap "
                + "then does), a larger bs or a smaller size (/dev/sdb)");
        // norandommap needs no map, as in fio
        assertThat(rejected("[t]\nfilename=/dev/sdb\nrw=randread\nbs=1\nnorandommap\nnumber_ios=100\n")).isNull();
    }

    @Test
    void oneByteDirectIoIsRefusedAsTheKernelRefusesIt() {
        assertThatThrownBy(() -> Fio.workload("[t]\nfilename=/dev/sdb\nrw=randread\nbs=1\ndirect=1\nruntime=1\n"
                + "time_based\n"))
                .hasMessage("job.fio:4: bs=1 is 1 bytes, not a multiple of the device's 512-byte logical block size "
                        + "(direct=1 needs aligned sizes and offsets)");
    }

    @Test
    void aFourKibRandomMapOverATerabyteCostsOnlyThePagesTouched() {
        FakeWorkloadContext ctx = new FakeWorkloadContext(TERABYTE_SECTORS, 1);
        FioWorkload w = Fio.workload("[t]\nfilename=/dev/sdb\nrw=randread\nbs=4k\nnumber_ios=1000\n");
        w.start(ctx);
        ctx.run();
        assertThat(ctx.recorded).hasSize(1000);
    }

    @Test
    void everyOptionEchoesA10000CharacterValueCutOnOneLine() {
        TreeSet<String> names = new TreeSet<>(FioOptionCatalog.MODELLED);
        names.addAll(FioOptionCatalog.NO_EFFECT.keySet());
        names.addAll(FioOptionCatalog.OUTPUT.keySet());
        names.addAll(FioOptionCatalog.ALIASES.keySet());
        List<String> values = List.of("9".repeat(10_000), "x".repeat(10_000), "1" + "k".repeat(9_999),
                "4k:" + "x".repeat(9_997), "1-" + "y".repeat(9_998), "1," + "z".repeat(9_998),
                "1/" + "w".repeat(9_998), "zoned:" + "5".repeat(9_994), "(" + "1+".repeat(4_999) + "q)",
                "\0".repeat(10_000));
        int checked = 0;
        for (String name : names) {
            for (String v : values) {
                String text = "[job]\nsize=1m\n" + name + "=" + v + "\n";
                InvalidInputException e;
                try {
                    e = rejected(text);
                } catch (RuntimeException other) {
                    throw new AssertionError(name + "=" + v.substring(0, 8) + "... threw " + other, other);
                }
                if (e == null) {
                    continue;
                }
                checked++;
                String m = e.getMessage();
                if (m.length() > InputText.MAX_MESSAGE || m.contains("\n") || m.contains("\0")) {
                    fail(name + " echoes " + m.length() + " characters: " + m.substring(0, 200));
                }
            }
        }
        assertThat(checked).isGreaterThan(500);
    }
}
