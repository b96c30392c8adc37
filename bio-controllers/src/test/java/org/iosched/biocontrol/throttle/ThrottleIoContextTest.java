package org.iosched.biocontrol.throttle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.iosched.api.Task;
import org.iosched.biocontrol.FakeBioLayer;
import org.iosched.biocontrol.FakeBioLayer.PassedDown;
import org.iosched.biocontrol.GreedyReader;
import org.junit.jupiter.api.Test;

/**
 * Throttled bios reach the queue from the dispatch worker (2.6.37), so the scheduler below sees the worker's
 * io context; {@code keep_io_context=1} keeps the issuer's, as {@code bio_associate_current} does from 3.5.
 */
class ThrottleIoContextTest {
    private static final long SECOND = 1_000_000_000L;

    private static FakeBioLayer run(Map<String, String> settings, Task[] issuer) {
        FakeBioLayer layer = FakeBioLayer.builder().queueDepth(1).serviceTime(100_000, 5_000).build();
        layer.install(new ThrottleProvider(), settings);
        issuer[0] = layer.newTask("fio", layer.newCgroup("/grp1", 500));
        GreedyReader.reader(layer, issuer[0], 4, 64).start();
        layer.runUntil(SECOND);
        return layer;
    }

    @Test
    void throttledBiosAreReissuedFromTheWorkerAndBiosWithinTheRulesKeepTheIssuer() {
        Task[] issuer = new Task[1];
        FakeBioLayer layer = run(Map.of("grp1.read_bps_device", "1048576"), issuer);
        Task worker = layer.kernelThread("kthrotld");
        List<PassedDown> delayed = layer.passedDown().stream().filter(p -> !p.fromSubmit()).toList();
        List<PassedDown> direct = layer.passedDown().stream().filter(PassedDown::fromSubmit).toList();

        assertThat(delayed).isNotEmpty().allSatisfy(p -> assertThat(p.task()).isSameAs(worker));
        assertThat(direct).isNotEmpty().allSatisfy(p -> assertThat(p.task()).isSameAs(issuer[0]));
        assertThat(delayed).allSatisfy(p -> assertThat(p.bio().cgroup().path()).isEqualTo("/grp1"));
        assertThat(worker.isKernelThread()).isTrue();
    }

    @Test
    void theWorkerUnplugsTheQueueAfterEachRoundThatDispatchedBios() {
        Task[] issuer = new Task[1];
        FakeBioLayer layer = run(Map.of("grp1.read_bps_device", "1048576"), issuer);
        List<Long> roundTimes = layer.passedDown().stream().filter(p -> !p.fromSubmit()).map(PassedDown::time)
                .distinct().toList();

        assertThat(layer.unplugTimes()).isNotEmpty().containsExactlyElementsOf(roundTimes);
    }

    @Test
    void keepIoContextLeavesTheIssuersContextOnThrottledBios() {
        Task[] issuer = new Task[1];
        FakeBioLayer layer = run(Map.of("grp1.read_bps_device", "1048576", "keep_io_context", "1"), issuer);

        assertThat(layer.passedDown()).anyMatch(p -> !p.fromSubmit())
                .allSatisfy(p -> assertThat(p.task()).isSameAs(issuer[0]));
    }
}
