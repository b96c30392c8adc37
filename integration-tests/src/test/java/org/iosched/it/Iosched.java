package org.iosched.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/** Runs the packaged {@code iosched.jar} as a separate process, as a user would. */
final class Iosched {
    static final Path JAR = Paths.get(System.getProperty("iosched.jar", "../runner/target/iosched.jar")).toAbsolutePath();
    static final Path ROOT = Paths.get(System.getProperty("iosched.root", "..")).toAbsolutePath().normalize();

    /**
     * Minutes after which a run counts as hung. Tests are bounded by simulated work; this only stops a run that
     * would never end, far above what any honest run takes on a busy machine.
     */
    static final int HANG_GUARD_MINUTES = 20;

    /** A job of 10 h of virtual time (random reads at iodepth 32), for tests that stop a run that is running. */
    static final String TEN_HOURS = """
            [long]
            filename=/dev/sda
            rw=randread
            bs=4k
            direct=1
            ioengine=libaio
            iodepth=32
            runtime=36000
            time_based
            """;

    /** The outcome of one invocation. */
    record Outcome(int exitCode, String stdout, String stderr) {
    }

    private Iosched() {
    }

    static Outcome run(Path workingDirectory, String... args) throws IOException, InterruptedException {
        return run(workingDirectory, List.of(), args);
    }

    /** As {@link #run(Path, String...)}, with options for the JVM (e.g. {@code -XX:TieredStopAtLevel=1}). */
    static Outcome run(Path workingDirectory, List<String> jvmOptions, String... args)
            throws IOException, InterruptedException {
        return run(workingDirectory, jvmOptions, environment -> { }, args);
    }

    /** As {@link #run(Path, List, String...)}, with the process's environment edited by {@code environment}. */
    static Outcome run(Path workingDirectory, List<String> jvmOptions, Consumer<Map<String, String>> environment,
                       String... args) throws IOException, InterruptedException {
        List<String> command = command(jvmOptions, args);
        Path out = Files.createTempFile("iosched-out", ".txt");
        Path err = Files.createTempFile("iosched-err", ".txt");
        try {
            ProcessBuilder builder = new ProcessBuilder(command).directory(workingDirectory.toFile())
                    .redirectOutput(out.toFile()).redirectError(err.toFile());
            environment.accept(builder.environment());
            Process process = builder.start();
            process.getOutputStream().close();
            // a hang guard, not a speed limit
            if (!process.waitFor(HANG_GUARD_MINUTES, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new AssertionError("iosched did not finish within the " + HANG_GUARD_MINUTES
                        + "-minute hang guard: " + command);
            }
            return new Outcome(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    /** The command line of the packaged jar run by this JVM's {@code java}: {@code java OPTIONS -jar JAR ARGS}. */
    static List<String> command(List<String> jvmOptions, String... args) {
        assertThat(JAR).as("packaged jar (mvn package builds it)").exists();
        List<String> command = new ArrayList<>();
        command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-jar");
        command.add(JAR.toString());
        command.addAll(List.of(args));
        return command;
    }
}
