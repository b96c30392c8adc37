package org.iosched.runner;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;
import org.iosched.runner.cli.ExitCodes;

/**
 * {@code java -jar iosched.jar} re-runs itself in a JVM tuned for simulation (issue 19). A plain {@code java -jar}
 * cannot carry JVM options, and the JVM's defaults cost more than the simulation does on short runs and on the
 * seed scenarios' many rows: the optimizing compiler recompiles hot methods as rows take new branches, and G1's
 * write barriers tax every reference store. The tuned JVM ({@link #TUNING}) is:
 * <ul>
 *   <li>the serial collector: a run's live data is small and bounded by what is in flight;</li>
 *   <li>the optimizing (C2) tier delayed: methods run in C1's code until they are 10 times hotter than the
 *       default asks, so that a short run does not pay for C2 compilations it never profits from, while a long
 *       one still gets C2's code; for a {@code scenario}, C2 without uncommon traps ({@link #SCENARIO_TUNING});</li>
 *   <li>a class-data-sharing archive of the jar's classes, made by the first run that ends well and kept in the
 *       user's cache ({@code $XDG_CACHE_HOME/iosched} or {@code ~/.cache/iosched}), one per jar and JDK.</li>
 * </ul>
 * None of it changes a result: output is byte for byte that of the plain JVM.
 *
 * <p>It re-runs only where it can do so faithfully, and otherwise runs the command in this JVM as given: when
 * the JVM was started with options of the user's own ({@code java -Xmx8g -jar ...}, {@code JDK_JAVA_OPTIONS},
 * {@code JAVA_TOOL_OPTIONS}: the user chose the JVM), when {@code IOSCHED_JVM=direct} is set, outside a jar
 * (tests, IDEs), on a JVM other than HotSpot, and where {@code setsid} is missing (not Linux). The second JVM
 * runs in a session of its own, with this one's standard streams: SIGINT, SIGTERM and SIGHUP reach it once,
 * forwarded by this launcher (Ctrl-C in a terminal signals the launcher only), and its exit code is the
 * launcher's. Should the launcher die without forwarding (SIGKILL), the second JVM sees it and halts
 * ({@link #watchLauncher}).
 */
public final class Launcher {
    /** Set to {@code direct} to run in the JVM {@code java} started, with its defaults. */
    static final String ENVIRONMENT_SWITCH = "IOSCHED_JVM";
    /** The system property that tells the second JVM its launcher's pid. */
    static final String LAUNCHER_PROPERTY = "iosched.launcher";
    /** Environment variables through which a user gives the JVM options: any of them set means a chosen JVM. */
    private static final List<String> JVM_OPTION_VARIABLES = List.of("JDK_JAVA_OPTIONS", "JAVA_TOOL_OPTIONS",
            "_JAVA_OPTIONS");
    /**
     * The tuned JVM's options. The tier-4 thresholds are 10 times HotSpot 17's defaults (5000, 600, 15000,
     * 40000); measured on the seed scenarios, the 1 s job and 100 s randread runs in BENCHMARKS.md.
     */
    static final List<String> TUNING = List.of("-XX:+UseSerialGC", "-XX:Tier4InvocationThreshold=50000",
            "-XX:Tier4MinInvocationThreshold=6000", "-XX:Tier4CompileThreshold=150000",
            "-XX:Tier4BackEdgeThreshold=400000",
            "-Xshare:auto",
            // the JVM's own warnings go to stderr, not into the report on stdout (HotSpot's default is stdout)
            "-Xlog:disable", "-Xlog:all=warning:stderr",
            // and a missing, stale or foreign archive is not worth a line: the run goes on without it
            "-Xlog:cds*=off:stderr");
    /**
     * Added for {@code scenario}: no uncommon traps in C2's code, so that rows with other settings, taking branches
     * the first rows never took, do not set off deoptimization and recompilation again and again. It cost single
     * runs up to 15 % and saved the seed scenarios 6-10 % of CPU (seed 003 a third; BENCHMARKS.md).
     */
    static final List<String> SCENARIO_TUNING = List.of("-XX:PerMethodTrapLimit=0");
    private static final List<String> FORWARDED = List.of("INT", "TERM", "HUP");
    private static final String[] SETSID = {"/usr/bin/setsid", "/bin/setsid"};

    private Launcher() {
    }

    /**
     * Run {@code args} in a tuned JVM if this one may be replaced.
     *
     * @return the second JVM's exit code, or empty when the command is to run in this JVM
     */
    static OptionalInt relaunch(String[] args) {
        // the cheap verdicts first: every second JVM (it has options) and every JVM with options stops here
        if (!hotSpot(System.getProperty("java.vm.name", "")) || !plainJvm(System.getenv())) {
            return OptionalInt.empty();
        }
        Optional<Path> jar = ownJar().filter(path -> path.toString().endsWith(".jar"));
        Optional<String> setsid = setsid();
        Optional<String> java = javaExecutable();
        if (jar.isEmpty() || setsid.isEmpty() || java.isEmpty()) {
            return OptionalInt.empty();
        }
        Optional<ClassArchive> archive = ClassArchive.of(jar.get());
        List<String> command = childCommand(setsid.get(), java.get(), archive.map(ClassArchive::option),
                ProcessHandle.current().pid(), jar.get(), args);
        // the handlers come first: a signal that arrives while the child starts is forwarded once it runs
        Forwarder forwarder = new Forwarder();
        forwarder.install();
        Process child;
        try {
            child = new ProcessBuilder(command).inheritIO().start();
        } catch (IOException | RuntimeException e) {
            archive.ifPresent(ClassArchive::discard);
            forwarder.uninstall();
            return OptionalInt.empty();
        }
        forwarder.started(child);
        int code = waitFor(child);
        if (archive.isPresent()) {
            archive.get().settle(code == 0);
        }
        return OptionalInt.of(code);
    }

    /** The second JVM's command line, {@code setsid} first. */
    static List<String> childCommand(String setsid, String java, Optional<String> archiveOption, long launcherPid,
                                     Path jar, String[] args) {
        List<String> command = new ArrayList<>();
        command.add(setsid);
        command.add(java);
        command.addAll(TUNING);
        // a file or value named "scenario" elsewhere on the line only changes how the JIT compiles
        if (List.of(args).contains("scenario")) {
            command.addAll(SCENARIO_TUNING);
        }
        archiveOption.ifPresent(command::add);
        command.add("-D" + LAUNCHER_PROPERTY + "=" + launcherPid);
        command.add("-jar");
        command.add(jar.toString());
        command.addAll(List.of(args));
        return command;
    }

    /**
     * Whether the JVM runs as a bare {@code java -jar FILE ...}: no JVM option on its command line or in the
     * environment, and no {@code IOSCHED_JVM=direct}.
     */
    static boolean plainJvm(Map<String, String> environment) {
        if ("direct".equalsIgnoreCase(environment.getOrDefault(ENVIRONMENT_SWITCH, "").trim())) {
            return false;
        }
        for (String variable : JVM_OPTION_VARIABLES) {
            String value = environment.get(variable);
            if (value != null && !value.isBlank()) {
                return false;
            }
        }
        Optional<String[]> arguments = ProcessHandle.current().info().arguments();
        return arguments.isPresent() && startsWithJar(arguments.get());
    }

    /** Whether the JVM is HotSpot, whose options {@link #TUNING} are (OpenJ9, say, has others). */
    static boolean hotSpot(String vmName) {
        return vmName.contains("HotSpot") || vmName.startsWith("OpenJDK");
    }

    /** Whether a JVM's arguments (after the executable) begin with {@code -jar}: no option before it. */
    static boolean startsWithJar(String[] arguments) {
        return arguments.length >= 2 && "-jar".equals(arguments[0]);
    }

    /**
     * In the second JVM: halt when the launcher is gone without having forwarded a signal (killed with SIGKILL),
     * rather than run on with no one to read the result. Nothing when this JVM has no launcher.
     */
    static void watchLauncher() {
        String pid = System.getProperty(LAUNCHER_PROPERTY);
        if (pid == null) {
            return;
        }
        Optional<ProcessHandle> launcher;
        try {
            launcher = ProcessHandle.of(Long.parseLong(pid));
        } catch (NumberFormatException e) {
            return;
        }
        if (launcher.isEmpty()) {
            Runtime.getRuntime().halt(ExitCodes.INTERRUPTED);
        }
        launcher.get().onExit().thenRun(() -> Runtime.getRuntime().halt(ExitCodes.INTERRUPTED));
    }

    /** Forwards SIGINT, SIGTERM and SIGHUP to the child; those that come before it runs, once it does. */
    private static final class Forwarder {
        private final List<String> early = new ArrayList<>();
        private SignalHandlers handlers;
        private Process child;

        void install() {
            handlers = SignalHandlers.install(FORWARDED, signal -> forward(signal.getName()));
        }

        /** Puts the handlers back, for a command that runs in this JVM after all. */
        void uninstall() {
            handlers.close();
        }

        void started(Process process) {
            List<String> pending;
            synchronized (this) {
                child = process;
                pending = List.copyOf(early);
                early.clear();
            }
            pending.forEach(name -> send(name, process));
        }

        private void forward(String name) {
            Process process;
            synchronized (this) {
                process = child;
                if (process == null) {
                    early.add(name);
                    return;
                }
            }
            send(name, process);
        }
    }

    /** Sends signal {@code name} to the child with kill(1): the Process API sends TERM and KILL only. */
    private static void send(String name, Process child) {
        if (!child.isAlive()) {
            return;
        }
        try {
            new ProcessBuilder("kill", "-s", name, Long.toString(child.pid()))
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectErrorStream(true).start().waitFor();
        } catch (IOException e) {
            if ("TERM".equals(name)) {
                child.destroy();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static int waitFor(Process child) {
        while (true) {
            try {
                return child.waitFor();
            } catch (InterruptedException e) {
                // only a signal's forwarding ends the child; keep waiting
            }
        }
    }

    /** The jar file the runner was loaded from, or empty when it runs from classes (tests, an IDE). */
    public static Optional<Path> ownJar() {
        try {
            CodeSource source = Launcher.class.getProtectionDomain().getCodeSource();
            if (source == null) {
                return Optional.empty();
            }
            Path path = Path.of(source.getLocation().toURI()).toAbsolutePath();
            return Files.isRegularFile(path) ? Optional.of(path) : Optional.empty();
        } catch (URISyntaxException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static Optional<String> setsid() {
        for (String path : SETSID) {
            if (Files.isExecutable(Path.of(path))) {
                return Optional.of(path);
            }
        }
        return Optional.empty();
    }

    /** The {@code java} of this JVM. */
    private static Optional<String> javaExecutable() {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        return Files.isExecutable(java) ? Optional.of(java.toString()) : Optional.empty();
    }

    /**
     * The class-data-sharing archive of one jar on one JDK: used when present, otherwise written by this run
     * into a file of its own and kept if the run ends well (an archive of a failed run may lack most classes).
     */
    static final class ClassArchive {
        /**
         * Archives the cache keeps, the most recently used: one per jar path and JDK would otherwise pile up (about
         * 12 MB each) with every clone or copy of the jar that ever ran.
         */
        static final int KEPT = 8;
        private final Path file;
        private final Path pending;

        private ClassArchive(Path file, Path pending) {
            this.file = file;
            this.pending = pending;
        }

        /** The archive for {@code jar} in the user's cache, or empty when there is no cache to use. */
        static Optional<ClassArchive> of(Path jar) {
            return cacheDirectory(System.getenv()).flatMap(directory -> in(directory, jar));
        }

        /** The archive for {@code jar} in {@code directory} (made if missing), or empty when it cannot be made. */
        static Optional<ClassArchive> in(Path directory, Path jar) {
            try {
                Files.createDirectories(directory);
                Path file = fileIn(directory, jar);
                if (Files.isReadable(file)) {
                    markUsed(file);
                    return Optional.of(new ClassArchive(file, null));
                }
                if (!Files.isWritable(directory)) {
                    return Optional.empty();
                }
                Path pending = directory.resolve(file.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
                return Optional.of(new ClassArchive(file, pending));
            } catch (IOException | RuntimeException e) {
                return Optional.empty();
            }
        }

        /** Where the archive of {@code jar} on this JDK lives in {@code directory}. */
        static Path fileIn(Path directory, Path jar) throws IOException {
            return directory.resolve(name(jar, Files.size(jar), Files.getLastModifiedTime(jar).toMillis(),
                    System.getProperty("java.vm.version", "") + System.getProperty("java.home", "")));
        }

        /** An archive's time of modification is its last use, which decides the {@link #KEPT} ones. */
        private static void markUsed(Path archive) {
            try {
                Files.setLastModifiedTime(archive, FileTime.fromMillis(System.currentTimeMillis()));
            } catch (IOException | RuntimeException e) {
                // a read-only cache: the archive is used all the same, and may go first when space is made
            }
        }

        /** {@code $XDG_CACHE_HOME/iosched}, else {@code ~/.cache/iosched}. */
        static Optional<Path> cacheDirectory(Map<String, String> environment) {
            String xdg = environment.get("XDG_CACHE_HOME");
            if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) {
                return Optional.of(Path.of(xdg, "iosched"));
            }
            String home = System.getProperty("user.home");
            if (home == null || home.isBlank() || "?".equals(home)) {
                return Optional.empty();
            }
            return Optional.of(Path.of(home, ".cache", "iosched"));
        }

        /** A file name that changes with the jar's path, size and time and with the JDK. */
        static String name(Path jar, long size, long modified, String jdk) {
            CRC32 place = new CRC32();
            place.update(jar.toString().getBytes(StandardCharsets.UTF_8));
            CRC32 state = new CRC32();
            state.update((size + "/" + modified + "/" + jdk).getBytes(StandardCharsets.UTF_8));
            // no String.format: the launcher loads as few classes as it can
            return "iosched-" + hex8(place.getValue()) + "-" + hex8(state.getValue()) + ".jsa";
        }

        private static String hex8(long value) {
            String hex = Long.toHexString(value);
            return "00000000".substring(hex.length()) + hex;
        }

        /** The JVM option that uses or writes the archive. */
        String option() {
            return pending == null ? "-XX:SharedArchiveFile=" + file : "-XX:ArchiveClassesAtExit=" + pending;
        }

        /** After the run: keep a written archive if the run ended well, and drop older ones of the same jar. */
        void settle(boolean keep) {
            if (pending == null) {
                return;
            }
            try {
                if (keep && Files.size(pending) > 0) {
                    Files.move(pending, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                    markUsed(file);
                    tidy();
                }
            } catch (IOException | RuntimeException e) {
                // another run may have kept its archive first, or the cache is read-only now: no archive this time
            } finally {
                discard();
            }
        }

        /** Delete what this run wrote, if anything is left of it. */
        void discard() {
            if (pending != null) {
                delete(pending.toFile());
            }
        }

        /**
         * Makes room in the cache once this archive is kept: drops the archives of earlier builds of the same jar
         * (same path, other size, time or JDK) and what runs of any jar left pending over an hour ago (ended by
         * SIGKILL while writing), then all but the {@link #KEPT} archives used last.
         */
        private void tidy() {
            String name = file.getFileName().toString();
            String prefix = name.substring(0, name.indexOf('-', "iosched-".length()) + 1);
            File[] files = file.getParent().toFile().listFiles((dir, other) -> other.startsWith("iosched-"));
            if (files == null) {
                return;
            }
            List<File> archives = new ArrayList<>(files.length);
            for (File other : files) {
                String otherName = other.getName();
                if (!isOld(other)) {
                    continue; // a run's archive being written
                } else if (otherName.endsWith(".tmp") || (otherName.startsWith(prefix) && !otherName.equals(name))) {
                    delete(other);
                } else if (otherName.endsWith(".jsa")) {
                    archives.add(other);
                }
            }
            archives.sort(Comparator.comparingLong(File::lastModified).reversed());
            for (int i = KEPT; i < archives.size(); i++) {
                delete(archives.get(i));
            }
        }

        private static void delete(File file) {
            try {
                Files.deleteIfExists(file.toPath());
            } catch (IOException e) {
                // in use elsewhere or not ours to delete: left for the next run's clean-up
            }
        }

        /** A pending file may belong to a run still going: only those an hour old go. Archives go at once. */
        private static boolean isOld(File other) {
            return !other.getName().endsWith(".tmp")
                    || System.currentTimeMillis() - other.lastModified() > TimeUnit.HOURS.toMillis(1);
        }
    }
}
