package org.iosched.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import org.iosched.api.InvalidInputException;
import org.junit.jupiter.api.Test;

class SetOptionsTest {
    private static final Set<String> OWNERS = Set.of("device", "cfq", "deadline", "noop", "fio");

    @Test
    void keysAreRoutedByTheirFirstWord() {
        SetOptions options = SetOptions.parse(List.of("deadline.fifo_batch=1", "device.queue_depth=31",
                "queue.nr_requests=64", "kernel.hz=1000", "cfq.slice_idle = 0", "vm.dirty_ratio=40"), OWNERS);
        assertThat(options.forOwner("deadline")).containsExactly(java.util.Map.entry("fifo_batch", "1"));
        assertThat(options.forOwner("cfq")).containsEntry("slice_idle", "0");
        assertThat(options.forOwner("device")).containsEntry("queue_depth", "31");
        assertThat(options.kernel()).containsOnlyKeys("queue.nr_requests", "kernel.hz", "vm.dirty_ratio");
        assertThat(options.forOwner("noop")).isEmpty();
    }

    @Test
    void aValueMayContainDotsAndEqualsSigns() {
        SetOptions options = SetOptions.parse(List.of("fio.env=A=B.C"), OWNERS);
        assertThat(options.forOwner("fio")).containsEntry("env", "A=B.C");
    }

    @Test
    void malformedKeysAreRejectedWithAnExample() {
        for (String bad : List.of("nonsense", "=1", "deadline=1", "deadline.=1", ".x=1")) {
            assertThatThrownBy(() -> SetOptions.parse(List.of(bad), OWNERS))
                    .as(bad).isInstanceOf(InvalidInputException.class).hasMessageContaining("KEY=VALUE");
        }
    }

    @Test
    void unknownPrefixListsTheAcceptedOnes() {
        assertThatThrownBy(() -> SetOptions.parse(List.of("bfq.slice_idle=0"), OWNERS))
                .hasMessageContaining("unknown key prefix 'bfq'")
                .hasMessageContaining("cfq, deadline, fio, noop")
                .hasMessageContaining("queue");
    }

    @Test
    void aKeySetTwiceIsAnError() {
        assertThatThrownBy(() -> SetOptions.parse(List.of("cfq.quantum=4", "cfq.quantum=8"), OWNERS))
                .hasMessageContaining("cfq.quantum is set twice");
    }
}
