package org.iosched.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The documentation's examples can be copied as they are: the embedding example (docs/embedding.md) is
 * {@link EmbeddingTest}'s code with its imports, its dependencies name this build's version, the blk-mq plugin
 * example (docs/plugins.md) is {@link MqPluginExampleTest}'s code with its imports, and the example plugin's pom
 * names this build's versions (the invoker passes the same ones with -D when it builds the plugin).
 */
class ReadmeExamplesTest {
    private static final Path ROOT = Iosched.ROOT;

    @Test
    void theEmbeddingExampleIsEmbeddingTestsCodeWithItsImports() throws IOException {
        String example = block(section("docs/embedding.md", "# Embedding: the Java API"), "java");
        List<String> test = Files.readAllLines(ROOT.resolve(
                "integration-tests/src/test/java/org/iosched/it/EmbeddingTest.java")).stream().map(String::strip).toList();
        List<String> lines = example.lines().map(String::strip).filter(line -> !line.isEmpty()).toList();
        assertThat(lines).filteredOn(line -> line.startsWith("import ")).isNotEmpty();
        assertThat(test).containsAll(lines);
        List<String> testImports = test.stream().filter(line -> line.startsWith("import ")
                && !line.startsWith("import static") && !line.contains("junit")).toList();
        assertThat(lines).as("every import the code needs").containsAll(testImports);
    }

    @Test
    void theEmbeddingDependenciesAreThisBuildsModulesAndVersion() throws IOException {
        String xml = block(section("docs/embedding.md", "# Embedding: the Java API"), "xml");
        String root = Files.readString(ROOT.resolve("pom.xml"), StandardCharsets.UTF_8);
        Matcher dependency = Pattern.compile("<groupId>org\\.iosched</groupId>\\s*<artifactId>([^<]+)</artifactId>"
                + "\\s*<version>([^<]+)</version>").matcher(xml);
        List<String> artifacts = new ArrayList<>();
        while (dependency.find()) {
            artifacts.add(dependency.group(1));
            assertThat(root).contains("<module>" + dependency.group(1) + "</module>");
            assertThat(dependency.group(2)).as(dependency.group(1)).isEqualTo(projectVersion(root));
        }
        assertThat(artifacts).contains("simulator", "scheduler-deadline", "device-models", "workloads");
    }

    @Test
    void theBlkMqPluginExampleIsMqPluginExampleTestsCodeWithItsImports() throws IOException {
        String example = block(section("docs/plugins.md", "## A 6.6 blk-mq scheduler: `MqScheduler`"), "java");
        List<String> test = Files.readAllLines(ROOT.resolve(
                "integration-tests/src/test/java/org/iosched/it/MqPluginExampleTest.java")).stream()
                .map(ReadmeExamplesTest::asInTheTest).toList();
        // what a plugin's own source file has that a test class in this module cannot: the registration, a public class
        List<String> lines = example.lines().map(ReadmeExamplesTest::asInTheTest).filter(line -> !line.isEmpty())
                .filter(line -> !line.startsWith("@AutoService(") && !line.equals("import com.google.auto.service.AutoService;"))
                .toList();
        assertThat(lines).contains("final class FifoMqScheduler implements MqScheduler {");
        assertThat(test).containsAll(lines);
        List<String> testImports = test.stream().filter(line -> line.startsWith("import ")
                && !line.contains("junit") && !line.contains("testkit")).toList();
        assertThat(lines).as("every import the code needs").containsAll(testImports);
    }

    private static String asInTheTest(String line) {
        String stripped = line.strip();
        return stripped.startsWith("public final class ") ? stripped.substring("public ".length()) : stripped;
    }

    @Test
    void theExamplePluginsPomNamesThisBuildsVersions() throws IOException {
        String root = Files.readString(ROOT.resolve("pom.xml"), StandardCharsets.UTF_8);
        String example = Files.readString(ROOT.resolve("integration-tests/src/it/third-party-scheduler/pom.xml"),
                StandardCharsets.UTF_8);
        assertThat(example).as("no placeholders: the pom can be copied").doesNotContain("@");
        assertThat(property(example, "iosched.version")).isEqualTo(projectVersion(root));
        for (String name : List.of("auto-service.version", "junit.version", "compiler-plugin.version",
                "resources-plugin.version", "surefire.version", "jar-plugin.version")) {
            assertThat(property(example, name)).as(name).isEqualTo(property(root, name));
        }
    }

    private static String projectVersion(String rootPom) {
        Matcher m = Pattern.compile("<artifactId>iosched-parent</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(rootPom);
        assertThat(m.find()).isTrue();
        return m.group(1);
    }

    private static String property(String pom, String name) {
        Matcher m = Pattern.compile("<" + Pattern.quote(name) + ">([^<]+)</" + Pattern.quote(name) + ">").matcher(pom);
        assertThat(m.find()).as(name).isTrue();
        return m.group(1);
    }

    /** The text of {@code file} from {@code heading} to the next heading of level 2 or above (or the end). */
    private static String section(String file, String heading) throws IOException {
        String page = "\n" + Files.readString(ROOT.resolve(file), StandardCharsets.UTF_8);
        int start = page.indexOf("\n" + heading + "\n");
        assertThat(start).as(file + ": " + heading).isNotNegative();
        int end = page.indexOf("\n## ", start + heading.length() + 1);
        return page.substring(start, end < 0 ? page.length() : end);
    }

    private static String block(String section, String language) {
        int start = section.indexOf("```" + language + "\n");
        assertThat(start).as("a " + language + " block").isNotNegative();
        int from = start + language.length() + 4;
        return section.substring(from, section.indexOf("```", from));
    }
}
