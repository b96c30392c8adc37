package org.iosched.scheduler.mqdeadline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.ServiceLoader;
import org.iosched.api.InvalidInputException;
import org.iosched.api.MqSchedulerProvider;
import org.iosched.api.Settings;
import org.iosched.api.TunableDescriptor;
import org.junit.jupiter.api.Test;

/** The provider: its name, tunables with the kernel's names, defaults, units and ranges, its CPU cost, discovery. */
class MqDeadlineSchedulerProviderTest {
    private final MqDeadlineSchedulerProvider provider = new MqDeadlineSchedulerProvider();

    @Test
    void isFoundByTheServiceLoaderAsMqDeadline() {
        assertThat(ServiceLoader.load(MqSchedulerProvider.class)).extracting(MqSchedulerProvider::name)
                .contains("mq-deadline");
    }

    @Test
    void declaresTheKernelsTunables() {
        assertThat(provider.tunables()).extracting(TunableDescriptor::name).containsExactly("read_expire",
                "write_expire", "writes_starved", "front_merges", "fifo_batch", "async_depth", "prio_aging_expire");
        Settings defaults = Settings.defaults(provider.name(), provider.tunables());
        assertThat(MqDeadlineTunables.from(defaults)).isEqualTo(MqDeadlineTunables.defaults());
        assertThat(defaults.getLong("read_expire")).isEqualTo(500);
        assertThat(defaults.getLong("write_expire")).isEqualTo(5000);
        assertThat(defaults.getLong("prio_aging_expire")).isEqualTo(10_000);
        assertThat(defaults.getInt("fifo_batch")).isEqualTo(16);
        assertThat(defaults.getInt("writes_starved")).isEqualTo(2);
        assertThat(defaults.getBoolean("front_merges")).isTrue();
        assertThat(provider.tunables()).filteredOn(t -> t.name().endsWith("expire"))
                .extracting(TunableDescriptor::unit).containsOnly("ms");
    }

    @Test
    void acceptsTheKernelsRangesAndNamesTheTunableOtherwise() {
        Settings negative = Settings.resolve(provider.name(), provider.tunables(), Map.of("writes_starved", "-3"));
        assertThat(MqDeadlineTunables.from(negative).writesStarved()).isEqualTo(-3);
        assertThatThrownBy(() -> Settings.resolve(provider.name(), provider.tunables(), Map.of("fifo_batch", "-1")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("mq-deadline.fifo_batch");
        assertThatThrownBy(() -> new MqDeadlineTunables(500, 5000, 2, true, 16, 0, -1))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("mq-deadline.prio_aging_expire=-1");
    }

    @Test
    void costsSevenHundredNanosecondsPerRequest() {
        assertThat(provider.requestCpuNanos(Settings.defaults(provider.name(), provider.tunables()))).isEqualTo(700);
    }
}
