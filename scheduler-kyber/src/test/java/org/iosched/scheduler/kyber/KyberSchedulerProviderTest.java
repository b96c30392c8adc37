package org.iosched.scheduler.kyber;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.assertj.core.groups.Tuple;
import org.iosched.api.InvalidInputException;
import org.iosched.api.MqScheduler;
import org.iosched.api.MqSchedulerProvider;
import org.iosched.api.Request;
import org.iosched.api.Settings;
import org.iosched.api.TunableDescriptor;
import org.iosched.api.TunableType;
import org.iosched.testkit.FakeMqSchedulerContext;
import org.junit.jupiter.api.Test;

/** How Kyber is found, what it declares, and how its settings reach the scheduler. */
class KyberSchedulerProviderTest {
    private final KyberSchedulerProvider provider = new KyberSchedulerProvider();

    @Test
    void isRegisteredAsABlkMqSchedulerUnderTheNameKyber() {
        List<MqSchedulerProvider> found = ServiceLoader.load(MqSchedulerProvider.class).stream()
                .map(ServiceLoader.Provider::get)
                .filter(p -> p.name().equals("kyber"))
                .toList();

        assertThat(found).hasSize(1).first().isInstanceOf(KyberSchedulerProvider.class);
    }

    @Test
    void declaresTheKernelTunablesInNanoseconds() {
        assertThat(provider.tunables())
                .extracting(TunableDescriptor::name, TunableDescriptor::defaultValue, TunableDescriptor::unit,
                        TunableDescriptor::type)
                .containsExactly(Tuple.tuple("read_lat_nsec", "2000000", "ns", TunableType.INTEGER),
                        Tuple.tuple("write_lat_nsec", "10000000", "ns", TunableType.INTEGER));
        assertThat(provider.tunables()).allSatisfy(t -> assertThat(t.description()).isNotBlank());
    }

    @Test
    void userSettingsReachTheHistograms() {
        Settings settings = Settings.resolve("kyber", provider.tunables(),
                Map.of("read_lat_nsec", "1000000", "write_lat_nsec", "4000000"));
        FakeMqSchedulerContext context = Kybers.simple();
        MqScheduler kyber = provider.create(context, settings);
        kyber.initHardwareQueue(context.hardwareQueue(0));
        Request read = Kybers.read(context, 0, 0);
        read.markIoStarted(0);

        kyber.completedRequest(read, 1_500_000L);

        // 1.5 ms against 1 ms: bucket 5 (against the 2 ms default it would be bucket 2)
        assertThat(((KyberScheduler) kyber).histograms()
                .perCpuBucket(0, KyberScheduler.READ, LatencyHistograms.TOTAL, 5)).isEqualTo(1);
        assertThat(((KyberScheduler) kyber).target(KyberScheduler.WRITE)).isEqualTo(4_000_000L);
    }

    @Test
    void aNegativeOrMalformedTargetIsRejectedNamingWhatIsAccepted() {
        assertThatThrownBy(() -> Settings.resolve("kyber", provider.tunables(), Map.of("read_lat_nsec", "-1")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("kyber.read_lat_nsec=-1")
                .hasMessageContaining("(ns)");
        assertThatThrownBy(() -> Settings.resolve("kyber", provider.tunables(), Map.of("write_lat_nsec", "2ms")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("kyber.write_lat_nsec=2ms");
        assertThatThrownBy(() -> new KyberTunables(-5, 1))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("kyber.read_lat_nsec=-5");
    }

    @Test
    void statesNoCpuCostOfItsOwn() {
        assertThat(provider.requestCpuNanos(Settings.defaults("kyber", provider.tunables()))).isEqualTo(-1);
    }
}
