package org.iosched.runner.launch;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The decision: whether {@code java -jar iosched.jar} re-runs itself in a JVM tuned for simulation, and with
 * which options. A plain {@code java -jar} cannot carry JVM options, and the JVM's defaults cost more than the
 * simulation does on short runs and on the seed scenarios' many rows: the optimizing compiler recompiles hot
 * methods as rows take new branches, and G1's write barriers tax every reference store. The tuned JVM
 * ({@link #TUNING}) is:
 * <ul>
 *   <li>the serial collector: a run's live data is small and bounded by what is in flight;</li>
 *   <li>the optimizing (C2) tier delayed: methods run in C1's code until they are 10 times hotter than the
 *       default asks, so that a short run does not pay for C2 compilations it never profits from, while a long
 *       one still gets C2's code; for a {@code scenario}, C2 without uncommon traps ({@link #SCENARIO_TUNING});</li>
 *   <li>a class-data-sharing archive of the jar's classes ({@link ClassArchive}), made by the first run that ends
 *       well and kept in the user's cache ({@code $XDG_CACHE_HOME/iosched} or {@code ~/.cache/iosched}), one per
 *       jar and JDK.</li>
 * </ul>
 * None of it changes a result: output is byte for byte that of the plain JVM.
 *
 * <p>It re-runs only where it can do so faithfully, and otherwise runs the command in this JVM as given: when
 * the JVM was started with options of the user's own ({@code java -Xmx8g -jar ...}, {@code JDK_JAVA_OPTIONS},
 * {@code JAVA_TOOL_OPTIONS}: the user chose the JVM), when {@code IOSCHED_JVM=direct} is set, outside a jar
 * (tests, IDEs), on a JVM other than HotSpot, and where {@code setsid} is missing (not Linux). The second JVM
 * ({@link ChildJvm}) runs in a session of its own, with this one's standard streams: SIGINT, SIGTERM and SIGHUP
 * reach it once, forwarded by this launcher (Ctrl-C in a terminal signals the launcher only), and its exit code
 * is the launcher's. Should the launcher die without forwarding (SIGKILL), the second JVM sees it and halts
 * ({@link ChildJvm#watchLauncher}).
 */
public final class Launcher {
    /** Set to {@code direct} to run in the JVM {@code java} started, with its defaults. */
    static final String ENVIRONMENT_SWITCH = "IOSCHED_JVM";
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
    private static final String[] SETSID = {"/usr/bin/setsid", "/bin/setsid"};

    private Launcher() {
    }

    /**
     * Run {@code args} in a tuned JVM if this one may be replaced.
     *
     * @return the second JVM's exit code, or empty when the command is to run in this JVM
     */
    public static OptionalInt relaunch(String[] args) {
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
        OptionalInt code = ChildJvm.run(command);
        if (code.isEmpty()) {
            archive.ifPresent(ClassArchive::discard);
            return code;
        }
        if (archive.isPresent()) {
            archive.get().settle(code.getAsInt() == 0);
        }
        return code;
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
        command.add("-D" + ChildJvm.LAUNCHER_PROPERTY + "=" + launcherPid);
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
}
