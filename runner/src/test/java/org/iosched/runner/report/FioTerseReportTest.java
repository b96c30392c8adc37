package org.iosched.runner.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.iosched.api.InvalidInputException;
import org.iosched.simulator.result.DiskStats;
import org.iosched.simulator.result.SimulationResult;
import org.junit.jupiter.api.Test;

/**
 * fio's terse line (stat.c show_thread_status_terse_all), checked field by field on the fio-3.42 randwrite capture
 * of fio-blktrace.md and on a randrw job; the field counts are those fio 3.33 prints for the same job shapes.
 */
class FioTerseReportTest {
    private static String[] fields(SimulationResult result, int version) {
        String text = FioTerseReport.render(result, version);
        assertThat(text).endsWith("\n");
        return text.substring(0, text.length() - 1).split(";", -1);
    }

    @Test
    void version3HasFiosFieldsInFiosOrder() {
        String[] f = fields(Results.referenceRandwrite(), 3);

        // fio 3.33 prints 121 fields for one job without a disk, 9 more per disk
        assertThat(f).hasSize(130);
        assertThat(List.of(f).subList(0, 5)).containsExactly("3", FioNormalReport.FIO3_VERSION, "/dev/nvme8n6", "0",
                "0");
        // read: nothing, the percentiles listed with 0 values as fio lists them without samples
        assertThat(List.of(f).subList(5, 17)).containsOnly("0", "0.000000");
        assertThat(f[17]).isEqualTo("1.000000%=0");
        assertThat(f[33]).isEqualTo("99.990000%=0");
        assertThat(List.of(f).subList(34, 37)).containsOnly("0%=0");
        // write (from field 46): KiB, KiB/s, IOPS, runtime ms
        int w = 46;
        assertThat(f[w]).isEqualTo(Long.toString(131194880L >> 10));
        assertThat(f[w + 1]).isEqualTo(Long.toString(1000 * 131194880L / 10002 / 1024));
        assertThat(f[w + 2]).isEqualTo(Long.toString(1000 * 32023L / 10002));
        assertThat(f[w + 3]).isEqualTo("10002");
        // slat and clat in µs: min and max truncated, mean and stdev with six decimals
        assertThat(List.of(f).subList(w + 4, w + 8)).containsExactly("1", "518", "6.455719", "4.135429");
        assertThat(List.of(f).subList(w + 8, w + 12)).containsExactly("794", "16898", "2486.019028", "773.033869");
        assertThat(f[w + 12]).isEqualTo("1.000000%=1220");
        assertThat(f[w + 28]).isEqualTo("99.990000%=11993");
        assertThat(f[w + 29]).isEqualTo("0%=0");
        assertThat(List.of(f).subList(w + 32, w + 36)).containsExactly("800", "16908", "2492.474940", "772.991330");
        // cpu, then seven I/O depths, ten µs buckets and twelve ms buckets
        assertThat(List.of(f).subList(87, 92)).containsExactly("1.649835%", "2.569743%", "27483", "0", "2754");
        assertThat(List.of(f).subList(92, 99)).containsOnly("0.0%");
        assertThat(f[99]).isEqualTo("0.00%");
        assertThat(f[99 + 10]).isEqualTo("27.63%"); // 8847 of 32023 I/Os
        // the disk
        assertThat(List.of(f).subList(121, 130)).containsExactly("nvme8n6", "0", "65981", "0", "0", "0", "164146",
                "164146", "99.49%");
    }

    @Test
    void theVersionsDifferInTrimSamplesAndDisk() {
        SimulationResult result = Results.referenceRandwrite();

        assertThat(fields(result, 2)).hasSize(161);
        assertThat(fields(result, 2)[0]).isEqualTo("2");
        assertThat(fields(result, 2)[1]).isEqualTo("/dev/nvme8n6");
        assertThat(fields(result, 4)).hasSize(171);
        assertThat(fields(result, 5)).hasSize(189);
        // v5: bw samples after the bw fields, then iops min, max, mean, stdev, samples (the capture's: one bw and one
        // iops sample per I/O, as fio logs them without log_avg_msec)
        String[] v5 = fields(result, 5);
        int w = 5 + 47;
        assertThat(v5[w + 4 + 4 + 4 + 20 + 4 + 5]).isEqualTo("32030");
        assertThat(v5[w + 4 + 4 + 4 + 20 + 4 + 5 + 5]).isEqualTo("32030");
    }

    @Test
    void unifiedReportingPrintsOneSumOrTheDirectionsAndTheSum() {
        SimulationResult both = Results.simulation(2_000_000_000L, List.of(Results.readsAndWrites(0, "rw", 0, false,
                Map.of("unified_rw_reporting", "both"))));
        SimulationResult mixed = Results.simulation(2_000_000_000L, List.of(Results.readsAndWrites(0, "rw", 0, false,
                Map.of("unified_rw_reporting", "mixed"))));

        assertThat(fields(both, 3)).hasSize(130 + 41);
        assertThat(fields(mixed, 3)).hasSize(130 - 41);
        // mixed: 1000 reads and 500 writes summed into the read slot
        assertThat(fields(mixed, 3)[5]).isEqualTo(Long.toString(1500 * 4096L >> 10));
    }

    @Test
    void latPercentilesWinOverClatAndBothOffLeaveZeros() {
        SimulationResult lat = Results.simulation(2_000_000_000L, List.of(Results.readsAndWrites(0, "rw", 0, false,
                Map.of("lat_percentiles", "1"))));
        SimulationResult off = Results.simulation(2_000_000_000L, List.of(Results.readsAndWrites(0, "rw", 0, false,
                Map.of("clat_percentiles", "0"))));
        SimulationResult list = Results.simulation(2_000_000_000L, List.of(Results.readsAndWrites(0, "rw", 0, false,
                Map.of("percentile_list", "99:50"))));

        assertThat(fields(lat, 3)[17]).isEqualTo("1.000000%=405");
        assertThat(fields(Results.simulation(2_000_000_000L, List.of(Results.readsAndWrites(0, "rw", 0, false,
                Map.of()))), 3)[17]).isEqualTo("1.000000%=401");
        assertThat(List.of(fields(off, 3)).subList(17, 37)).containsOnly("0%=0");
        assertThat(fields(list, 3)[17]).startsWith("50.000000%=");
        assertThat(fields(list, 3)[18]).startsWith("99.000000%=");
        assertThat(List.of(fields(list, 3)).subList(19, 37)).containsOnly("0%=0");
    }

    @Test
    void theDescriptionEndsTheLineOrHasItsOwnLineInVersion2() {
        SimulationResult described = Results.simulation(2_000_000_000L, List.of(Results.readsAndWrites(0, "rw", 0,
                false, Map.of("description", "my job"))));

        assertThat(FioTerseReport.render(described, 3)).endsWith("%;my job\n").doesNotContain("\n;");
        assertThat(FioTerseReport.render(described, 2)).endsWith("%\n;my job\n");
    }

    @Test
    void diskUtilOffDropsTheDiskFields() {
        SimulationResult result = Results.withOptions(Results.referenceRandwrite(), Map.of("disk_util", "0"));

        assertThat(fields(result, 3)).hasSize(121);
    }

    @Test
    void aJobWithoutIoPrintsCsNanShares() {
        SimulationResult idle = Results.simulation(1_000_000L, List.of(new org.iosched.simulator.result.JobResult(
                Results.descriptor(0, "idle", 0, false, "rw=read", Map.of()), 100, 0, 1_000_000L, Results.idle(),
                Results.idle(), Results.idle(), Results.none())), new DiskStats("sda", 0, 0, 0, 0, 0, 0, 0, 0.0, 0,
                0));

        assertThat(fields(idle, 3)[99]).isEqualTo("-nan%");
        assertThat(fields(idle, 3)[100]).isEqualTo("0.00%");
    }

    @Test
    void onlyFiosTerseVersionsAreAccepted() {
        assertThat(FioTerseReport.version("5")).isEqualTo(5);
        assertThatThrownBy(() -> FioTerseReport.version("1")).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("bad terse version format").hasMessageContaining("accepted: 2, 3, 4, 5");
    }
}
