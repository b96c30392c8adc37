package org.iosched.simulator.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class RandomStreamsTest {
    private static long[] draw(RandomGenerator random) {
        long[] values = new long[8];
        for (int i = 0; i < values.length; i++) {
            values[i] = random.nextLong();
        }
        return values;
    }

    @Test
    void theSameSeedAndNameGiveTheSameStream() {
        assertThat(draw(new RandomStreams(42).forComponent("scheduler/cfq")))
                .isEqualTo(draw(new RandomStreams(42).forComponent("scheduler/cfq")));
    }

    @Test
    void anotherSeedOrAnotherNameGivesAnotherStream() {
        long[] base = draw(new RandomStreams(42).forComponent("device/hdd"));
        assertThat(draw(new RandomStreams(43).forComponent("device/hdd"))).isNotEqualTo(base);
        assertThat(draw(new RandomStreams(42).forComponent("device/ssd"))).isNotEqualTo(base);
    }

    @Test
    void aComponentsStreamDoesNotDependOnOtherComponentsDraws() {
        RandomStreams streams = new RandomStreams(5);
        RandomGenerator other = streams.forComponent("workload/a");
        for (int i = 0; i < 100; i++) {
            other.nextLong();
        }
        assertThat(draw(streams.forComponent("workload/b")))
                .isEqualTo(draw(new RandomStreams(5).forComponent("workload/b")));
    }

    @Test
    void theDerivationIsAStableFunctionOfSeedAndName() {
        // pinned so that a change of the derivation, which would change every run's results, is noticed
        assertThat(RandomStreams.fnv1a64("")).isEqualTo(0xcbf29ce484222325L);
        assertThat(RandomStreams.fnv1a64("a")).isEqualTo(0xaf63dc4c8601ec8cL);
        assertThat(RandomStreams.derive(1, "noop")).isEqualTo(RandomStreams.derive(1, "noop"));
        assertThat(RandomStreams.derive(1, "noop")).isNotEqualTo(RandomStreams.derive(2, "noop"));
    }
}
