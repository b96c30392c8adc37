package org.iosched.runner.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.iosched.api.InvalidInputException;
import org.iosched.simulator.engine.PluginFailureException;
import org.iosched.workload.text.InputText;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code iosched}: with no command, runs the built-in demonstration; otherwise {@code run}, {@code list},
 * {@code demo}, {@code scenario}. Errors are one line on stderr: user errors exit 2, plugin failures 3, bugs 1 (with a stack
 * trace only under {@code --debug}).
 */
@Command(name = "iosched", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Simulate the Linux block layer and its I/O schedulers on modelled disks, SSDs and NVMe"
                + " drives under fio workloads, for two kernels side by side:",
                "- Linux 3.0 elevators: CFQ, deadline, noop",
                "- Linux 6.6 blk-mq: none, mq-deadline, Kyber, BFQ",
                "- cgroups: blk-throttle, dm-ioband (3.0); io.max, io.latency, io.cost (6.6)",
                "Schedulers, devices, workloads and controllers of your own load as plugins.", "",
                "Without a command, runs the built-in demonstration."},
        subcommands = {RunCommand.class, ListCommand.class, DemoCommand.class, ScenarioCommand.class,
                CommandLine.HelpCommand.class})
public final class IoschedCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    GlobalOptions global;

    @Override
    public Integer call() {
        return new DemoCommand().runDemo(global, spec.commandLine().getOut());
    }

    /**
     * Parse and run a command line.
     *
     * @return the exit code
     */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(new IoschedCommand());
        cli.setOut(out);
        cli.setErr(err);
        cli.setParameterExceptionHandler((e, a) -> {
            err.println("iosched: " + InputText.oneLine(InputText.cutLongWords(e.getMessage())) + " (see '" + e.getCommandLine().getCommandName()
                    + " --help')");
            return ExitCodes.USER_ERROR;
        });
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> handle(e, err, debug(parseResult)));
        return cli.execute(args);
    }

    private static boolean debug(CommandLine.ParseResult parseResult) {
        CommandLine.ParseResult p = parseResult;
        while (p != null) {
            if (p.hasMatchedOption("--debug")) {
                return true;
            }
            p = p.hasSubcommand() ? p.subcommand() : null;
        }
        return false;
    }

    static int handle(Exception e, PrintWriter err, boolean debug) {
        if (e instanceof InvalidInputException) {
            err.println("iosched: " + InputText.oneLine(InputText.cutLongWords(e.getMessage())));
            return ExitCodes.USER_ERROR;
        }
        if (e instanceof PluginFailureException) {
            err.println("iosched: " + InputText.oneLine(e.getMessage()));
            if (debug) {
                e.printStackTrace(err);
            }
            return ExitCodes.PLUGIN_FAILURE;
        }
        err.println("iosched: internal error: " + InputText.oneLine(e.toString()) + (debug ? "" : " (run with --debug for the stack trace)"));
        if (debug) {
            e.printStackTrace(err);
        }
        return ExitCodes.INTERNAL_ERROR;
    }
}
