package org.iosched.runner.cli;

import com.google.inject.Guice;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.iosched.api.WorkloadSource;
import org.iosched.runner.RunPlan;
import org.iosched.runner.RunService;
import org.iosched.runner.SetOptions;
import org.iosched.runner.plugin.PluginModule;
import org.iosched.runner.report.ComparisonTable;
import org.iosched.simulator.SimulationResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The built-in demonstration: a small mixed workload (a sequential reader, a random reader and a queue-deep
 * random writer) on the {@code hdd} preset, under every discovered scheduler, compared in one table.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Run the built-in demonstration (also what 'iosched' alone does).")
public final class DemoCommand implements Callable<Integer> {
    static final String DEVICE = "hdd";
    static final long SEED = 1;

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
        String job = resource("/demo.fio");
        List<String> schedulers = new ArrayList<>(service.schedulers().keySet());
        schedulers.sort(null);
        RunPlan plan = service.plan("fio", new WorkloadSource("demo.fio", job, null, Map.of()), DEVICE, schedulers,
                SetOptions.parse(List.of(), service.settingOwners()), SEED, null, null);
        List<SimulationResult> results = service.run(plan);
        out.println("iosched demonstration: a sequential reader (64 KiB, psync), a random reader (4 KiB, psync)");
        out.println("and a random writer (4 KiB, libaio, iodepth 16) share a 7200 rpm disk (" + DEVICE + ") for 5 s,");
        out.println("under every discovered scheduler (seed " + SEED + "). Bandwidth in KiB/s, latencies in usec.");
        out.println();
        out.print(ResultWriter.comparison(results).renderTransposed(ComparisonTable.Format.TEXT));
        out.println();
        out.println("Run your own: java -jar iosched.jar run JOB.fio --scheduler cfq,deadline --device hdd-7200");
        out.flush();
        return ExitCodes.OK;
    }

    private static String resource(String name) {
        try (InputStream in = DemoCommand.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
