package org.iosched.workload.fio;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.iosched.api.InvalidInputException;
import org.iosched.api.WorkloadSource;
import org.iosched.workload.text.InputText;

/**
 * Reads the INI-like syntax of fio job files into {@link JobSection}s, as fio's {@code __parse_jobs_ini}
 * (init.c) does: {@code [section]} headers, {@code key[=value]} lines, {@code ;} and {@code #} comments
 * (whole-line and inline: a value can never contain them), blank-stripping, and {@code include FILE}
 * (relative to the including file's directory, no sections inside included files).
 *
 * <p>Values are kept as written; {@link JobOptionsBinder} interprets them.
 */
final class FioJobParser {
    /** Bound on include nesting, so that a file including itself is an error rather than a hang. */
    private static final int MAX_INCLUDE_DEPTH = 16;

    private FioJobParser() {
    }

    /**
     * Parse a job file.
     *
     * @throws InvalidInputException with file and line on a syntax error
     */
    static List<JobSection> parse(WorkloadSource source) {
        List<JobSection> sections = new ArrayList<>();
        String current = null;
        int currentLine = 0;
        List<RawOption> options = new ArrayList<>();
        String[] lines = source.text().split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            int lineNo = i + 1;
            String line = stripLine(lines[i]);
            if (line == null) {
                continue;
            }
            if (line.startsWith("[")) {
                if (current != null) {
                    sections.add(new JobSection(current, source.name(), currentLine, options));
                }
                current = sectionName(line, source.name(), lineNo);
                currentLine = lineNo;
                options = new ArrayList<>();
                continue;
            }
            if (current == null) {
                throw new InvalidInputException(source.name(), lineNo,
                        "fio: option <" + InputText.echo(line) + "> outside of [] job section");
            }
            if (isInclude(line)) {
                include(line.substring("include".length()).trim(), source.baseDirectory(), source.name(), lineNo,
                        options, 1);
            } else {
                options.add(option(line, source.name(), lineNo));
            }
        }
        if (current != null) {
            sections.add(new JobSection(current, source.name(), currentLine, options));
        }
        return sections;
    }

    /**
     * The meaningful part of a line, or null for a blank or comment line ({@code is_empty_or_comment},
     * {@code strip_blank_end}: cut at the first {@code ;}, then at the first {@code #}).
     */
    static String stripLine(String raw) {
        String line = raw;
        int semicolon = line.indexOf(';');
        if (semicolon >= 0) {
            line = line.substring(0, semicolon);
        }
        int hash = line.indexOf('#');
        if (hash >= 0) {
            line = line.substring(0, hash);
        }
        line = line.strip();
        return line.isEmpty() ? null : line;
    }

    private static String sectionName(String line, String source, int lineNo) {
        if (!line.endsWith("]") || line.length() < 3) {
            throw new InvalidInputException(source, lineNo,
                    "fio: bad section header <" + InputText.echo(line) + ">; a section is written [name]");
        }
        return line.substring(1, line.length() - 1).strip();
    }

    private static boolean isInclude(String line) {
        return line.startsWith("include") && line.length() > "include".length()
                && Character.isWhitespace(line.charAt("include".length()));
    }

    private static RawOption option(String line, String source, int lineNo) {
        int eq = line.indexOf('=');
        if (eq < 0) {
            return new RawOption(line, null, source, lineNo);
        }
        String key = line.substring(0, eq).strip();
        String value = line.substring(eq + 1).strip();
        if (key.isEmpty()) {
            throw new InvalidInputException(source, lineNo, "fio: option <" + InputText.echo(line) + "> has no name");
        }
        return new RawOption(key, value, source, lineNo);
    }

    private static void include(String fileName, Path baseDirectory, String source, int lineNo,
                                List<RawOption> into, int depth) {
        if (fileName.isEmpty()) {
            throw new InvalidInputException(source, lineNo, "fio: include needs a file name");
        }
        if (depth > MAX_INCLUDE_DEPTH) {
            throw new InvalidInputException(source, lineNo,
                    "fio: includes nested deeper than " + MAX_INCLUDE_DEPTH + " (does " + InputText.echo(fileName) + " include itself?)");
        }
        Path path = Path.of(fileName);
        if (!path.isAbsolute()) {
            if (baseDirectory == null) {
                throw new InvalidInputException(source, lineNo, "fio: unable to open '" + InputText.echo(fileName)
                        + "' include file: a relative include needs the job file's directory");
            }
            path = baseDirectory.resolve(path);
        }
        String text;
        try {
            text = InputText.decode(path.toString(), Files.readAllBytes(path));
        } catch (InvalidInputException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new InvalidInputException(source, lineNo, "fio: unable to open '" + InputText.echo(path.toString())
                    + "' include file (" + e.getClass().getSimpleName() + ": " + InputText.echo(e.getMessage()) + ")");
        }
        String includedName = path.toString();
        Path includedDir = path.toAbsolutePath().getParent();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = stripLine(lines[i]);
            if (line == null) {
                continue;
            }
            if (line.startsWith("[")) {
                throw new InvalidInputException(includedName, i + 1,
                        "No new sections in included files (included from " + source + ":" + lineNo + ")");
            }
            if (isInclude(line)) {
                include(line.substring("include".length()).trim(), includedDir, includedName, i + 1, into, depth + 1);
            } else {
                into.add(option(line, includedName, i + 1));
            }
        }
    }
}
