package org.iosched.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.example.misbehaving.MisbehavingSchedulers;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 15's misbehaving plugins, dropped into a plugins directory and run by the packaged jar: a scheduler that
 * recurses without end, one that never dispatches what it holds, one that loops inside a hook. Each is a plugin
 * failure: exit 3 and one stderr line naming the plugin (and the hook), never an internal error or a hang.
 */
class MisbehavingPluginIT {
    private static final Path JOB = Iosched.ROOT.resolve("integration-tests/src/test/resources/jobs/randread.fio");

    @TempDir
    Path work;

    private Path plugins;

    /** Packs the compiled {@code com.example.misbehaving} classes into a plugin jar with its service file. */
    @BeforeEach
    void packPlugin() throws IOException {
        plugins = Files.createDirectories(work.resolve("plugins"));
        Path classes;
        try {
            classes = Paths.get(MisbehavingSchedulers.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IOException(e);
        }
        Path packageDir = classes.resolve("com/example/misbehaving");
        try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(plugins.resolve("misbehaving.jar")));
             Stream<Path> files = Files.list(packageDir)) {
            for (Path file : (Iterable<Path>) files.sorted()::iterator) {
                jar.putNextEntry(new JarEntry("com/example/misbehaving/" + file.getFileName()));
                jar.write(Files.readAllBytes(file));
                jar.closeEntry();
            }
            jar.putNextEntry(new JarEntry("META-INF/services/org.iosched.api.IoSchedulerProvider"));
            OutputStream out = jar;
            out.write(String.join("\n", MisbehavingSchedulers.Recursive.class.getName(),
                    MisbehavingSchedulers.Hoarder.class.getName(), MisbehavingSchedulers.Spinner.class.getName(), "")
                    .getBytes(StandardCharsets.UTF_8));
            jar.closeEntry();
        }
    }

    private Iosched.Outcome run(String... extra) throws Exception {
        List<String> args = new java.util.ArrayList<>(List.of("run", JOB.toString(), "--plugins", plugins.toString(),
                "--device", "ssd"));
        args.addAll(List.of(extra));
        return Iosched.run(work, args.toArray(String[]::new));
    }

    private static void assertOnePluginFailureLine(Iosched.Outcome outcome, String expected) {
        assertThat(outcome.exitCode()).as(outcome.stderr()).isEqualTo(3);
        assertThat(outcome.stderr().lines()).as(outcome.stderr()).singleElement().asString().isEqualTo(expected);
        assertThat(outcome.stdout()).isEmpty();
    }

    @Test
    void aSchedulerThatRecursesWithoutEndIsAPluginFailureNamingTheHook() throws Exception {
        assertOnePluginFailureLine(run("--scheduler", "recursive-dispatch"), "iosched: scheduler recursive-dispatch "
                + "overflowed the stack in dispatch (StackOverflowError: unbounded recursion)");
    }

    @Test
    void aSchedulerThatNeverDispatchesWhatItHoldsIsAPluginFailure() throws Exception {
        assertOnePluginFailureLine(run("--scheduler", "hoarder"), "iosched: scheduler hoarder never dispatches the 4 "
                + "requests it holds: the device is idle, the queue unplugged, no timer of it armed, and "
                + "dispatch(force=true) returned 0");
    }

    @Test
    void aSchedulerThatLoopsInsideAHookIsStoppedByTheWatchdog() throws Exception {
        assertOnePluginFailureLine(run("--scheduler", "spin-dispatch", "--watchdog", "1"), "iosched: scheduler "
                + "spin-dispatch has been inside its dispatch hook for more than 1 s of wall-clock time (--watchdog); "
                + "a plugin that does not return cannot be stopped, so iosched ends here");
    }

    @Test
    void theWatchdogIsGivenInSecondsAndZeroTurnsItOff() throws Exception {
        Iosched.Outcome negative = run("--scheduler", "noop", "--watchdog", "-1");
        assertThat(negative.exitCode()).isEqualTo(2);
        assertThat(negative.stderr()).contains("--watchdog").contains("accepted: 0 (off) or a number of seconds");

        Iosched.Outcome off = run("--scheduler", "noop", "--watchdog", "0");
        assertThat(off.exitCode()).as(off.stderr()).isZero();
        assertThat(off.stdout()).contains("read: IOPS=");
    }
}
