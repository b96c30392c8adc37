package org.iosched.biocontrol.iomax;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.iosched.api.InvalidInputException;
import org.junit.jupiter.api.Test;

/** The io.max lines from the iomax.* keys. */
class IoMaxConfigTest {
    @Test
    void aLimitPerCgroupAndDirectionWithMaxForNone() {
        IoMaxConfig config = IoMaxConfig.parse(Map.of("grp1.rbps", "1048576", "a/b.wiops", "max"));

        assertThat(config.changes()).containsExactlyInAnyOrder(
                new IoMaxConfig.Change(0, "/grp1", "rbps", 1048576),
                new IoMaxConfig.Change(0, "/a/b", "wiops", IoMaxConfig.MAX));
    }

    @Test
    void iopsAreCappedAtUintMaxAsTgSetLimitDoes() {
        IoMaxConfig config = IoMaxConfig.parse(Map.of("grp1.riops", "99999999999"));

        assertThat(config.changes()).singleElement().extracting(IoMaxConfig.Change::value)
                .isEqualTo(0xFFFF_FFFFL);
    }

    @Test
    void aListWritesTheLimitAgainLaterInTheRun() {
        IoMaxConfig config = IoMaxConfig.parse(Map.of("grp1.rbps", "1048576,max@2000"));

        assertThat(config.changes()).containsExactly(
                new IoMaxConfig.Change(0, "/grp1", "rbps", 1048576),
                new IoMaxConfig.Change(2_000_000_000L, "/grp1", "rbps", IoMaxConfig.MAX));
    }

    @Test
    void zeroIsRefusedAsTheKernelsErange() {
        assertThatThrownBy(() -> IoMaxConfig.parse(Map.of("grp1.rbps", "0")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("accepted: max or an integer >= 1");
    }

    @Test
    void theRootCgroupHasNoIoMax() {
        assertThatThrownBy(() -> IoMaxConfig.parse(Map.of("rbps", "1048576")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("root cgroup");
    }

    @Test
    void anUnknownKeyListsWhatIsAccepted() {
        assertThatThrownBy(() -> IoMaxConfig.parse(Map.of("grp1.read_bps_device", "1")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("rbps|wbps|riops|wiops");
    }

    @Test
    void writesOfAListMustBeInIncreasingTime() {
        assertThatThrownBy(() -> IoMaxConfig.parse(Map.of("grp1.rbps", "1,2@5,3@5")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("increasing time");
    }
}
