package org.iosched.simulator.blkmq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.iosched.api.Bio;
import org.iosched.api.InvalidInputException;
import org.iosched.api.PluginProvider;
import org.iosched.api.RqQosContext;
import org.iosched.api.RqQosPolicy;
import org.iosched.api.RqQosProvider;
import org.iosched.api.TunableDescriptor;
import org.iosched.simulator.Simulation;
import org.iosched.simulator.noop.NoopSchedulerProvider;
import org.iosched.simulator.result.SimulationResult;
import org.iosched.simulator.testing.FakeDeviceProvider;
import org.iosched.simulator.testing.HoldingControllerProvider;
import org.iosched.simulator.testing.RandomReadWorkload;
import org.junit.jupiter.api.Test;

/** rq-qos policies in whole runs: enabled on 6.6 queues only, their keys and statistics, the era checks. */
class RqQosSimulationTest {
    /** Counts the bios it throttles; key {@code limit} (ignored), anything else rejected. */
    static final class CountingProvider implements RqQosProvider {
        @Override
        public String name() {
            return "counting";
        }

        @Override
        public String description() {
            return "counts throttled bios";
        }

        @Override
        public List<TunableDescriptor> tunables() {
            return List.of();
        }

        @Override
        public RqQosPolicy create(RqQosContext context, Map<String, String> settings) {
            for (String key : settings.keySet()) {
                if (!key.equals("limit")) {
                    throw new InvalidInputException("unknown key counting." + key + "; accepted: counting.limit");
                }
            }
            return new RqQosPolicy() {
                int throttled;

                @Override
                public Throttle throttle(Bio bio) {
                    throttled++;
                    return Throttle.PROCEED;
                }

                @Override
                public Map<String, Number> statistics() {
                    return Map.of("throttled", throttled);
                }
            };
        }
    }

    /** Charges every bio's task {@code delay_ns} at its return to user space ({@code blkcg_schedule_throttle}). */
    static final class DelayingProvider implements RqQosProvider {
        @Override
        public String name() {
            return "delaying";
        }

        @Override
        public String description() {
            return "delays every submitter at its return to user space";
        }

        @Override
        public List<TunableDescriptor> tunables() {
            return List.of(TunableDescriptor.integer("delay_ns", 0, "ns", 0, Long.MAX_VALUE, "the delay per bio"));
        }

        @Override
        public RqQosPolicy create(RqQosContext context, Map<String, String> settings) {
            long delay = Long.parseLong(settings.getOrDefault("delay_ns", "0"));
            return new RqQosPolicy() {
                @Override
                public Throttle throttle(Bio bio) {
                    context.delayTask(bio.task(), delay);
                    return Throttle.PROCEED;
                }
            };
        }
    }

    private static long durationWithDelay(long delayNanos) {
        return builder(new NoneSchedulerProvider())
                .rqQos(new DelayingProvider(), Map.of("delay_ns", Long.toString(delayNanos)))
                .build().run().durationNanos();
    }

    @Test
    void aDelayAPolicyChargesIsSleptAtTheTasksReturnToUserSpaceAtMost250MsAtOnce() {
        long none = durationWithDelay(0);
        // 50 psync reads of 1 ms: each call returns 2 ms later (the CPU's work around the sleep moves by µs)
        long twoMs = durationWithDelay(2_000_000);
        assertThat(twoMs - none).isBetween(50 * 2_000_000L, 50 * 2_000_000L + 100_000);
        // blkcg_maybe_throttle_blkg sleeps at most 250 ms per return
        long capped = durationWithDelay(10_000_000_000L);
        assertThat(capped - none).isBetween(50 * 250_000_000L, 50 * 250_000_000L + 100_000);
    }

    /** io.cost's wbt_disable_default: a policy that turns the default wbt off, when its key {@code off} is 1. */
    static final class WbtOffProvider implements RqQosProvider {
        @Override
        public String name() {
            return "wbtoff";
        }

        @Override
        public String description() {
            return "turns the default blk-wbt off";
        }

        @Override
        public List<TunableDescriptor> tunables() {
            return List.of(TunableDescriptor.bool("off", false, "turn the default wbt off"));
        }

        @Override
        public boolean disablesDefaultWbt(Map<String, String> settings) {
            return "1".equals(settings.get("off"));
        }

        @Override
        public RqQosPolicy create(RqQosContext context, Map<String, String> settings) {
            return new RqQosPolicy() {
            };
        }
    }

    @Test
    void aPolicyThatTurnsTheDefaultWbtOffRunsWithoutItUnlessTheUserSetWbtLatUsec() {
        SimulationResult off = builder(new NoneSchedulerProvider())
                .rqQos(new WbtOffProvider(), Map.of("off", "1")).build().run();
        assertThat(off.deviceStatistics().keySet()).noneMatch(k -> k.startsWith("wbt."));
        assertThat(off.settings()).containsEntry("queue.wbt_lat_usec", "0");
        SimulationResult on = builder(new NoneSchedulerProvider())
                .rqQos(new WbtOffProvider(), Map.of("off", "0")).build().run();
        assertThat(on.deviceStatistics()).containsKey("wbt.scale_step");
        SimulationResult manual = builder(new NoneSchedulerProvider())
                .rqQos(new WbtOffProvider(), Map.of("off", "1")).kernel(Map.of("queue.wbt_lat_usec", "2000"))
                .build().run();
        assertThat(manual.deviceStatistics()).containsKey("wbt.scale_step");
    }

    private static Simulation.Builder builder(PluginProvider scheduler) {
        return Simulation.builder()
                .scheduler(scheduler, Map.of())
                .device(FakeDeviceProvider.fixedLatencyDisk(1_000_000), Map.of("queue_depth", "32"))
                .workload(RandomReadWorkload.reads(50, 1));
    }

    @Test
    void aPolicyRunsOnASixSixQueueWithItsKeysAndStatistics() {
        SimulationResult result = builder(new NoneSchedulerProvider())
                .rqQos(new CountingProvider(), Map.of("limit", "3"))
                .build().run();

        assertThat(result.deviceStatistics()).containsEntry("counting.throttled", 50);
        assertThat(result.settings()).containsEntry("counting.limit", "3");
    }

    @Test
    void aBadKeyOfAPolicyFailsWhenTheRunIsBuilt() {
        assertThatThrownBy(() -> builder(new NoneSchedulerProvider()).rqQos(new CountingProvider(),
                Map.of("nope", "1")).build())
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("accepted: counting.limit");
    }

    @Test
    void aPolicyOnAThreeZeroRunIsAUserErrorNamingTheKernelThatHasIt() {
        assertThatThrownBy(() -> builder(new NoopSchedulerProvider()).rqQos(new CountingProvider(), Map.of())
                .build())
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("rq-qos policy counting exists only in kernel.version=6.6")
                .hasMessageContaining("Linux 2.6.32-3.0");
    }

    @Test
    void aBioControllerOfThreeZeroOnASixSixRunIsAUserError() {
        assertThatThrownBy(() -> builder(new NoneSchedulerProvider())
                .bioController(new HoldingControllerProvider("holding"), Map.of()).build())
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("bio controller holding exists only in kernel.version=3.0")
                .hasMessageContaining("Linux 6.6 blk-mq");
    }
}
