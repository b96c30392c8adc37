package org.iosched.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of README.md, BENCHMARKS.md and docs/*.md names a file of the repository, and every
 * {@code #anchor} a heading of its page, with the anchors GitHub makes (lower case, punctuation dropped, spaces to
 * hyphens, {@code -1}, {@code -2} for repeats).
 */
class DocsLinksTest {
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*$");

    @Test
    void everyLinkResolves() throws IOException {
        List<String> broken = new ArrayList<>();
        int links = 0;
        for (Path page : pages()) {
            String text = withoutCodeBlocks(Files.readString(page, StandardCharsets.UTF_8));
            Matcher m = LINK.matcher(text);
            while (m.find()) {
                String link = m.group(1);
                if (link.matches("^[a-z]+:.*")) {
                    continue;
                }
                links++;
                int hash = link.indexOf('#');
                String file = hash < 0 ? link : link.substring(0, hash);
                Path target = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
                if (!Files.exists(target)) {
                    broken.add(Iosched.ROOT.relativize(page) + ": " + link + " (no such file)");
                } else if (hash >= 0 && target.toString().endsWith(".md")
                        && !anchors(target).contains(link.substring(hash + 1))) {
                    broken.add(Iosched.ROOT.relativize(page) + ": " + link + " (no such heading)");
                }
            }
        }
        assertThat(links).isGreaterThan(50);
        assertThat(broken).isEmpty();
    }

    @Test
    void anchorsAreGitHubs() {
        assertThat(slug("Jobs × memory (issue 15)")).isEqualTo("jobs--memory-issue-15");
        assertThat(slug("A 6.6 blk-mq scheduler: MqScheduler")).isEqualTo("a-66-blk-mq-scheduler-mqscheduler");
    }

    private static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(Iosched.ROOT.resolve("README.md"), Iosched.ROOT.resolve("BENCHMARKS.md")));
        try (Stream<Path> files = Files.list(Iosched.ROOT.resolve("docs"))) {
            files.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }

    private static String withoutCodeBlocks(String text) {
        StringBuilder out = new StringBuilder();
        boolean inBlock = false;
        for (String line : text.split("\n", -1)) {
            if (line.strip().startsWith("```")) {
                inBlock = !inBlock;
            } else if (!inBlock) {
                out.append(line).append('\n');
            }
        }
        return out.toString();
    }

    private static Set<String> anchors(Path page) throws IOException {
        Set<String> anchors = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        for (String line : withoutCodeBlocks(Files.readString(page, StandardCharsets.UTF_8)).split("\n")) {
            Matcher m = HEADING.matcher(line);
            if (m.matches()) {
                String text = m.group(1).replace("`", "").replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1");
                String slug = slug(text);
                int n = seen.merge(slug, 1, Integer::sum) - 1;
                anchors.add(n == 0 ? slug : slug + "-" + n);
            }
        }
        return anchors;
    }

    static String slug(String heading) {
        return heading.strip().toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}_\\- ]", "").replace(' ', '-');
    }
}
