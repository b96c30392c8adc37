package org.iosched.biocontrol.ioband;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.iosched.api.Cgroup;
import org.iosched.biocontrol.FakeBioLayer;
import org.iosched.biocontrol.GreedyReader;
import org.junit.jupiter.api.Test;

/** dm-ioband shares the device between cgroups by weight, counting bios or sectors. */
class IobandSharingTest {
    private static final long SECOND = 1_000_000_000L;

    /** Readers of one cgroup. */
    private record Group(List<GreedyReader> readers) {
        long sectors() {
            long s = 0;
            for (GreedyReader r : readers) {
                s += r.completedSectors();
            }
            return s;
        }

        long bios() {
            long s = 0;
            for (GreedyReader r : readers) {
                s += r.completedBios();
            }
            return s;
        }
    }

    private static Group group(FakeBioLayer layer, Cgroup cgroup, int readers, int depth, int sectors) {
        List<GreedyReader> list = new ArrayList<>();
        for (int i = 0; i < readers; i++) {
            list.add(GreedyReader.reader(layer, layer.newTask("fio", cgroup), depth, sectors).start());
        }
        return new Group(list);
    }

    private static FakeBioLayer disk() {
        // a FIFO device whose time grows with the bio's size, so that bandwidth is what the device gives
        return FakeBioLayer.builder().queueDepth(1).serviceTime(200_000, 10_000).build();
    }

    @Test
    void withoutIobandTheGroupKeepingMoreBiosOutstandingGetsMoreBandwidth() {
        FakeBioLayer layer = disk();
        layer.installPassThrough();
        Group grp1 = group(layer, layer.newCgroup("/grp1", 500), 2, 4, 8);
        Group grp2 = group(layer, layer.newCgroup("/grp2", 500), 4, 4, 8);
        layer.runUntil(10 * SECOND);

        assertThat((double) grp2.sectors() / grp1.sectors()).isCloseTo(2.0, within(0.1));
    }

    @Test
    void equalWeightsSplitDispatchedBandwidthEvenlyWhateverEachGroupKeepsOutstanding() {
        FakeBioLayer layer = disk();
        layer.install(new IobandProvider(), Map.of("policy", "weight"));
        Group grp1 = group(layer, layer.newCgroup("/grp1", 500), 2, 4, 8);
        Group grp2 = group(layer, layer.newCgroup("/grp2", 500), 4, 4, 8);
        layer.runUntil(10 * SECOND);

        assertThat((double) grp2.sectors() / grp1.sectors()).isCloseTo(1.0, within(0.1));
    }

    @Test
    void blkioWeightsOfTwoToOneSplitBandwidthTwoToOne() {
        FakeBioLayer layer = disk();
        layer.install(new IobandProvider(), Map.of("policy", "weight"));
        Group heavy = group(layer, layer.newCgroup("/grp1", 1000), 2, 4, 8);
        Group light = group(layer, layer.newCgroup("/grp2", 500), 4, 4, 8);
        layer.runUntil(10 * SECOND);

        assertThat((double) heavy.sectors() / light.sectors()).isCloseTo(2.0, within(0.2));
    }

    @Test
    void weightKeysOverrideTheCgroupsBlkioWeight() {
        FakeBioLayer layer = disk();
        layer.install(new IobandProvider(), Map.of("policy", "weight", "grp1.weight", "200", "grp2.weight", "100"));
        Group heavy = group(layer, layer.newCgroup("/grp1", 500), 2, 4, 8);
        Group light = group(layer, layer.newCgroup("/grp2", 500), 4, 4, 8);
        layer.runUntil(10 * SECOND);

        assertThat((double) heavy.sectors() / light.sectors()).isCloseTo(2.0, within(0.2));
    }

    @Test
    void weightIosizeChargesSectorsSoAGroupWithTwiceBiggerBiosGetsHalfTheBios() {
        FakeBioLayer layer = disk();
        layer.install(new IobandProvider(), Map.of("policy", "weight-iosize"));
        Group small = group(layer, layer.newCgroup("/grp1", 500), 3, 4, 8);
        Group big = group(layer, layer.newCgroup("/grp2", 500), 3, 4, 16);
        layer.runUntil(10 * SECOND);

        assertThat((double) big.bios() / small.bios()).isCloseTo(0.5, within(0.05));
        assertThat((double) big.sectors() / small.sectors()).isCloseTo(1.0, within(0.1));
    }

    @Test
    void weightPolicyChargesBiosSoAGroupWithTwiceBiggerBiosGetsTwiceTheSectors() {
        FakeBioLayer layer = disk();
        layer.install(new IobandProvider(), Map.of("policy", "weight"));
        Group small = group(layer, layer.newCgroup("/grp1", 500), 3, 4, 8);
        Group big = group(layer, layer.newCgroup("/grp2", 500), 3, 4, 16);
        layer.runUntil(10 * SECOND);

        assertThat((double) big.bios() / small.bios()).isCloseTo(1.0, within(0.1));
        assertThat((double) big.sectors() / small.sectors()).isCloseTo(2.0, within(0.2));
    }
}
