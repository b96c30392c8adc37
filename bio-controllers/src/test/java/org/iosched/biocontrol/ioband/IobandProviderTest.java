package org.iosched.biocontrol.ioband;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.iosched.api.BioController;
import org.iosched.api.InvalidInputException;
import org.iosched.api.Settings;
import org.iosched.biocontrol.FakeBioLayer;
import org.iosched.biocontrol.GreedyReader;
import org.junit.jupiter.api.Test;

/** The {@code ioband} provider as the runner sees it. */
class IobandProviderTest {
    private final IobandProvider provider = new IobandProvider();

    @Test
    void isNamedIobandAndStacksAboveThrottling() {
        assertThat(provider.name()).isEqualTo("ioband");
        assertThat(provider.order()).isEqualTo(10);
        assertThat(provider.description()).isNotBlank();
    }

    @Test
    void itsDeclaredTunablesHaveValidDefaultsForListing() {
        Settings defaults = Settings.defaults(provider.name(), provider.tunables());

        assertThat(defaults.asMap()).containsEntry("policy", "weight").containsEntry("io_throttle", "4")
                .containsEntry("io_limit", "0").containsEntry("keep_io_context", "0")
                .containsKey("cgroup.weight");
    }

    @Test
    void createValidatesItsSettings() {
        FakeBioLayer layer = FakeBioLayer.builder().build();

        assertThatThrownBy(() -> provider.create(layer, Map.of("policy", "weight", "bogus", "1")))
                .isInstanceOf(InvalidInputException.class);
    }

    @Test
    void theEffectiveIoLimitFollowsTheQueuesNrRequests() {
        FakeBioLayer layer = FakeBioLayer.builder().nrRequests(512).build();
        BioController c = provider.create(layer, Map.of("policy", "weight"));

        assertThat(((IobandController) c).ioLimit()).isEqualTo(768);
        assertThat(c.statistics()).containsEntry("io_limit", 768).containsEntry("token_bucket", 768 * 4);
    }

    @Test
    void theTraceTellsHoldsAttachesAndEpochsWhenEnabled() {
        FakeBioLayer layer = FakeBioLayer.builder().trace(true).build();
        layer.install(provider, Map.of("policy", "weight", "io_limit", "4"));
        GreedyReader.reader(layer, layer.newTask("fio", layer.newCgroup("/g", 500)), 8, 8)
                .start();
        layer.runUntil(200_000_000L);

        assertThat(layer.traceMessages()).anyMatch(m -> m.contains("ioband attach /g weight=500"))
                .anyMatch(m -> m.contains("ioband hold /g R "))
                .anyMatch(m -> m.contains("ioband epoch "))
                .anyMatch(m -> m.contains("ioband sleep fio["));
    }

    @Test
    void theTraceStaysEmptyWhenDisabled() {
        FakeBioLayer layer = FakeBioLayer.builder().build();
        layer.install(provider, Map.of("policy", "weight", "io_limit", "4"));
        GreedyReader.reader(layer, layer.newTask("fio", layer.newCgroup("/g", 500)), 8, 8)
                .start();
        layer.runUntil(200_000_000L);

        assertThat(layer.traceMessages()).isEmpty();
    }
}
