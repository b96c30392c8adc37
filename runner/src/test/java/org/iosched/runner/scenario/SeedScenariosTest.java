package org.iosched.runner.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.iosched.api.BioControllerProvider;
import org.iosched.api.Settings;
import org.iosched.api.TunableDescriptor;
import org.iosched.runner.RunService;
import org.iosched.runner.SetOptions;
import org.junit.jupiter.api.Test;

/**
 * The seed scenarios in {@code scenarios/seeds/} are well formed and name only existing schedulers, devices,
 * workload kinds and scheduler, device or bio-controller tunables. Kernel keys are checked by prefix only here:
 * buffered I/O and the journal, which the seeds need, are checked when the scenarios run.
 */
class SeedScenariosTest {
    private static final Path SEEDS = Path.of("..", "scenarios", "seeds");
    private static final RunService SERVICE = Scenarios.service();

    @Test
    void thereIsOneScenarioPerSeedThread() throws IOException {
        assertThat(seedFiles()).extracting(p -> p.getFileName().toString()).containsExactly(
                "000-write-fsync-cgroup.yaml", "001-async-starvation.yaml", "002-ioband-vs-cfq-groups.yaml",
                "003-quantum-tweak.yaml", "004-fsync-vs-reader.yaml");
    }

    @Test
    void everySeedScenarioParsesAndNamesKnownPluginsAndTunables() throws IOException {
        for (Path file : seedFiles()) {
            Scenario scenario = ScenarioParser.parse(file);
            assertThat(file.getFileName().toString()).as("file named after the scenario")
                    .isEqualTo(scenario.name() + ".yaml");
            assertThat(scenario.seeds()).as(scenario.name() + " replicates").hasSizeGreaterThanOrEqualTo(3);
            assertThat(scenario.references()).as(scenario.name() + " shows the thread's numbers").isNotEmpty();
            assertThat(scenario.description()).as(scenario.name() + " says what was scaled").contains("Scaled");
            List<ScenarioRow> rows = ScenarioMatrix.expand(scenario, List.of());
            for (ScenarioRow row : rows) {
                String where = scenario.name() + " row " + row.label();
                assertThat(SERVICE.schedulers()).as(where).containsKey(row.scheduler().name());
                assertThat(SERVICE.devices()).as(where).containsKey(row.device().name());
                assertThat(SERVICE.workloads()).as(where).containsKey(row.workload().kind());
                for (Setting s : row.settings()) {
                    checkSetting(where, row, s);
                }
            }
        }
    }

    private static void checkSetting(String where, ScenarioRow row, Setting s) {
        String owner = s.owner();
        String name = s.key().substring(owner.length() + 1);
        if (SetOptions.KERNEL_PREFIXES.contains(owner)) {
            return;
        }
        if (owner.equals("device")) {
            Settings.resolve(owner, SERVICE.devices().get(row.device().name()).tunables(), Map.of(name, s.value()));
            return;
        }
        BioControllerProvider controller = SERVICE.bioControllers().get(owner);
        if (controller != null) {
            // keys may name cgroups: a fixed tunable, or a per-cgroup template ("cgroup.weight")
            String tunable = name.substring(name.lastIndexOf('.') + 1);
            assertThat(controller.tunables()).as(where + ": " + s.key()).extracting(TunableDescriptor::name)
                    .containsAnyOf(name, "cgroup." + tunable);
            return;
        }
        assertThat(owner).as(where + ": " + s.key()).isEqualTo(row.scheduler().name());
        Settings.resolve(owner, SERVICE.schedulers().get(owner).tunables(), Map.of(name, s.value()));
    }

    private static List<Path> seedFiles() throws IOException {
        try (Stream<Path> files = Files.list(SEEDS)) {
            return files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
    }
}
