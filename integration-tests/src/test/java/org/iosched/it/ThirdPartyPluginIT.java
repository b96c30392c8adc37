package org.iosched.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scheduler built by "somebody else" (src/it/third-party-scheduler, compiled against scheduler-api alone
 * by the invoker plugin) and dropped into a plugins directory shows up and runs.
 */
class ThirdPartyPluginIT {
    private static final Path PLUGIN_JAR = Paths.get(System.getProperty("iosched.thirdPartyJar",
            "target/it/third-party-scheduler/target/third-party-scheduler-1.0.jar"));

    @TempDir
    Path work;

    @Test
    void droppedJarIsListedAndRuns() throws Exception {
        Path plugins = Files.createDirectories(work.resolve("plugins"));
        Files.copy(PLUGIN_JAR, plugins.resolve("lifo.jar"));
        Iosched.Outcome list = Iosched.run(work, "list", "--plugins", plugins.toString());
        assertThat(list.exitCode()).as(list.stderr()).isZero();
        assertThat(list.stdout()).contains("lifo-example").contains("batch=1").contains(plugins.resolve("lifo.jar").toString());

        Path job = Iosched.ROOT.resolve("integration-tests/src/test/resources/jobs/randread.fio");
        Iosched.Outcome run = Iosched.run(work, "run", job.toString(), "--plugins", plugins.toString(),
                "--scheduler", "lifo-example", "--set", "lifo-example.batch=4");
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout()).contains("read: IOPS=");
    }

    @Test
    void twoPluginsWithOneNameAreAnErrorNamingBothJars() throws Exception {
        Path plugins = Files.createDirectories(work.resolve("plugins"));
        Files.copy(PLUGIN_JAR, plugins.resolve("a.jar"));
        Files.copy(PLUGIN_JAR, plugins.resolve("b.jar"));
        Iosched.Outcome list = Iosched.run(work, "list", "--plugins", plugins.toString());
        assertThat(list.exitCode()).isEqualTo(2);
        assertThat(list.stderr()).contains("lifo-example").contains("a.jar").contains("b.jar");
    }

    @Test
    void aJarThatProvidesNothingIsAnError() throws Exception {
        Path plugins = Files.createDirectories(work.resolve("plugins"));
        Files.write(plugins.resolve("empty.jar"), new byte[] {'P', 'K', 5, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
        Iosched.Outcome list = Iosched.run(work, "list", "--plugins", plugins.toString());
        assertThat(list.exitCode()).isEqualTo(2);
        assertThat(list.stderr()).contains("empty.jar").contains("provides no");
    }
}
