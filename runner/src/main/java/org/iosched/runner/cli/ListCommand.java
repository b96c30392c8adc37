package org.iosched.runner.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.iosched.api.TunableDescriptor;
import org.iosched.runner.plugin.DiscoveredPlugin;
import org.iosched.runner.plugin.PluginKind;
import org.iosched.simulator.Simulation;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code iosched list}: every discovered scheduler, device and workload with its tunables. */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = "List every discovered scheduler, device and workload with its tunables, defaults and units,"
                + " and the kernel settings.")
public final class ListCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    GlobalOptions global;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        List<DiscoveredPlugin> plugins = global.discover();
        for (PluginKind kind : PluginKind.values()) {
            if (kind == PluginKind.MQ_SCHEDULER || kind == PluginKind.RQ_QOS) {
                // listed with the 3.0 schedulers (the bio controllers), each saying its kernel
                continue;
            }
            out.println(switch (kind) {
                case SCHEDULER, MQ_SCHEDULER -> "Schedulers (--scheduler NAME, tunables --set NAME.TUNABLE=VALUE; each"
                        + " runs on the kernel it names, kernel.version follows):";
                case DEVICE -> "Devices (--device NAME, parameters --set device.PARAMETER=VALUE):";
                case WORKLOAD -> "Workloads (--workload NAME, tunables --set NAME.TUNABLE=VALUE):";
                case BIO_CONTROLLER, RQ_QOS -> "Bio controllers and rq-qos policies (on when any --set NAME.KEY=VALUE"
                        + " is given; <cgroup> is a path without its leading '/'; each runs on the kernel it names):";
            });
            for (DiscoveredPlugin plugin : plugins) {
                if (plugin.kind().nameSpace() != kind) {
                    continue;
                }
                String origin = plugin.origin().equals("classpath") ? "" : "  [" + plugin.origin() + "]";
                String kernel = kind == PluginKind.SCHEDULER
                        ? plugin.kind() == PluginKind.MQ_SCHEDULER ? " [kernel 6.6]" : " [kernel 3.0]"
                        : kind != PluginKind.BIO_CONTROLLER ? ""
                        : plugin.kind() == PluginKind.RQ_QOS ? " [kernel 6.6, rq-qos]"
                        : " [kernel " + String.join(", ",
                                ((org.iosched.api.BioControllerProvider) plugin.provider()).kernelVersions()) + "]";
                out.println("  " + plugin.name() + " - " + plugin.provider().description() + kernel + origin);
                printTunables(out, plugin.provider().tunables(), "      ");
            }
            out.println();
        }
        out.println("Kernel settings (--set KEY=VALUE):");
        printTunables(out, Simulation.kernelTunables(), "      ", Simulation.linux66Defaults());
        out.flush();
        return ExitCodes.OK;
    }

    static void printTunables(PrintWriter out, List<TunableDescriptor> tunables, String indent) {
        printTunables(out, tunables, indent, java.util.Map.of());
    }

    // linux66: the settings whose default differs on kernel.version=6.6, shown after the accepted values
    static void printTunables(PrintWriter out, List<TunableDescriptor> tunables, String indent,
                              java.util.Map<String, String> linux66) {
        int width = 0;
        for (TunableDescriptor t : tunables) {
            width = Math.max(width, t.name().length() + t.defaultValue().length() + 1);
        }
        for (TunableDescriptor t : tunables) {
            String assignment = t.name() + "=" + t.defaultValue();
            StringBuilder line = new StringBuilder(indent).append(assignment);
            line.append(" ".repeat(Math.max(1, width - assignment.length() + 2)));
            line.append(t.description()).append(" (").append(t.accepted()).append(')');
            String modern = linux66.get(t.name());
            if (modern != null) {
                line.append(" [kernel.version=6.6: ").append(modern).append(']');
            }
            out.println(line);
        }
    }
}
