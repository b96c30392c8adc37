package org.iosched.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A plain {@code java -jar iosched.jar} runs the command in a second, tuned JVM (serial collector, later C2, a
 * class-data-sharing archive in the user's cache) and is the same command to its caller: the same bytes on
 * stdout and stderr, the same exit code; given JVM options or {@code IOSCHED_JVM=direct}, it runs in the JVM
 * it was started in. Signals through the launcher are {@link InterruptAndProgressIT}'s (it runs plain).
 */
class LauncherIT {
    @TempDir
    Path work;

    /**
     * The environment of a test's iosched: the archive cache in the test's directory, no JVM options or switch
     * from the environment Maven runs in, then {@code extra}.
     */
    private void environment(Map<String, String> environment, Map<String, String> extra) {
        environment.keySet().removeAll(List.of("JDK_JAVA_OPTIONS", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS",
                "IOSCHED_JVM"));
        environment.put("XDG_CACHE_HOME", work.resolve("cache").toString());
        environment.putAll(extra);
    }

    private Iosched.Outcome run(Map<String, String> extra, String... args) throws Exception {
        return Iosched.run(work, List.of(), environment -> environment(environment, extra), args);
    }

    private List<Path> archives() throws IOException {
        Path directory = work.resolve("cache").resolve("iosched");
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(directory)) {
            return files.toList();
        }
    }

    @Test
    void theTunedJvmPrintsWhatThePlainOneDoesAndKeepsOneArchive() throws Exception {
        Path job = Iosched.ROOT.resolve("integration-tests/src/test/resources/jobs/randread.fio");
        String[] args = {"run", job.toString(), "--device", "ssd", "--scheduler", "noop,cfq", "--output-format",
            "json"};

        Iosched.Outcome first = run(Map.of(), args);
        assertThat(first.exitCode()).as(first.stderr()).isZero();
        assertThat(archives()).hasSize(1).allMatch(f -> f.getFileName().toString().matches("iosched-\\w+-\\w+\\.jsa"));
        long size = Files.size(archives().get(0));
        assertThat(size).isGreaterThan(1 << 20);

        Iosched.Outcome second = run(Map.of(), args);
        Iosched.Outcome plain = run(Map.of("IOSCHED_JVM", "direct"), args);
        assertThat(second).isEqualTo(first);
        assertThat(plain).isEqualTo(first);
        assertThat(archives()).hasSize(1);

        // an archive the JVM cannot use (damaged here; stale or foreign alike) is passed over without a word
        Path archive = archives().get(0);
        archive.toFile().setWritable(true);
        Files.write(archive, new byte[4096]);
        Iosched.Outcome damaged = run(Map.of(), args);
        assertThat(damaged).isEqualTo(first);
    }

    @Test
    void aUserErrorIsTheSameLineAndCodeThroughTheLauncher() throws Exception {
        Iosched.Outcome tuned = run(Map.of(), "run", "missing.fio");
        Iosched.Outcome plain = run(Map.of("IOSCHED_JVM", "direct"), "run", "missing.fio");

        assertThat(tuned.exitCode()).isEqualTo(2);
        assertThat(tuned).isEqualTo(plain);
        // a run that fails keeps no archive: it may have loaded few classes
        assertThat(archives()).isEmpty();
    }

    /** A 10 h run, started and seen running (its progress line), with the launcher's children at that point. */
    private final class LongRun implements AutoCloseable {
        final Process process;
        final CompletableFuture<List<String>> stderr;

        LongRun(List<String> jvmOptions, Map<String, String> extra) throws Exception {
            Path job = work.resolve("long.fio");
            Files.writeString(job, Iosched.TEN_HOURS);
            ProcessBuilder builder = new ProcessBuilder(Iosched.command(jvmOptions, "run", job.toString(), "--device",
                    "nvme", "--scheduler", "noop", "--progress")).directory(work.toFile())
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD);
            environment(builder.environment(), extra);
            process = builder.start();
            process.getOutputStream().close();
            CompletableFuture<Void> shown = new CompletableFuture<>();
            stderr = CompletableFuture.supplyAsync(() -> {
                List<String> lines = new ArrayList<>();
                try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getErrorStream(),
                        StandardCharsets.UTF_8))) {
                    for (String line = in.readLine(); line != null; line = in.readLine()) {
                        lines.add(line);
                        if (line.startsWith("iosched: [noop: ")) {
                            shown.complete(null);
                        }
                    }
                } catch (IOException e) {
                    // the process ended
                }
                shown.complete(null);
                return lines;
            });
            shown.get(Iosched.HANG_GUARD_MINUTES, TimeUnit.MINUTES);
            assertThat(process.isAlive()).as("the 10 h run runs").isTrue();
        }

        List<ProcessHandle> children() {
            return process.children().toList();
        }

        @Override
        public void close() {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }

    @Test
    void aPlainJavaDashJarRunsInATunedChildThatEndsWhenTheLauncherIsKilled() throws Exception {
        try (LongRun run = new LongRun(List.of(), Map.of())) {
            List<ProcessHandle> children = run.children();
            assertThat(children).hasSize(1);
            ProcessHandle child = children.get(0);
            List<String> arguments = Arrays.asList(child.info().arguments().orElseThrow());
            assertThat(arguments).contains("-XX:+UseSerialGC", "-XX:Tier4InvocationThreshold=50000", "-jar");
            assertThat(Files.isSameFile(Path.of(arguments.get(arguments.indexOf("-jar") + 1)), Iosched.JAR)).isTrue();
            assertThat(arguments).anyMatch(a -> a.startsWith("-XX:ArchiveClassesAtExit=")
                    || a.startsWith("-XX:SharedArchiveFile="));

            run.process.destroyForcibly();
            // the orphan notices its launcher is gone and halts (a hang guard, not a speed limit)
            assertThat(child.onExit().get(Iosched.HANG_GUARD_MINUTES, TimeUnit.MINUTES).isAlive()).isFalse();
        }
    }

    @Test
    void givenJvmOptionsOrTheSwitchItRunsInTheJvmItWasStartedIn() throws Exception {
        try (LongRun run = new LongRun(List.of("-Xmx512m"), Map.of())) {
            assertThat(run.children()).isEmpty();
        }
        try (LongRun run = new LongRun(List.of(), Map.of("IOSCHED_JVM", "direct"))) {
            assertThat(run.children()).isEmpty();
        }
        try (LongRun run = new LongRun(List.of(), Map.of("JDK_JAVA_OPTIONS", "-Xss2m"))) {
            assertThat(run.children()).isEmpty();
        }
    }
}
