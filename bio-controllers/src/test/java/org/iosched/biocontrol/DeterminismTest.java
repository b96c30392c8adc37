package org.iosched.biocontrol;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.iosched.api.BioController;
import org.iosched.api.BioControllerProvider;
import org.iosched.api.Cgroup;
import org.iosched.biocontrol.ioband.IobandProvider;
import org.iosched.biocontrol.throttle.ThrottleProvider;
import org.junit.jupiter.api.Test;

/** Same inputs, same outputs: the order and time of every passDown, and the statistics. */
class DeterminismTest {
    private static List<String> run(BioControllerProvider provider, Map<String, String> settings) {
        FakeBioLayer layer = FakeBioLayer.builder().queueDepth(4).serviceTime(150_000, 8_000).build();
        BioController c = layer.install(provider, settings);
        Cgroup grp1 = layer.newCgroup("/grp1", 500);
        Cgroup grp2 = layer.newCgroup("/grp2", 700);
        for (int i = 0; i < 6; i++) {
            GreedyReader.reader(layer, layer.newTask("fio", i % 2 == 0 ? grp1 : grp2), 1 + i, 8 << (i % 3)).start();
        }
        layer.runUntil(500_000_000L);
        List<String> out = new ArrayList<>();
        for (FakeBioLayer.PassedDown p : layer.passedDown()) {
            out.add(p.time() + " " + p.bio() + " " + p.fromSubmit());
        }
        out.add(c.statistics().toString());
        return out;
    }

    @Test
    void iobandRunsAreRepeatable() {
        Map<String, String> settings = Map.of("policy", "weight-iosize", "io_limit", "16");
        assertThat(run(new IobandProvider(), settings)).isEqualTo(run(new IobandProvider(), settings));
    }

    @Test
    void throttleRunsAreRepeatable() {
        Map<String, String> settings = Map.of("grp1.read_bps_device", "2000000", "grp2.read_iops_device", "300");
        assertThat(run(new ThrottleProvider(), settings)).isEqualTo(run(new ThrottleProvider(), settings));
    }
}
