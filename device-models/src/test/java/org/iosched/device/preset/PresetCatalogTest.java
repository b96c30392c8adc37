package org.iosched.device.preset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.iosched.api.BlockDeviceProvider;
import org.iosched.api.DeviceInfo;
import org.iosched.api.InvalidInputException;
import org.iosched.api.Settings;
import org.iosched.api.TunableDescriptor;
import org.iosched.api.TunableType;
import org.iosched.device.Devices;
import org.iosched.device.FakeDeviceContext;
import org.iosched.device.rotational.RotationalParameters;
import org.iosched.device.ssd.SsdParameters;
import org.junit.jupiter.api.Test;

class PresetCatalogTest {
    private static List<BlockDeviceProvider> providers() {
        List<BlockDeviceProvider> all = new ArrayList<>();
        ServiceLoader.load(BlockDeviceProvider.class).forEach(all::add);
        return all;
    }

    private static DeviceInfo info(BlockDeviceProvider provider, Map<String, String> overrides) {
        return Devices.create(provider, new FakeDeviceContext(1), overrides).info();
    }

    @Test
    void serviceLoaderFindsEveryPresetOnce() {
        assertThat(providers()).extracting(BlockDeviceProvider::name).containsExactlyInAnyOrder(
                "hdd-7200", "hdd-7200-ncq", "sas-15k", "ssd-x25m", "ssd-x25m-flash", "nvme", "hdd", "ssd");
    }

    @Test
    void everyPresetDeclaresDescribedTunablesIncludingQueueDepth() {
        for (BlockDeviceProvider p : providers()) {
            assertThat(p.description()).as(p.name()).isNotBlank();
            assertThat(p.tunables()).extracting(TunableDescriptor::name).as(p.name())
                    .contains("queue_depth", "capacity_sectors", "write_cache", "flush_ms");
            for (TunableDescriptor t : p.tunables()) {
                assertThat(t.description()).as(p.name() + "." + t.name()).isNotBlank();
                if (t.type() == TunableType.DECIMAL && t.name().endsWith("_ms")) {
                    assertThat(t.unit()).isEqualTo("ms");
                }
            }
        }
    }

    @Test
    void theTunableDefaultsAreExactlyThePresetFigures() {
        assertThat(RotationalParameters.from(Settings.defaults("hdd-7200", new Hdd7200Provider().tunables())))
                .isEqualTo(RotationalPresets.HDD_7200);
        assertThat(RotationalParameters.from(Settings.defaults("sas-15k", new Sas15kProvider().tunables())))
                .isEqualTo(RotationalPresets.SAS_15K);
        assertThat(SsdParameters.from(Settings.defaults("ssd-x25m", new SsdX25mProvider().tunables())))
                .isEqualTo(SsdPresets.SSD_X25M);
        assertThat(SsdParameters.from(Settings.defaults("nvme", new NvmeProvider().tunables())))
                .isEqualTo(SsdPresets.NVME);
    }

    @Test
    void devicesReportTheirPresetNameAndQueueing() {
        assertThat(info(new Hdd7200Provider(), Map.of())).satisfies(i -> {
            assertThat(i.name()).isEqualTo("hdd-7200");
            assertThat(i.queueDepth()).isEqualTo(1);
            assertThat(i.rotational()).isTrue();
            assertThat(i.fua()).isFalse();
            assertThat(i.capacitySectors()).isEqualTo(1_953_525_168L);
        });
        assertThat(info(new Hdd7200NcqProvider(), Map.of()).queueDepth()).isEqualTo(31);
        assertThat(info(new Sas15kProvider(), Map.of()).queueDepth()).isEqualTo(32);
        assertThat(info(new SsdX25mProvider(), Map.of())).satisfies(i -> {
            assertThat(i.name()).isEqualTo("ssd-x25m");
            assertThat(i.rotational()).isFalse();
            assertThat(i.queueDepth()).isEqualTo(31);
        });
        assertThat(info(new NvmeProvider(), Map.of()).fua()).isTrue();
    }

    @Test
    void theShortNamesAliasTheirPresets() {
        assertThat(new HddProvider().description()).contains("hdd-7200");
        assertThat(new SsdProvider().description()).contains("ssd-x25m");
        assertThat(new HddProvider().tunables()).isEqualTo(new Hdd7200Provider().tunables());
        assertThat(new SsdProvider().tunables()).isEqualTo(new SsdX25mProvider().tunables());
        assertThat(info(new HddProvider(), Map.of()).name()).isEqualTo("hdd-7200");
        assertThat(info(new SsdProvider(), Map.of()).name()).isEqualTo("ssd-x25m");
    }

    @Test
    void everyParameterCanBeOverridden() {
        DeviceInfo disk = info(new Hdd7200Provider(), Map.of("queue_depth", "8", "write_cache", "0",
                "capacity_sectors", "1000000000", "max_hw_sectors_kb", "512"));

        assertThat(disk.queueDepth()).isEqualTo(8);
        assertThat(disk.writeCache()).isFalse();
        assertThat(disk.capacitySectors()).isEqualTo(1_000_000_000L);
        assertThat(disk.maxHwSectors()).isEqualTo(1024);
    }

    @Test
    void badValuesAreUserErrorsThatSayWhatIsAccepted() {
        assertThatThrownBy(() -> info(new Hdd7200Provider(), Map.of("queue_depth", "33")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("1..32");
        assertThatThrownBy(() -> info(new Hdd7200Provider(), Map.of("seek_avg_ms", "20")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("seek_full_ms");
        assertThatThrownBy(() -> info(new SsdX25mProvider(), Map.of("start_state", "used")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("preconditioned");
        assertThatThrownBy(() -> info(new SsdX25mProvider(), Map.of("pages_per_block", "63", "program_pages", "2")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("program_pages");
    }
}
