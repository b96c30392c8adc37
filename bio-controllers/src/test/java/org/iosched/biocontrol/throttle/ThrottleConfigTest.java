package org.iosched.biocontrol.throttle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.iosched.api.InvalidInputException;
import org.junit.jupiter.api.Test;

/** The {@code throttle.*} keys: the full mapping, defaults and what is rejected. */
class ThrottleConfigTest {
    @Test
    void everyRuleMapsToItsCgroupAndDirection() {
        ThrottleConfig c = ThrottleConfig.parse(Map.of(
                "grp1.read_bps_device", "1048576", "grp1.write_bps_device", "2097152",
                "grp1.read_iops_device", "100", "grp1.write_iops_device", "200",
                "a/b.write_iops_device", "7", "read_bps_device", "5000000", "keep_io_context", "on"));

        assertThat(c.keepIoContext()).isTrue();
        assertThat(c.limitsOf("/grp1")).isEqualTo(new ThrottleLimits(1048576, 2097152, 100, 200));
        assertThat(c.limitsOf("/a/b")).isEqualTo(new ThrottleLimits(-1, -1, -1, 7));
        assertThat(c.limitsOf("/")).isEqualTo(new ThrottleLimits(5000000, -1, -1, -1));
        assertThat(c.limitsOf("/other")).isEqualTo(ThrottleLimits.NONE);
    }

    @Test
    void withNothingSetNoCgroupIsThrottledAndBiosGoThroughTheWorker() {
        ThrottleConfig c = ThrottleConfig.parse(Map.of());

        assertThat(c.keepIoContext()).isFalse();
        assertThat(c.limits()).isEmpty();
    }

    @Test
    void zeroWritesNoRuleAsInTheKernel() {
        ThrottleConfig c = ThrottleConfig.parse(Map.of("grp1.read_bps_device", "0"));

        assertThat(c.limitsOf("/grp1")).isEqualTo(ThrottleLimits.NONE);
    }

    @Test
    void anUnknownKeyListsTheAcceptedKeys() {
        assertThatThrownBy(() -> ThrottleConfig.parse(Map.of("grp1.read_bps", "5")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("--set: unknown key 'throttle.grp1.read_bps'")
                .hasMessageContaining("<cgroup>.read_bps_device|write_bps_device|read_iops_device|write_iops_device");
    }

    @Test
    void badValuesNameWhatIsAccepted() {
        assertThatThrownBy(() -> ThrottleConfig.parse(Map.of("grp1.read_bps_device", "-1")))
                .hasMessageContaining("accepted: an integer 0..9223372036854775807 (bytes/s, 0 = no limit)");
        assertThatThrownBy(() -> ThrottleConfig.parse(Map.of("grp1.read_iops_device", "4294967296")))
                .hasMessageContaining("an integer 0..4294967295 (IO/s, 0 = no limit)");
        assertThatThrownBy(() -> ThrottleConfig.parse(Map.of("grp1.write_bps_device", "1M")))
                .isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> ThrottleConfig.parse(Map.of("keep_io_context", "maybe")))
                .hasMessageContaining("accepted: 0 or 1");
    }

    @Test
    void aCgroupIsWrittenWithoutItsLeadingSlash() {
        assertThatThrownBy(() -> ThrottleConfig.parse(Map.of("/grp1.read_bps_device", "5")))
                .hasMessageContaining("without the leading '/'");
    }
}
