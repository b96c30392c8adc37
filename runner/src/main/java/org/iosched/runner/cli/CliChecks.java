package org.iosched.runner.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import org.iosched.api.InvalidInputException;
import org.iosched.workload.text.InputText;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Checks of command-line values that picocli cannot make: empty names in comma lists (picocli drops a
 * trailing empty part, so {@code --scheduler ,} would run nothing), and files to write that are directories
 * or in directories that do not exist (said before the run, not as an I/O failure after it).
 */
final class CliChecks {
    private CliChecks() {
    }

    /**
     * Refuse an empty part in every value given to {@code option} ({@code ,}, {@code cfq,}, {@code a,,b}).
     *
     * @param accepted what the list holds, for the message ("scheduler names, e.g. cfq,deadline")
     */
    static void noEmptyNames(CommandSpec spec, String option, String accepted) {
        OptionSpec matched = spec.commandLine().getParseResult().matchedOption(option);
        if (matched == null) {
            return;
        }
        for (String raw : matched.originalStringValues()) {
            for (String part : raw.split(",", -1)) {
                if (part.isBlank()) {
                    throw new InvalidInputException(option, 0, "an empty name in '" + InputText.echo(raw)
                            + "'; accepted: comma-separated " + accepted);
                }
            }
        }
    }

    /** Refuse a file to write that is empty, a directory, or in a directory that does not exist. */
    static void writableFile(String option, Path file) {
        if (file == null) {
            return;
        }
        String name = file.toString();
        if (name.isEmpty()) {
            throw new InvalidInputException(option, 0, "an empty file name; accepted: a file path");
        }
        if (Files.isDirectory(file)) {
            throw new InvalidInputException(option, 0, InputText.echo(name)
                    + " is a directory; accepted: a file path (the file is created or replaced)");
        }
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            throw new InvalidInputException(option, 0, "the directory of " + InputText.echo(name)
                    + " does not exist; accepted: a file in an existing directory");
        }
    }

    /** Refuse a directory to write into that exists as something else, or is empty. */
    static void writableDirectory(String option, Path directory) {
        if (directory == null) {
            return;
        }
        if (directory.toString().isEmpty()) {
            throw new InvalidInputException(option, 0, "an empty directory name; accepted: a directory path");
        }
        if (Files.exists(directory) && !Files.isDirectory(directory)) {
            throw new InvalidInputException(option, 0, InputText.echo(directory.toString())
                    + " is not a directory; accepted: a directory (created when missing)");
        }
    }
}
