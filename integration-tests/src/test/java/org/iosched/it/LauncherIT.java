package org.iosched.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
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

    private record Outcome(int exitCode, String stdout, String stderr) {
    }

    private ProcessBuilder iosched(List<String> jvmOptions, Map<String, String> environment, String... args) {
        List<String> command = new ArrayList<>();
        command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-jar");
        command.add(Iosched.JAR.toString());
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(work.toFile());
        builder.environment().remove("JDK_JAVA_OPTIONS");
        builder.environment().remove("JAVA_TOOL_OPTIONS");
        builder.environment().remove("_JAVA_OPTIONS");
        builder.environment().remove("IOSCHED_JVM");
        builder.environment().put("XDG_CACHE_HOME", work.resolve("cache").toString());
        builder.environment().putAll(environment);
        return builder;
    }

    private Outcome run(Map<String, String> environment, String... args) throws Exception {
        Path out = work.resolve("out.txt");
        Path err = work.resolve("err.txt");
        Process process = iosched(List.of(), environment, args).redirectOutput(out.toFile())
                .redirectError(err.toFile()).start();
        process.getOutputStream().close();
        if (!process.waitFor(Iosched.HANG_GUARD_MINUTES, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("iosched did not finish within the hang guard");
        }
        return new Outcome(process.exitValue(), Files.readString(out), Files.readString(err));
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

        Outcome first = run(Map.of(), args);
        assertThat(first.exitCode()).as(first.stderr()).isZero();
        assertThat(archives()).hasSize(1).allMatch(f -> f.getFileName().toString().matches("iosched-\\w+-\\w+\\.jsa"));
        long size = Files.size(archives().get(0));
        assertThat(size).isGreaterThan(1 << 20);

        Outcome second = run(Map.of(), args);
        Outcome plain = run(Map.of("IOSCHED_JVM", "direct"), args);
        assertThat(second).isEqualTo(first);
        assertThat(plain).isEqualTo(first);
        assertThat(archives()).hasSize(1);

        // an archive the JVM cannot use (damaged here; stale or foreign alike) is passed over without a word
        Path archive = archives().get(0);
        archive.toFile().setWritable(true);
        Files.write(archive, new byte[4096]);
        Outcome damaged = run(Map.of(), args);
        assertThat(damaged).isEqualTo(first);
    }

    @Test
    void aUserErrorIsTheSameLineAndCodeThroughTheLauncher() throws Exception {
        Outcome tuned = run(Map.of(), "run", "missing.fio");
        Outcome plain = run(Map.of("IOSCHED_JVM", "direct"), "run", "missing.fio");

        assertThat(tuned.exitCode()).isEqualTo(2);
        assertThat(tuned).isEqualTo(plain);
        // a run that fails keeps no archive: it may have loaded few classes
        assertThat(archives()).isEmpty();
    }

    /** A 10 h run, started and seen running (its progress line), with the launcher's children at that point. */
    private final class LongRun implements AutoCloseable {
        final Process process;
        final CompletableFuture<List<String>> stderr;

        LongRun(List<String> jvmOptions, Map<String, String> environment) throws Exception {
            Path job = work.resolve("long.fio");
            Files.writeString(job, Iosched.TEN_HOURS);
            process = iosched(jvmOptions, environment, "run", job.toString(), "--device", "nvme", "--scheduler",
                    "noop", "--progress").redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
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
