package org.iosched.biocontrol.ioband;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.iosched.api.Cgroup;
import org.iosched.api.InvalidInputException;
import org.junit.jupiter.api.Test;

/** The {@code ioband.*} keys: defaults, the full mapping, and what is rejected. */
class IobandConfigTest {
    @Test
    void defaultsAreIoThrottleFourIoLimitFromTheQueueAndKiobandsContext() {
        IobandConfig c = IobandConfig.parse(Map.of("policy", "weight"));

        assertThat(c.policy()).isEqualTo(IobandPolicy.WEIGHT);
        assertThat(c.ioThrottle()).isEqualTo(4);
        assertThat(c.ioLimit()).isZero();
        assertThat(c.effectiveIoLimit(128)).isEqualTo(192);
        assertThat(c.keepIoContext()).isFalse();
        assertThat(c.weights()).isEmpty();
    }

    @Test
    void everyKeyMapsToItsField() {
        IobandConfig c = IobandConfig.parse(Map.of("policy", "weight-iosize", "io_throttle", "8", "io_limit", "64",
                "keep_io_context", "1", "weight", "300", "grp1.weight", "200", "a/b.c.weight", "7"));

        assertThat(c.policy()).isEqualTo(IobandPolicy.WEIGHT_IOSIZE);
        assertThat(c.ioThrottle()).isEqualTo(8);
        assertThat(c.effectiveIoLimit(128)).isEqualTo(64);
        assertThat(c.keepIoContext()).isTrue();
        assertThat(c.weights()).containsExactly(Map.entry("/", 300), Map.entry("/a/b.c", 7), Map.entry("/grp1", 200));
        assertThat(c.weightOf(new Cgroup("/grp1", 800))).isEqualTo(200);
        assertThat(c.weightOf(new Cgroup("/grp2", 800))).isEqualTo(800);
        assertThat(c.weightOf(Cgroup.ROOT)).isEqualTo(300);
    }

    @Test
    void ioThrottleZeroMeansTheDefaultAndIoLimitIsNeverBelowIt() {
        IobandConfig c = IobandConfig.parse(Map.of("policy", "weight", "io_throttle", "0", "io_limit", "2"));

        assertThat(c.ioThrottle()).isEqualTo(4);
        assertThat(c.effectiveIoLimit(128)).isEqualTo(4);
    }

    @Test
    void dmIobandIsOnlyOnWithAPolicy() {
        assertThatThrownBy(() -> IobandConfig.parse(Map.of("grp1.weight", "200")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("--set: ")
                .hasMessageContaining("ioband.policy=weight");
    }

    @Test
    void anUnknownPolicyListsTheAcceptedOnes() {
        assertThatThrownBy(() -> IobandConfig.parse(Map.of("policy", "range-bw")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("--set: bad value ioband.policy=range-bw; accepted: weight, weight-iosize");
    }

    @Test
    void anUnknownKeyListsTheAcceptedKeys() {
        assertThatThrownBy(() -> IobandConfig.parse(Map.of("policy", "weight", "grp1.token", "5")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("unknown key 'ioband.grp1.token'")
                .hasMessageContaining("policy, io_throttle, io_limit, keep_io_context, workqueue, weight")
                .hasMessageContaining("<cgroup>.weight");
    }

    @Test
    void outOfRangeValuesNameTheRange() {
        assertThatThrownBy(() -> IobandConfig.parse(Map.of("policy", "weight", "grp1.weight", "0")))
                .hasMessage("--set: bad value ioband.grp1.weight=0; accepted: an integer 1..32767");
        assertThatThrownBy(() -> IobandConfig.parse(Map.of("policy", "weight", "io_limit", "40000")))
                .hasMessageContaining("an integer 0..32767");
        assertThatThrownBy(() -> IobandConfig.parse(Map.of("policy", "weight", "keep_io_context", "2")))
                .hasMessageContaining("accepted: 0 or 1");
        assertThatThrownBy(() -> IobandConfig.parse(Map.of("policy", "weight", "io_throttle", "four")))
                .isInstanceOf(InvalidInputException.class);
    }

    @Test
    void aCgroupIsWrittenWithoutItsLeadingSlash() {
        assertThatThrownBy(() -> IobandConfig.parse(Map.of("policy", "weight", "/grp1.weight", "200")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("without the leading '/'");
        assertThatThrownBy(() -> IobandConfig.parse(Map.of("policy", "weight", ".weight", "200")))
                .isInstanceOf(InvalidInputException.class);
    }
}
