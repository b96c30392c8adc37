package org.iosched.runner.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.iosched.simulator.result.SimulationResult;
import org.junit.jupiter.api.Test;

/** fio 3.x JSON under the options that change only what fio prints (stat.c show_thread_status_json). */
class FioJsonOutputOptionsTest {
    private static JsonNode json(SimulationResult result, FioJsonReport.Format format) {
        try {
            return new ObjectMapper().readTree(FioJsonReport.render(result, format));
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static JsonNode randrw(Map<String, String> options, FioJsonReport.Format format) {
        return json(Results.simulation(2_000_000_000L, List.of(Results.readsAndWrites(0, "rw", 0, false, options))),
                format).get("jobs").get(0);
    }

    private static JsonNode randrw(Map<String, String> options) {
        return randrw(options, FioJsonReport.Format.JSON);
    }

    private static List<String> keys(JsonNode node) {
        List<String> keys = new ArrayList<>();
        node.fieldNames().forEachRemaining(keys::add);
        return keys;
    }

    @Test
    void descriptionIsTheJobsLastKeyDesc() {
        JsonNode job = randrw(Map.of("description", "mixed 4k"));

        assertThat(keys(job)).endsWith("latency_window_us", "desc");
        assertThat(job.get("desc").asText()).isEqualTo("mixed 4k");
        assertThat(randrw(Map.of()).has("desc")).isFalse();
    }

    @Test
    void percentileListGivesEachLatencyWithPercentilesThoseKeysComputedByFiosRule() {
        JsonNode read = randrw(Map.of("percentile_list", "90:50.5", "lat_percentiles", "1")).get("read");

        assertThat(keys(read.get("clat_ns").get("percentile"))).containsExactly("50.500000", "90.000000");
        // 50.5% of 1000 reads lie past the 200 us bin: 400 us's fio bucket (4096 ns wide), middle 399360 ns;
        // the lat bin at 405 us is in the next bucket, middle 403456 ns.
        assertThat(read.get("clat_ns").get("percentile").get("50.500000").asLong()).isEqualTo(399_360);
        assertThat(read.get("lat_ns").get("percentile").get("90.000000").asLong()).isEqualTo(403_456);
        assertThat(read.get("slat_ns").has("percentile")).isFalse();
    }

    @Test
    void percentileOptionsChooseWhichLatenciesCarryPercentilesAndJsonPlusBins() {
        JsonNode read = randrw(Map.of("clat_percentiles", "0", "slat_percentiles", "1"),
                FioJsonReport.Format.JSON_PLUS).get("read");

        assertThat(keys(read.get("clat_ns"))).containsExactly("min", "max", "mean", "stddev", "N");
        assertThat(keys(read.get("slat_ns"))).endsWith("percentile", "bins");
        assertThat(keys(read.get("slat_ns").get("bins"))).containsExactly("3000", "5000");
        assertThat(keys(read.get("lat_ns"))).containsExactly("min", "max", "mean", "stddev", "N");
    }

    @Test
    void syncLatenciesCarryPercentilesWhenClatOrLatPercentilesAreOn() {
        assertThat(randrw(Map.of("clat_percentiles", "0")).get("sync").get("lat_ns").has("percentile")).isFalse();
        assertThat(randrw(Map.of("clat_percentiles", "0", "lat_percentiles", "1")).get("sync").get("lat_ns")
                .has("percentile")).isTrue();
    }

    @Test
    void disabledLatenciesAreEmptyObjectsAndSyncsStillCount() {
        JsonNode job = randrw(Map.of("disable_clat", "1", "disable_lat", "1"));

        assertThat(job.get("read").get("clat_ns").get("N").asLong()).isZero();
        assertThat(job.get("read").get("lat_ns").get("N").asLong()).isZero();
        assertThat(job.get("read").get("slat_ns").get("N").asLong()).isEqualTo(1000);
        assertThat(job.get("sync").get("total_ios").asLong()).isEqualTo(10);
        assertThat(job.get("sync").get("lat_ns").get("N").asLong()).isZero();
        assertThat(job.get("latency_us").get("250").asDouble()).isZero();
    }

    @Test
    void disableBwWithAPerIoBandwidthLogLeavesNoBandwidthSamples() {
        JsonNode read = randrw(Map.of("disable_bw", "1", "write_bw_log", "rw")).get("read");

        assertThat(read.get("bw_samples").asLong()).isZero();
        assertThat(read.get("bw_mean").asDouble()).isZero();
        assertThat(read.get("iops_samples").asLong()).isEqualTo(1);
    }

    @Test
    void unifiedMixedReplacesTheDirectionsAndSyncWithOneMixedObject() {
        JsonNode job = randrw(Map.of("unified_rw_reporting", "mixed"));

        assertThat(keys(job)).containsSubsequence("job options", "mixed", "job_runtime")
                .doesNotContain("read", "write", "trim", "sync");
        JsonNode mixed = job.get("mixed");
        assertThat(mixed.get("io_bytes").asLong()).isEqualTo(1500 * 4096);
        assertThat(mixed.get("runtime").asLong()).isEqualTo(2000);
        assertThat(mixed.get("total_ios").asLong()).isEqualTo(1500);
        assertThat(mixed.get("clat_ns").get("N").asLong()).isEqualTo(1500);
        assertThat(mixed.get("bw_mean").asDouble()).isEqualTo(5000.0);
        assertThat(mixed.get("bw_samples").asLong()).isEqualTo(2);
    }

    @Test
    void unifiedBothAddsTheMixedObjectAfterSync() {
        JsonNode job = randrw(Map.of("unified_rw_reporting", "both"));

        assertThat(keys(job)).containsSubsequence("read", "write", "trim", "sync", "mixed", "job_runtime");
        assertThat(job.get("mixed").get("iops").asDouble()).isEqualTo(750.0);
        assertThat(job.get("read").get("total_ios").asLong()).isEqualTo(1000);
    }

    @Test
    void unitsAndSignificantFiguresChangeOnlyTheNormalOutputAsInFio() {
        SimulationResult plain = Results.referenceRandwrite();
        JsonNode reference = json(plain, FioJsonReport.Format.JSON).get("jobs").get(0);
        JsonNode changed = json(Results.withOptions(plain, Map.of("kb_base", "1000", "unit_base", "1",
                "significant_figures", "7")), FioJsonReport.Format.JSON).get("jobs").get(0);

        for (String key : List.of("read", "write", "trim", "sync", "latency_us", "latency_ms")) {
            assertThat(changed.get(key)).as(key).isEqualTo(reference.get(key));
        }
    }

    @Test
    void averagingWindowsAreModelledAndSoNotNoted() {
        JsonNode notes = json(Results.simulation(2_000_000_000L, List.of(Results.readsAndWrites(0, "rw", 0, false,
                Map.of("bwavgtime", "250")))), FioJsonReport.Format.JSON).get("iosched").get("report_notes");

        assertThat(notes).hasSize(ReportNotes.ALL.size());
    }
}
