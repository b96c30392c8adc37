package org.iosched.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Long runs end the way fio's do: a progress line on stderr when asked ({@code --progress}) that never touches
 * the report, and SIGINT or SIGTERM stops the jobs where they are and prints the report of what ran, marked as
 * interrupted, exit 130. The runs are 10 h of virtual time on nvme, which no test waits for: each is stopped by a
 * signal once its progress line shows that it runs.
 *
 * <p>A run is started as a shell in a terminal starts it, with SIGINT and SIGTERM at their defaults, even when
 * the test suite itself was started in the background of a non-interactive shell (or under {@code nohup} and
 * {@code &}), which leaves them ignored in every process it starts: a JVM cannot catch a signal it inherited
 * ignored. Where that cannot be undone ({@code env --default-signal} missing) the tests are skipped, saying why.
 */
class InterruptAndProgressIT {
    @TempDir
    Path work;

    /** A process of the packaged jar whose stderr lines are collected as they come. */
    private static final class Running {
        final Process process;
        final List<String> stderr = new ArrayList<>();
        final CountDownLatch progressShown = new CountDownLatch(1);
        final CompletableFuture<String> stdout;

        Running(Path dir, String... args) throws IOException {
            List<String> command = new ArrayList<>(DEFAULT_SIGNALS);
            command.addAll(Iosched.command(List.of(), args));
            process = new ProcessBuilder(command).directory(dir.toFile()).start();
            process.getOutputStream().close();
            stdout = CompletableFuture.supplyAsync(() -> {
                try {
                    return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            Thread reader = new Thread(() -> {
                try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getErrorStream(),
                        StandardCharsets.UTF_8))) {
                    for (String line = in.readLine(); line != null; line = in.readLine()) {
                        synchronized (stderr) {
                            stderr.add(line);
                        }
                        if (line.startsWith("iosched: [noop: ")) {
                            progressShown.countDown();
                        }
                    }
                } catch (IOException e) {
                    // the process ended
                }
            });
            reader.setDaemon(true);
            reader.start();
        }

        void signal(String name) throws Exception {
            Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).inheritIO().start();
            assertThat(kill.waitFor()).isZero();
        }

        int await() throws Exception {
            if (!process.waitFor(Iosched.HANG_GUARD_MINUTES, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new AssertionError("iosched did not end after the signal");
            }
            return process.exitValue();
        }

        List<String> stderr() {
            synchronized (stderr) {
                return List.copyOf(stderr);
            }
        }
    }

    /**
     * The prefix that starts a process with SIGINT and SIGTERM at their defaults: none when this JVM does not ignore
     * them, coreutils' {@code env --default-signal} when it does.
     */
    private static final List<String> DEFAULT_SIGNALS = defaultSignals();

    private static List<String> defaultSignals() {
        if (!ignoresInterrupts()) {
            return List.of();
        }
        List<String> env = List.of("env", "--default-signal=INT,TERM");
        try {
            List<String> probe = new ArrayList<>(env);
            probe.add("true");
            Process process = new ProcessBuilder(probe).redirectErrorStream(true).start();
            process.getInputStream().readAllBytes();
            if (process.waitFor(1, TimeUnit.MINUTES) && process.exitValue() == 0) {
                return env;
            }
        } catch (IOException e) {
            // no env that can reset a signal
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return null;
    }

    /** Whether SIGINT (2) or SIGTERM (15) is ignored in this process ({@code SigIgn} of /proc/self/status). */
    private static boolean ignoresInterrupts() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("SigIgn:")) {
                    long mask = Long.parseUnsignedLong(line.substring("SigIgn:".length()).strip(), 16);
                    return (mask & ((1L << 1) | (1L << 14))) != 0;
                }
            }
        } catch (IOException | NumberFormatException e) {
            // no /proc: nothing to tell, and nothing to undo
        }
        return false;
    }

    private Running startLong(String... extra) throws Exception {
        Assumptions.assumeTrue(DEFAULT_SIGNALS != null, "SIGINT or SIGTERM is ignored in the test JVM (started in "
                + "the background of a non-interactive shell?) and this machine's env has no --default-signal to "
                + "start iosched with them at their defaults, as a terminal does");
        Path job = work.resolve("long.fio");
        Files.writeString(job, Iosched.TEN_HOURS);
        List<String> args = new ArrayList<>(List.of("run", job.toString(), "--device", "nvme", "--scheduler", "noop",
                "--progress"));
        args.addAll(List.of(extra));
        Running running = new Running(work, args.toArray(String[]::new));
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(Iosched.HANG_GUARD_MINUTES);
        while (!running.progressShown.await(1, TimeUnit.SECONDS)) {
            if (!running.process.isAlive() || System.nanoTime() > deadline) {
                running.process.destroyForcibly();
                throw new AssertionError("no progress line before the run ended: " + running.stderr());
            }
        }
        return running;
    }

    @Test
    void sigintStopsTheJobsAndPrintsTheReportOfWhatRanMarkedAsInterrupted() throws Exception {
        Running running = startLong();
        running.signal("INT");

        assertThat(running.await()).isEqualTo(130);
        String stdout = running.stdout.get();
        assertThat(stdout).contains("iosched: interrupted at ").contains(" s of virtual time: the jobs were cut short")
                .contains("read: IOPS=").contains("Run status group 0 (all jobs):");
        assertThat(stdout).doesNotContain("iosched: [noop");
        List<String> stderr = running.stderr();
        assertThat(stderr).contains("iosched: terminating on signal 2");
        assertThat(stderr).allMatch(line -> line.startsWith("iosched: [noop: ")
                || line.equals("iosched: terminating on signal 2"), "only progress and the signal's line");
        assertThat(stderr.get(0)).matches("iosched: \\[noop: [0-9.]+%, [0-9.]+ of 36000\\.000 s virtual\\]"
                + "\\[[0-9.]+[KMGT]?i?B/s\\]\\[[0-9.]+x real time\\]\\[eta [0-9dhms:]+\\]");
    }

    @Test
    void sigtermIsHandledAsFioHandlesIt() throws Exception {
        Running running = startLong("--output-format", "json");
        running.signal("TERM");

        assertThat(running.await()).isEqualTo(130);
        String stdout = running.stdout.get();
        assertThat(stdout).startsWith("{").contains("\"interrupted at ");
        assertThat(running.stderr()).contains("iosched: terminating on signal 15");
    }

    @Test
    void aSecondSigintEndsAtOnceWithTheSameCode() throws Exception {
        Running running = startLong();
        running.signal("INT");
        running.signal("INT");

        assertThat(running.await()).isEqualTo(130);
        assertThat(running.stderr()).contains("iosched: terminating on signal 2");
    }

    @Test
    void progressDoesNotChangeTheReport() throws Exception {
        Path job = Iosched.ROOT.resolve("integration-tests/src/test/resources/jobs/randread.fio");
        Iosched.Outcome plain = Iosched.run(work, "run", job.toString(), "--device", "nvme", "--scheduler", "noop,cfq");
        Iosched.Outcome watched = Iosched.run(work, "run", job.toString(), "--device", "nvme", "--scheduler",
                "noop,cfq", "--progress");

        assertThat(plain.exitCode()).as(plain.stderr()).isZero();
        assertThat(watched.exitCode()).as(watched.stderr()).isZero();
        assertThat(watched.stdout()).isEqualTo(plain.stdout());
        assertThat(watched.stderr().lines()).allMatch(line -> line.startsWith("iosched: [0/2 runs done]")
                || line.startsWith("iosched: [1/2 runs done]"));
    }
}
