package org.iosched.biocontrol.throttle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.iosched.api.Bio;
import org.iosched.api.BioController;
import org.iosched.api.Op;
import org.iosched.api.Settings;
import org.iosched.api.Task;
import org.iosched.biocontrol.FakeBioLayer;
import org.iosched.biocontrol.GreedyReader;
import org.junit.jupiter.api.Test;

/** The {@code throttle} provider as the runner sees it. */
class ThrottleProviderTest {
    private final ThrottleProvider provider = new ThrottleProvider();

    @Test
    void isNamedThrottleAndStacksBelowDmIoband() {
        assertThat(provider.name()).isEqualTo("throttle");
        assertThat(provider.order()).isEqualTo(20);
    }

    @Test
    void itsDeclaredTunablesHaveValidDefaultsForListing() {
        Settings defaults = Settings.defaults(provider.name(), provider.tunables());

        assertThat(defaults.asMap()).containsEntry("keep_io_context", "0")
                .containsEntry("cgroup.read_bps_device", "0").containsKey("cgroup.write_iops_device");
    }

    @Test
    void statisticsCountDispatchedAndThrottledBiosPerCgroup() {
        FakeBioLayer layer = FakeBioLayer.builder().serviceTime(100_000, 5_000).build();
        BioController controller = layer.install(provider, Map.of("grp1.read_iops_device", "10"));
        GreedyReader.reader(layer, layer.newTask("fio", layer.newCgroup("/grp1", 500)), 1, 8).start();
        layer.runUntil(1_000_000_000L);
        Map<String, Number> stats = controller.statistics();

        // every 200 ms the worker dispatches the queued bio and the next goes straight through: 2 per 200 ms
        assertThat(stats).containsEntry("/grp1.read_dispatched_bios", 9L).containsEntry("/grp1.read_throttled_bios", 5L);
        assertThat(stats.get("/grp1.read_dispatched_bytes").longValue())
                .isEqualTo(stats.get("/grp1.read_dispatched_bios").longValue() * 4096);
        assertThat(stats).containsEntry("/grp1.write_dispatched_bios", 0L);
    }

    @Test
    void anIdleCgroupStartsANewSliceAtItsNextBio() {
        FakeBioLayer layer = FakeBioLayer.builder().serviceTime(100_000, 5_000).trace(true).build();
        layer.install(provider, Map.of("grp1.read_bps_device", "1048576"));
        Task fio = layer.newTask("fio", layer.newCgroup("/grp1", 500));
        layer.submit(new Bio(Op.READ, 0, 0, 8, fio, (b, t) -> { }), () -> { });
        layer.runUntil(500_000_000L);
        layer.submit(new Bio(Op.READ, 0, 8, 8, fio, (b, t) -> { }), () -> { });

        assertThat(layer.traceMessages()).last().asString()
                .endsWith("throtl /grp1 [R] new slice start=500 end=600 jiffies=500");
        assertThat(layer.passedDown()).hasSize(2).allMatch(FakeBioLayer.PassedDown::fromSubmit);
    }

    @Test
    void theTraceLogsQueueingSlicesAndDispatchRoundsWhenEnabled() {
        FakeBioLayer layer = FakeBioLayer.builder().serviceTime(100_000, 5_000).trace(true).build();
        layer.install(provider, Map.of("grp1.read_bps_device", "1048576"));
        GreedyReader.reader(layer, layer.newTask("fio", layer.newCgroup("/grp1", 500)), 1, 128).start();
        layer.runUntil(1_000_000_000L);

        assertThat(layer.traceMessages())
                .anyMatch(m -> m.contains("throtl /grp1 [R] extend slice start=0 end=100 jiffies=0"))
                .anyMatch(m -> m.contains("throtl /grp1 [R] bio. bdisp="))
                .anyMatch(m -> m.contains("throtl schedule work. delay="))
                .anyMatch(m -> m.contains("throtl dispatch nr_queued=1 read=1 write=0"))
                .anyMatch(m -> m.contains("throtl bios disp=1"))
                .anyMatch(m -> m.contains("throtl /grp1 [R] trim slice nr="));
    }
}
