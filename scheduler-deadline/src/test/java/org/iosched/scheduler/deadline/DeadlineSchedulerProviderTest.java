package org.iosched.scheduler.deadline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.iosched.api.InvalidInputException;
import org.iosched.api.IoScheduler;
import org.iosched.api.IoSchedulerProvider;
import org.iosched.api.Request;
import org.iosched.api.Settings;
import org.iosched.api.TunableDescriptor;
import org.iosched.api.TunableType;
import org.iosched.testkit.FakeSchedulerContext;
import org.iosched.testkit.Requests;
import org.junit.jupiter.api.Test;

/** How deadline is found, what it declares, and how its settings reach the scheduler. */
class DeadlineSchedulerProviderTest {
    private static final long MS = 1_000_000L;

    private final DeadlineSchedulerProvider provider = new DeadlineSchedulerProvider();

    @Test
    void isRegisteredWithTheServiceLoaderUnderTheNameDeadline() {
        List<IoSchedulerProvider> found = ServiceLoader.load(IoSchedulerProvider.class).stream()
                .map(ServiceLoader.Provider::get)
                .filter(p -> p.name().equals("deadline"))
                .toList();

        assertThat(found).hasSize(1).first().isInstanceOf(DeadlineSchedulerProvider.class);
    }

    @Test
    void declaresTheKernelTunablesWithTheirDefaultsUnitsAndTypes() {
        assertThat(provider.tunables())
                .extracting(TunableDescriptor::name, TunableDescriptor::defaultValue, TunableDescriptor::unit,
                        TunableDescriptor::type)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("read_expire", "500", "ms", TunableType.INTEGER),
                        org.assertj.core.groups.Tuple.tuple("write_expire", "5000", "ms", TunableType.INTEGER),
                        org.assertj.core.groups.Tuple.tuple("writes_starved", "2", "batches", TunableType.INTEGER),
                        org.assertj.core.groups.Tuple.tuple("front_merges", "1", "", TunableType.BOOLEAN),
                        org.assertj.core.groups.Tuple.tuple("fifo_batch", "16", "requests", TunableType.INTEGER));
        assertThat(provider.tunables()).allSatisfy(t -> {
            assertThat(t.min()).isZero();
            assertThat(t.description()).isNotBlank();
        });
    }

    @Test
    void defaultSettingsAreTheKernelDefaults() {
        Settings settings = Settings.defaults("deadline", provider.tunables());

        assertThat(DeadlineTunables.from(settings)).isEqualTo(DeadlineTunables.defaults())
                .isEqualTo(new DeadlineTunables(500, 5000, 2, true, 16));
    }

    @Test
    void userSettingsReachTheScheduler() {
        Settings settings = Settings.resolve("deadline", provider.tunables(),
                Map.of("read_expire", "100", "write_expire", "1000", "fifo_batch", "1", "front_merges", "0",
                        "writes_starved", "5"));
        FakeSchedulerContext context = FakeSchedulerContext.create();
        Requests requests = Requests.atTimeZero();

        IoScheduler deadline = provider.create(context, settings);
        Request read = requests.read(1000);
        Request write = requests.write(2000);
        deadline.add(read);
        deadline.add(write);

        assertThat(DeadlineTunables.from(settings)).isEqualTo(new DeadlineTunables(100, 1000, 5, false, 1));
        assertThat(read.fifoTime()).isEqualTo(100 * MS);
        assertThat(write.fifoTime()).isEqualTo(1000 * MS);
        assertThat(deadline.findFrontMerge(requests.bio(org.iosched.api.Op.READ, 0, 992, 8))).isNull();
    }

    @Test
    void negativeValueIsRejectedNamingTheAcceptedRange() {
        assertThatThrownBy(() -> Settings.resolve("deadline", provider.tunables(), Map.of("fifo_batch", "-1")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("deadline.fifo_batch=-1")
                .hasMessageContaining("0..2147483647 (requests)");
    }

    @Test
    void frontMergesAcceptsOnlyZeroOrOne() {
        assertThatThrownBy(() -> Settings.resolve("deadline", provider.tunables(), Map.of("front_merges", "2")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("0 or 1");
    }

    @Test
    void expiryBeyondTheKernelsIntMaxIsRejected() {
        assertThatThrownBy(() -> Settings.resolve("deadline", provider.tunables(),
                Map.of("read_expire", "2147483648")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("0..2147483647 (ms)");
    }

    @Test
    void tunablesBuiltInCodeAreCheckedToo() {
        assertThatThrownBy(() -> new DeadlineTunables(500, 5000, -1, true, 16))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("deadline.writes_starved=-1");
    }
}
