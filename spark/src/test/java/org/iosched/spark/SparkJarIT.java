package org.iosched.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;

/**
 * The packaged jars: {@code iosched-spark.jar} holds the job, the runner and the plugins, but neither Spark,
 * Scala nor a logging backend, and the libraries a cluster also carries only relocated; the main
 * {@code iosched.jar} does not grow Spark.
 */
class SparkJarIT {
    private static List<String> entries(String property) throws IOException {
        Path jar = Path.of(System.getProperty(property));
        List<String> names = new ArrayList<>();
        try (JarFile file = new JarFile(jar.toFile())) {
            file.stream().map(ZipEntry::getName).forEach(names::add);
        }
        return names;
    }

    @Test
    void theSparkJarHoldsTheJobAndRelocatesWhatAClusterAlsoCarries() throws IOException {
        List<String> names = entries("iosched.sparkJar");
        assertThat(names).contains("org/iosched/spark/SweepJob.class", "org/iosched/runner/scenario/ScenarioRun.class",
                "org/iosched/scheduler/cfq/CfqSchedulerProvider.class", "META-INF/services/org.iosched.api.IoSchedulerProvider");
        assertThat(names).anyMatch(n -> n.startsWith("org/iosched/shaded/jackson/databind/"))
                .anyMatch(n -> n.startsWith("org/iosched/shaded/google/common/"))
                .anyMatch(n -> n.startsWith("org/iosched/shaded/google/inject/"));
        for (String prefix : List.of("org/apache/spark/", "scala/", "org/apache/hadoop/", "com/fasterxml/",
                "com/google/", "jakarta/inject/", "org/yaml/", "org/apache/logging/", "org/slf4j/")) {
            assertThat(names).as(prefix).noneMatch(n -> n.startsWith(prefix) && !n.endsWith("/"));
        }
        assertThat(names).doesNotContain("log4j2.xml");
    }

    @Test
    void theMainJarDoesNotGrowSpark() throws IOException {
        assertThat(entries("iosched.jar")).noneMatch(n -> n.startsWith("org/apache/spark/") || n.startsWith("scala/")
                || n.startsWith("org/iosched/spark/"));
    }
}
