package org.iosched.runner.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.iosched.api.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PluginDiscoveryTest {
    @TempDir
    Path plugins;

    @Test
    void builtInPluginsAreFoundOnTheClassPathInNameOrder() {
        List<DiscoveredPlugin> found = PluginDiscovery.discover(null, getClass().getClassLoader());
        List<String> schedulers = found.stream().filter(p -> p.kind() == PluginKind.SCHEDULER).map(DiscoveredPlugin::name).toList();
        assertThat(schedulers).contains("cfq", "deadline", "noop").isSorted();
        assertThat(found.stream().filter(p -> p.kind() == PluginKind.DEVICE).map(DiscoveredPlugin::name))
                .contains("hdd", "hdd-7200", "hdd-7200-ncq", "sas-15k", "ssd", "ssd-x25m", "nvme");
        assertThat(found.stream().filter(p -> p.kind() == PluginKind.WORKLOAD).map(DiscoveredPlugin::name))
                .contains("fio");
        assertThat(found).allMatch(p -> p.origin().equals("classpath"));
    }

    @Test
    void missingDirectoryMeansNoExtraPlugins() {
        List<DiscoveredPlugin> withMissing = PluginDiscovery.discover(plugins.resolve("absent"), getClass().getClassLoader());
        assertThat(withMissing).hasSameSizeAs(PluginDiscovery.discover(null, getClass().getClassLoader()));
    }

    @Test
    void aJarThatProvidesNothingIsAnErrorNamingIt() throws IOException {
        Path jar = plugins.resolve("nothing.jar");
        try (var out = new java.util.jar.JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new java.util.jar.JarEntry("README.txt"));
            out.write("no services here".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            out.closeEntry();
        }
        assertThatThrownBy(() -> PluginDiscovery.discover(plugins, getClass().getClassLoader()))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("nothing.jar")
                .hasMessageContaining("provides no scheduler, device, workload, bio controller or rq-qos policy");
    }
}
