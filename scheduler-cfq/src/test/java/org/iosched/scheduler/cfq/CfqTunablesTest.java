package org.iosched.scheduler.cfq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.ServiceLoader;
import org.iosched.api.InvalidInputException;
import org.iosched.api.IoSchedulerProvider;
import org.iosched.api.Jiffies;
import org.iosched.api.Settings;
import org.iosched.api.TunableDescriptor;
import org.junit.jupiter.api.Test;

class CfqTunablesTest {

    private static CfqTunables tunables(int hz, Map<String, String> values) {
        return CfqTunables.from(Settings.resolve("cfq", CfqTunables.DESCRIPTORS, values), new Jiffies(hz, CfqData.JIFFIES_BASE));
    }

    @Test
    void providerIsFoundByServiceLoaderUnderTheNameCfq() {
        assertThat(ServiceLoader.load(IoSchedulerProvider.class).stream().map(ServiceLoader.Provider::get)
                .filter(p -> p.name().equals("cfq")).findFirst())
                .get().isInstanceOf(CfqSchedulerProvider.class);
    }

    @Test
    void declaresTheSysfsTunablesOfLinux30WithTheirDefaultsAndUnits() {
        Map<String, TunableDescriptor> byName = new java.util.HashMap<>();
        new CfqSchedulerProvider().tunables().forEach(t -> byName.put(t.name(), t));
        assertThat(byName.get("quantum").defaultValue()).isEqualTo("8");
        assertThat(byName.get("fifo_expire_sync").defaultValue()).isEqualTo("125");
        assertThat(byName.get("fifo_expire_sync").unit()).isEqualTo("ms");
        assertThat(byName.get("fifo_expire_async").defaultValue()).isEqualTo("250");
        assertThat(byName.get("back_seek_max").defaultValue()).isEqualTo("16384");
        assertThat(byName.get("back_seek_max").unit()).isEqualTo("KiB");
        assertThat(byName.get("back_seek_penalty").defaultValue()).isEqualTo("2");
        assertThat(byName.get("slice_sync").defaultValue()).isEqualTo("100");
        assertThat(byName.get("slice_async").defaultValue()).isEqualTo("40");
        assertThat(byName.get("slice_async_rq").defaultValue()).isEqualTo("2");
        assertThat(byName.get("slice_idle").defaultValue()).isEqualTo("8");
        assertThat(byName.get("group_idle").defaultValue()).isEqualTo("8");
        assertThat(byName.get("low_latency").defaultValue()).isEqualTo("1");
        assertThat(byName.get("target_latency").defaultValue()).isEqualTo("300");
    }

    @Test
    void everySwitchDefaultsToLinux30Behaviour() {
        CfqTunables t = tunables(250, Map.of());
        assertThat(t.groupPreemptSyncNoidle()).isFalse();
        assertThat(t.asyncMinDispatch()).isFalse();
        assertThat(t.fifoExpiredMustDispatch()).isFalse();
        assertThat(t.softQuantum()).isTrue();
        assertThat(t.syncAsyncTogether()).isFalse();
        assertThat(t.noidleOnReqNoidle()).isTrue();
        assertThat(t.asyncQueuesPerGroup()).isFalse();
    }

    @Test
    void defaultTimesAreTheKernelsHzDivisionsInJiffies() {
        CfqTunables t = tunables(250, Map.of());
        assertThat(t.fifoExpireSync()).isEqualTo(31);   // HZ/8 = 124 ms
        assertThat(t.fifoExpireAsync()).isEqualTo(62);  // HZ/4
        assertThat(t.sliceSync()).isEqualTo(25);        // HZ/10
        assertThat(t.sliceAsync()).isEqualTo(10);       // HZ/25
        assertThat(t.sliceIdle()).isEqualTo(2);         // HZ/125 = 8 ms
        assertThat(t.groupIdle()).isEqualTo(2);
        assertThat(t.targetLatency()).isEqualTo(75);    // HZ*3/10
        assertThat(t.backSeekMax()).isEqualTo(16384);
    }

    @Test
    void slowClocksForceSliceIdleAndSliceAsyncToOneJiffyAsCfqInitDoes() {
        CfqTunables t = tunables(100, Map.of());
        assertThat(t.sliceIdle()).isEqualTo(1);   // HZ/125 = 0 at HZ=100
        assertThat(t.groupIdle()).isEqualTo(1);
        assertThat(t.sliceAsync()).isEqualTo(4);
        assertThat(t.fifoExpireSync()).isEqualTo(12);
    }

    @Test
    void writtenMillisecondsRoundUpToJiffiesAsMsecsToJiffiesDoes() {
        CfqTunables t = tunables(250, Map.of("slice_idle", "5", "fifo_expire_sync", "130", "slice_sync", "1"));
        assertThat(t.sliceIdle()).isEqualTo(2);        // 1.25 jiffies rounds up
        assertThat(t.fifoExpireSync()).isEqualTo(33);  // 32.5
        assertThat(t.sliceSync()).isEqualTo(1);
    }

    @Test
    void sliceIdleZeroTurnsIdlingOff() {
        assertThat(tunables(250, Map.of("slice_idle", "0")).sliceIdle()).isZero();
    }

    @Test
    void outOfRangeValuesAreRejectedWithWhatIsAccepted() {
        assertThatThrownBy(() -> tunables(250, Map.of("quantum", "0")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("quantum");
        assertThatThrownBy(() -> tunables(250, Map.of("slice_iddle", "3")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("slice_idle");
    }

    @Test
    void jiffiesFollowVirtualTimeInTicksOfOneOverHz() {
        Jiffies j = new Jiffies(250, CfqData.JIFFIES_BASE);
        assertThat(j.at(0)).isEqualTo(CfqData.JIFFIES_BASE);
        assertThat(j.at(3_999_999)).isEqualTo(CfqData.JIFFIES_BASE);
        assertThat(j.at(4_000_000)).isEqualTo(CfqData.JIFFIES_BASE + 1);
        assertThat(j.startOf(CfqData.JIFFIES_BASE + 2)).isEqualTo(8_000_000);
        Jiffies odd = new Jiffies(300, CfqData.JIFFIES_BASE);
        for (long jiffy = CfqData.JIFFIES_BASE; jiffy < CfqData.JIFFIES_BASE + 1000; jiffy++) {
            assertThat(odd.at(odd.startOf(jiffy))).isEqualTo(jiffy);
            assertThat(odd.at(odd.startOf(jiffy) - 1)).isEqualTo(jiffy - 1);
        }
    }

    @Test
    void countsUpToUintMaxAreAccepted() {
        CfqTunables t = tunables(250, Map.of("quantum", "4294967295", "slice_async_rq", "4294967295"));
        assertThat(t.quantum()).isEqualTo(4294967295L);
        assertThat(t.sliceAsyncRq()).isEqualTo(4294967295L);
    }
}
