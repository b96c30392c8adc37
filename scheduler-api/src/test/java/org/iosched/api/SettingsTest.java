package org.iosched.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SettingsTest {
    private static final List<TunableDescriptor> TUNABLES = List.of(
            TunableDescriptor.integer("fifo_batch", 16, "requests", 1, 1024, "requests per batch"),
            TunableDescriptor.bool("front_merges", true, "front merges"),
            TunableDescriptor.decimal("ratio", 0.5, "", 0, 1, "a fraction"),
            TunableDescriptor.choice("policy", "weight", List.of("weight", "weight-iosize"), "policy"));

    @Test
    void defaultsFillEveryDeclaredTunable() {
        Settings s = Settings.defaults("deadline", TUNABLES);
        assertThat(s.getInt("fifo_batch")).isEqualTo(16);
        assertThat(s.getBoolean("front_merges")).isTrue();
        assertThat(s.getDouble("ratio")).isEqualTo(0.5);
        assertThat(s.getString("policy")).isEqualTo("weight");
        assertThat(s.asMap()).containsOnlyKeys("fifo_batch", "front_merges", "ratio", "policy");
    }

    @Test
    void userValuesOverrideDefaultsAndAreNormalised() {
        Settings s = Settings.resolve("deadline", TUNABLES,
                Map.of("fifo_batch", " 1 ", "front_merges", "off", "policy", "weight-iosize"));
        assertThat(s.getInt("fifo_batch")).isEqualTo(1);
        assertThat(s.getBoolean("front_merges")).isFalse();
        assertThat(s.asMap()).containsEntry("front_merges", "0");
        assertThat(s.getString("policy")).isEqualTo("weight-iosize");
    }

    @Test
    void unknownNameListsTheValidOnes() {
        assertThatThrownBy(() -> Settings.resolve("deadline", TUNABLES, Map.of("fifo_btch", "1")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("unknown tunable 'deadline.fifo_btch'; deadline accepts: fifo_batch, front_merges, policy, ratio");
    }

    @Test
    void outOfRangeValueNamesTheRange() {
        assertThatThrownBy(() -> Settings.resolve("deadline", TUNABLES, Map.of("fifo_batch", "0")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("bad value deadline.fifo_batch=0; accepted: an integer 1..1024 (requests)");
        assertThatThrownBy(() -> Settings.resolve("deadline", TUNABLES, Map.of("fifo_batch", "many")))
                .hasMessageContaining("accepted: an integer 1..1024");
        assertThatThrownBy(() -> Settings.resolve("deadline", TUNABLES, Map.of("front_merges", "2")))
                .hasMessageContaining("accepted: 0 or 1");
        assertThatThrownBy(() -> Settings.resolve("deadline", TUNABLES, Map.of("policy", "range-bw")))
                .hasMessageContaining("accepted: one of weight, weight-iosize");
        assertThatThrownBy(() -> Settings.resolve("deadline", TUNABLES, Map.of("ratio", "NaN")))
                .hasMessageContaining("accepted: a number 0..1");
    }

    @Test
    void readingWithTheWrongTypeIsAProgrammingError() {
        Settings s = Settings.defaults("deadline", TUNABLES);
        assertThatThrownBy(() -> s.getBoolean("fifo_batch")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> s.getInt("missing")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void largeRangeBoundsAreWrittenWithoutAnExponent() {
        TunableDescriptor t = TunableDescriptor.integer("read_bps_device", 0, "bytes/s", 0, Long.MAX_VALUE, "a limit");
        assertThat(t.accepted()).isEqualTo("an integer 0..9223372036854775807 (bytes/s)");
    }
}
