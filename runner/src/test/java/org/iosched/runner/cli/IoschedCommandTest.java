package org.iosched.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The top command: options given before the subcommand, the version, the help summaries. */
class IoschedCommandTest {
    @TempDir
    Path dir;

    @Test
    void pluginsVerboseAndDebugBeforeTheCommandReachTheCommand() throws Exception {
        Path plugins = Files.createDirectories(dir.resolve("plugins"));
        CommandLine cli = new CommandLine(new IoschedCommand());
        CommandLine.ParseResult parsed = cli.parseArgs("--plugins", plugins.toString(), "--debug", "list");
        ListCommand list = (ListCommand) parsed.subcommand().commandSpec().userObject();
        assertThat(list.global.pluginsDirectory()).isEqualTo(plugins);
        assertThat(list.global.debug()).isTrue();
        assertThat(list.global.verbose()).isFalse();
    }

    @Test
    void theCommandsOwnPluginsDirectoryWinsOverTheOneBeforeIt() throws Exception {
        Path before = Files.createDirectories(dir.resolve("before"));
        Path after = Files.createDirectories(dir.resolve("after"));
        CommandLine cli = new CommandLine(new IoschedCommand());
        CommandLine.ParseResult parsed = cli.parseArgs("--plugins", before.toString(), "--verbose", "list",
                "--plugins", after.toString());
        ListCommand list = (ListCommand) parsed.subcommand().commandSpec().userObject();
        assertThat(list.global.pluginsDirectory()).isEqualTo(after);
        assertThat(list.global.verbose()).isTrue();
    }

    @Test
    void aPluginsDirectoryThatDoesNotExistIsOneLineAndExitTwoBeforeOrAfterTheCommand() {
        String missing = dir.resolve("nonexistent").toString();
        for (String[] args : new String[][] {{"--plugins", missing, "list"}, {"list", "--plugins", missing},
                {"--plugins", missing}}) {
            Outcome outcome = run(args);
            assertThat(outcome.code).as(String.join(" ", args)).isEqualTo(ExitCodes.USER_ERROR);
            assertThat(outcome.err.strip().lines()).hasSize(1);
            assertThat(outcome.err).startsWith("iosched: --plugins: not a directory: " + missing);
            assertThat(outcome.out).isEmpty();
        }
    }

    @Test
    void versionIsTheProjectVersion() {
        Outcome outcome = run("-V");
        assertThat(outcome.code).isEqualTo(ExitCodes.OK);
        assertThat(outcome.out.strip()).matches("iosched \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?");
    }

    @Test
    void helpSummariesOfTheCommandsAreWholeSentences() {
        // 'iosched --help' lists each command with the first line of its description
        CommandLine cli = new CommandLine(new IoschedCommand());
        for (CommandLine command : cli.getSubcommands().values()) {
            if (command.getCommandName().equals("help")) {
                continue; // picocli's own
            }
            String[] description = command.getCommandSpec().usageMessage().description();
            assertThat(description[0]).as(command.getCommandName()).endsWith(".");
        }
        assertThat(run("--help").out.replaceAll("\\s+", " "))
                .contains("once per scheduler, and print fio's output.")
                .contains("reported as one table beside the seed thread's numbers.");
    }

    @Test
    void helpDescribesBothKernelsAndTheirSchedulers() {
        String help = run("--help").out.replaceAll("\\s+", " ");
        assertThat(help).contains("Linux 3.0 elevators: CFQ, deadline, noop",
                "Linux 6.6 blk-mq: none, mq-deadline, Kyber, BFQ", "cgroups: blk-throttle, dm-ioband (3.0); io.max, io.latency, io.cost (6.6)");
    }

    private record Outcome(int code, String out, String err) {
    }

    private static Outcome run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = IoschedCommand.execute(args, new PrintWriter(out), new PrintWriter(err));
        return new Outcome(code, out.toString(), err.toString());
    }
}
