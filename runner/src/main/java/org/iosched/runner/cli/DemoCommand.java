package org.iosched.runner.cli;

import com.google.inject.Guice;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.iosched.runner.launch.Launcher;
import org.iosched.runner.RunService;
import org.iosched.runner.plugin.PluginModule;
import org.iosched.runner.scenario.Scenario;
import org.iosched.runner.scenario.ScenarioFormat;
import org.iosched.runner.scenario.ScenarioParser;
import org.iosched.runner.scenario.ScenarioPlan;
import org.iosched.runner.scenario.ScenarioPlanner;
import org.iosched.runner.scenario.ScenarioReport;
import org.iosched.runner.scenario.ScenarioResult;
import org.iosched.runner.scenario.ScenarioRunner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The built-in demonstration: seed thread 000 (Khlebnikov, 2011), a write+fsync job in a blkio cgroup with the
 * ext4 journal thread in the root group, under CFQ as released in 3.0, CFQ with the thread's patch, deadline
 * and CFQ without the cgroup, with barriers off and on, beside the thread's own numbers. The scenario file is
 * packaged in the jar; {@code scenarios/seeds/000-write-fsync-cgroup.yaml} in the source tree is the same file.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Run the built-in demonstration (also what 'iosched' alone does): seed scenario 000.")
public final class DemoCommand implements Callable<Integer> {
    static final String SCENARIO = "scenarios/seeds/000-write-fsync-cgroup.yaml";
    private static final String BUILT_JAR = "runner/target/iosched.jar";

    @Spec
    CommandSpec spec;

    @Mixin
    GlobalOptions global;

    @Override
    public Integer call() {
        return runDemo(global, spec.commandLine().getOut());
    }

    int runDemo(GlobalOptions options, PrintWriter out) {
        RunService service = Guice.createInjector(new PluginModule(options.discover())).getInstance(RunService.class);
        Scenario scenario = ScenarioParser.parse(SCENARIO, resource("/" + SCENARIO), null);
        ScenarioPlan plan = new ScenarioPlanner(service).plan(scenario, List.of(), List.of());
        ScenarioResult result = new ScenarioRunner(service).run(plan, Runtime.getRuntime().availableProcessors());
        out.println("iosched demonstration: seed thread 000 reproduced (" + SCENARIO + ").");
        out.println("A fio job writes 4 KiB and fsyncs after each write, in a blkio cgroup; the ext4 journal thread");
        out.println("(jbd2) that commits each fsync runs in the root cgroup. CFQ 3.0 idles between the two groups on");
        out.println("every fsync; the thread's patch lets the journal preempt. 'thread' columns: the thread's numbers.");
        out.println();
        out.print(ScenarioReport.render(result, ScenarioFormat.TEXT));
        out.println();
        String iosched = "java -jar " + jarPath();
        out.println("More: " + iosched + " scenario scenarios/seeds/<file>.yaml; "
                + iosched + " run JOB.fio --scheduler cfq,deadline");
        out.flush();
        return ExitCodes.OK;
    }

    /**
     * The jar this runs from, relative to the working directory when it lies below it, so that the closing
     * hint can be pasted; {@code runner/target/iosched.jar} (where the build puts it) when run from classes.
     */
    static String jarPath() {
        return Launcher.ownJar().map(location -> {
            Path here = Path.of("").toAbsolutePath();
            return location.startsWith(here) ? here.relativize(location).toString() : location.toString();
        }).orElse(BUILT_JAR);
    }

    private static String resource(String name) {
        try (InputStream in = DemoCommand.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name + " (the runner jar packages scenarios/seeds)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
