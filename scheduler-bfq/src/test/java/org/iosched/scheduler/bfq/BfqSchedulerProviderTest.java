package org.iosched.scheduler.bfq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.ServiceLoader;
import java.util.stream.Collectors;
import org.iosched.api.InvalidInputException;
import org.iosched.api.MqSchedulerProvider;
import org.iosched.api.Settings;
import org.iosched.api.TunableDescriptor;
import org.junit.jupiter.api.Test;

/** The provider: its name, the kernel's tunables with their defaults and units, its CPU cost, bad values. */
class BfqSchedulerProviderTest {
    private final BfqSchedulerProvider provider = new BfqSchedulerProvider();

    @Test
    void isFoundByTheServiceLoaderAsBfq() {
        assertThat(ServiceLoader.load(MqSchedulerProvider.class).stream().map(p -> p.get().name()))
                .contains("bfq");
    }

    @Test
    void declaresTheKernelsTunablesWithTheirDefaultsAndUnits() {
        Map<String, TunableDescriptor> byName = provider.tunables().stream()
                .collect(Collectors.toMap(TunableDescriptor::name, t -> t));
        assertThat(byName.keySet()).containsExactlyInAnyOrder("slice_idle", "slice_idle_us", "fifo_expire_sync",
                "fifo_expire_async", "back_seek_max", "back_seek_penalty", "timeout_sync", "max_budget",
                "low_latency", "strict_guarantees", "weight");
        assertThat(byName.get("slice_idle").defaultValue()).isEqualTo("8");
        assertThat(byName.get("slice_idle").unit()).isEqualTo("ms");
        assertThat(byName.get("slice_idle_us").defaultValue()).isEqualTo("8000");
        assertThat(byName.get("fifo_expire_sync").defaultValue()).isEqualTo("125");
        assertThat(byName.get("fifo_expire_async").defaultValue()).isEqualTo("250");
        assertThat(byName.get("back_seek_max").defaultValue()).isEqualTo("16384");
        assertThat(byName.get("back_seek_max").unit()).isEqualTo("KiB");
        assertThat(byName.get("back_seek_penalty").defaultValue()).isEqualTo("2");
        assertThat(byName.get("timeout_sync").defaultValue()).isEqualTo("125");
        assertThat(byName.get("max_budget").defaultValue()).isEqualTo("0");
        assertThat(byName.get("max_budget").unit()).isEqualTo("sectors");
        assertThat(byName.get("low_latency").defaultValue()).isEqualTo("1");
        assertThat(byName.get("strict_guarantees").defaultValue()).isEqualTo("0");
        BfqTunables defaults = BfqTunables.defaults();
        assertThat(defaults.sliceIdleNs()).isEqualTo(8_000_000L);
        assertThat(defaults.groupWeights()).isEmpty();
    }

    @Test
    void costs1900NanosecondsOfCpuPerRequest() {
        assertThat(provider.requestCpuNanos(Settings.defaults("bfq", provider.tunables()))).isEqualTo(1900);
    }

    @Test
    void parsesGroupWeightsAndRejectsBadOnesWithWhatIsAccepted() {
        BfqTunables tunables = BfqTunables.from(Settings.resolve("bfq", provider.tunables(),
                Map.of("weight", "/a:200, /b/c:1")));
        assertThat(tunables.groupWeights()).containsEntry("/a", 200).containsEntry("/b/c", 1);
        for (String bad : new String[] {"a:200", "/a:0", "/a:1001", "/a", "/a:x"}) {
            assertThatThrownBy(() -> BfqTunables.from(Settings.resolve("bfq", provider.tunables(),
                    Map.of("weight", bad)))).as(bad).isInstanceOf(InvalidInputException.class)
                    .hasMessageContaining("bfq.weight=" + bad).hasMessageContaining("1..1000");
        }
        assertThatThrownBy(() -> Settings.resolve("bfq", provider.tunables(), Map.of("back_seek_penalty", "0")))
                .isInstanceOf(InvalidInputException.class);
    }
}
