package org.iosched.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command the documentation shows runs as written: each line of a fenced code block in README.md and
 * docs/*.md that starts with {@value #PREFIX} (with its {@code \} continuations, without its trailing
 * {@code # comment}) runs with the packaged jar, in a temporary directory per page holding the repository files
 * it names at the same relative paths, the page's commands in their order (a later one may read what an earlier
 * one wrote). It must exit 0, or the code a trailing {@code # exit N} states. Shell globs are expanded against the
 * repository. An identical command already run on an earlier page is not run again.
 *
 * <p>The seed scenarios over their three seeds ({@code scenario scenarios/seeds/...yaml} with no option) are
 * {@link SeedScenariosIT}'s, as docs/scenarios.md says: here their files must exist, and they are not run again.
 */
class DocsCommandsIT {
    static final String PREFIX = "java -jar runner/target/iosched.jar";
    private static final Pattern EXIT = Pattern.compile("#\\s*exit (\\d+)\\s*$");
    private static final Pattern SEED_SCENARIOS = Pattern.compile("scenario( scenarios/seeds/[^ ]+\\.yaml)+");

    @TempDir
    Path work;

    /** One documented command: where it is, its arguments after the prefix, and the exit code it must give. */
    record Command(String page, int line, List<String> args, int exit) {
        @Override
        public String toString() {
            return page + ":" + line + ": " + String.join(" ", args);
        }
    }

    @TestFactory
    Stream<DynamicNode> everyDocumentedCommandRunsAsWritten() throws IOException {
        Map<String, List<Command>> pages = new LinkedHashMap<>();
        for (Path page : pages()) {
            pages.put(Iosched.ROOT.relativize(page).toString(), commands(page));
        }
        assertThat(pages.values().stream().mapToInt(List::size).sum()).isGreaterThan(20);
        Set<List<String>> run = new HashSet<>();
        List<DynamicNode> nodes = new ArrayList<>();
        int index = 0;
        for (Map.Entry<String, List<Command>> page : pages.entrySet()) {
            if (page.getValue().isEmpty()) {
                continue;
            }
            Path directory = work.resolve("page" + index++);
            List<DynamicTest> tests = new ArrayList<>();
            for (Command command : page.getValue()) {
                boolean again = !run.add(command.args());
                tests.add(DynamicTest.dynamicTest(command.line() + ": " + String.join(" ", command.args()),
                        () -> check(command, directory, again)));
            }
            nodes.add(DynamicContainer.dynamicContainer(page.getKey(), tests));
        }
        return nodes.stream();
    }

    /** One convention: a command in a code block is the jar's command line, never the bare {@code iosched}. */
    @Test
    void codeBlocksWriteCommandsAsTheJarsCommandLine() throws IOException {
        for (Path page : pages()) {
            List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
            boolean inBlock = false;
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i).strip();
                if (line.startsWith("```")) {
                    inBlock = !inBlock;
                } else if (inBlock) {
                    assertThat(line).as(page + ":" + (i + 1)).doesNotStartWith("iosched ");
                }
            }
        }
    }

    private void check(Command command, Path directory, boolean again) throws Exception {
        List<String> args = expand(command.args());
        Files.createDirectories(directory);
        for (String arg : args) {
            Path file = Iosched.ROOT.resolve(arg).normalize();
            if (!arg.startsWith("-") && file.startsWith(Iosched.ROOT) && Files.isRegularFile(file)) {
                Path copy = directory.resolve(arg);
                Files.createDirectories(copy.getParent());
                Files.copy(file, copy, StandardCopyOption.REPLACE_EXISTING);
            }
        }
        if (SEED_SCENARIOS.matcher(String.join(" ", command.args())).matches()) {
            for (String file : args.subList(1, args.size())) {
                assertThat(Iosched.ROOT.resolve(file)).as(command.toString()).isRegularFile();
            }
            return; // SeedScenariosIT runs the seed scenarios over their seeds
        }
        if (again) {
            return; // the same command already ran, as written, for an earlier page
        }
        Iosched.Outcome outcome = Iosched.run(directory, args.toArray(String[]::new));
        assertThat(outcome.exitCode()).as(command + "\n" + outcome.stderr()).isEqualTo(command.exit());
    }

    private static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(Iosched.ROOT.resolve("README.md")));
        try (Stream<Path> files = Files.list(Iosched.ROOT.resolve("docs"))) {
            files.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }

    /** The documented commands of one page, in their order. */
    static List<Command> commands(Path page) throws IOException {
        List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
        String name = Iosched.ROOT.relativize(page).toString();
        List<Command> commands = new ArrayList<>();
        boolean inBlock = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.startsWith("```")) {
                inBlock = !inBlock;
                continue;
            }
            if (!inBlock || !line.startsWith(PREFIX)) {
                continue;
            }
            int first = i + 1;
            StringBuilder text = new StringBuilder();
            String part = withoutComment(line);
            while (part.endsWith("\\") && i + 1 < lines.size()) {
                text.append(part, 0, part.length() - 1).append(' ');
                part = withoutComment(lines.get(++i).strip());
            }
            text.append(part);
            Matcher exit = EXIT.matcher(lines.get(i));
            List<String> words = words(text.substring(PREFIX.length()));
            commands.add(new Command(name, first, words, exit.find() ? Integer.parseInt(exit.group(1)) : 0));
        }
        return commands;
    }

    private static String withoutComment(String line) {
        int hash = line.indexOf(" #");
        return (hash < 0 ? line : line.substring(0, hash)).strip();
    }

    /** Words as a shell splits them, with '...' and "..." quoting. */
    static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        char quote = 0;
        for (char c : text.toCharArray()) {
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                word = word == null ? new StringBuilder() : word;
            } else if (Character.isWhitespace(c)) {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
            } else {
                word = word == null ? new StringBuilder() : word;
                word.append(c);
            }
        }
        if (word != null) {
            words.add(word.toString());
        }
        return words;
    }

    /** Words with a {@code *} become the repository's matching files, sorted, as the shell expands them. */
    private static List<String> expand(List<String> words) throws IOException {
        List<String> expanded = new ArrayList<>();
        for (String word : words) {
            if (!word.contains("*")) {
                expanded.add(word);
                continue;
            }
            int slash = word.lastIndexOf('/');
            Path directory = Iosched.ROOT.resolve(slash < 0 ? "." : word.substring(0, slash));
            PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + word.substring(slash + 1));
            try (Stream<Path> files = Files.list(directory)) {
                List<String> matches = files.filter(p -> matcher.matches(p.getFileName())).sorted()
                        .map(p -> (slash < 0 ? "" : word.substring(0, slash + 1)) + p.getFileName()).toList();
                assertThat(matches).as(word).isNotEmpty();
                expanded.addAll(matches);
            }
        }
        return expanded;
    }
}
