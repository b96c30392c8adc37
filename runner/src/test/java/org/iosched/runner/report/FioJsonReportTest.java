package org.iosched.runner.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.iosched.api.InvalidInputException;
import org.iosched.api.JobDescriptor;
import org.iosched.simulator.result.JobResult;
import org.iosched.simulator.result.SimulationResult;
import org.junit.jupiter.api.Test;

class FioJsonReportTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static JsonNode parse(String json) {
        try {
            return MAPPER.readTree(json);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static JsonNode reference() {
        return parse(FioNormalReportTest.resource("fio-3.42-randwrite.json"));
    }

    private static JsonNode ours(FioJsonReport.Format format) {
        return parse(FioJsonReport.render(Results.referenceRandwrite(), format));
    }

    private static List<String> keys(JsonNode node) {
        List<String> keys = new ArrayList<>();
        node.fieldNames().forEachRemaining(keys::add);
        return keys;
    }

    private static List<String> without(List<String> keys, String... left) {
        List<String> kept = new ArrayList<>(keys);
        kept.removeAll(List.of(left));
        return kept;
    }

    @Test
    void topLevelKeysAreFiosInFiosOrderWithoutGlobalOptionsAndWithTheIoschedObjectLast() {
        assertThat(without(keys(ours(FioJsonReport.Format.JSON)), "iosched"))
                .containsExactlyElementsOf(without(keys(reference()), "global options"));
        assertThat(keys(ours(FioJsonReport.Format.JSON))).endsWith("disk_util", "iosched");
    }

    @Test
    void jobKeysAreFiosKeyForKeyInFiosOrder() {
        assertThat(keys(ours(FioJsonReport.Format.JSON).get("jobs").get(0)))
                .containsExactlyElementsOf(keys(reference().get("jobs").get(0)));
    }

    @Test
    void directionAndLatencyObjectsHaveFiosKeysInFiosOrder() {
        JsonNode job = ours(FioJsonReport.Format.JSON).get("jobs").get(0);
        JsonNode referenceJob = reference().get("jobs").get(0);
        for (String direction : List.of("read", "write", "trim")) {
            assertThat(keys(job.get(direction))).as(direction)
                    .containsExactlyElementsOf(keys(referenceJob.get("write")));
        }
        for (String latency : List.of("slat_ns", "clat_ns", "lat_ns")) {
            assertThat(keys(job.get("write").get(latency))).as(latency)
                    .containsExactlyElementsOf(keys(referenceJob.get("write").get(latency)));
        }
        assertThat(keys(job.get("write").get("clat_ns").get("percentile")))
                .containsExactlyElementsOf(keys(referenceJob.get("write").get("clat_ns").get("percentile")));
        for (String object : List.of("sync", "iodepth_level", "iodepth_submit", "iodepth_complete", "latency_ns",
                "latency_us", "latency_ms")) {
            assertThat(keys(job.get(object))).as(object).containsExactlyElementsOf(keys(referenceJob.get(object)));
        }
        assertThat(keys(job.get("sync").get("lat_ns")))
                .containsExactlyElementsOf(keys(referenceJob.get("sync").get("lat_ns")));
    }

    @Test
    void diskUtilHasFiosKeysWithTheSectorCountsOfFio336() {
        assertThat(keys(ours(FioJsonReport.Format.JSON).get("disk_util").get(0)))
                .containsExactlyElementsOf(keys(reference().get("disk_util").get(0)));
        assertThat(ours(FioJsonReport.Format.JSON).get("disk_util").get(0).get("write_sectors"))
                .isEqualTo(reference().get("disk_util").get(0).get("write_sectors"));
    }

    @Test
    void referenceRunGivesTheReferenceValuesForEverythingTheSimulatorMeasures() {
        JsonNode write = ours(FioJsonReport.Format.JSON).get("jobs").get(0).get("write");
        JsonNode referenceWrite = reference().get("jobs").get(0).get("write");
        for (String key : List.of("io_bytes", "io_kbytes", "bw_bytes", "bw", "iops", "runtime", "total_ios",
                "short_ios", "drop_ios", "slat_ns", "clat_ns", "lat_ns")) {
            assertThat(write.get(key)).as(key).isEqualTo(referenceWrite.get(key));
        }
        JsonNode job = ours(FioJsonReport.Format.JSON).get("jobs").get(0);
        JsonNode referenceJob = reference().get("jobs").get(0);
        for (String key : List.of("jobname", "groupid", "error", "eta", "elapsed", "job_runtime", "latency_us",
                "latency_ms", "latency_depth", "latency_target", "latency_percentile", "latency_window")) {
            assertThat(job.get(key)).as(key).isEqualTo(referenceJob.get(key));
        }
        JsonNode disk = ours(FioJsonReport.Format.JSON).get("disk_util").get(0);
        for (String key : keys(disk)) {
            assertThat(disk.get(key)).as(key).isEqualTo(reference().get("disk_util").get(0).get(key));
        }
    }

    @Test
    void documentIsLaidOutAsFiosJsonPrinterLaysItOut() {
        String json = FioJsonReport.render(Results.referenceRandwrite(), FioJsonReport.Format.JSON);

        assertThat(json).startsWith("{\n  \"fio version\" : \"fio-3.42-iosched\",\n  \"timestamp\" : 22,\n"
                + "  \"timestamp_ms\" : 22100,\n  \"time\" : \"Thu Jan  1 00:00:22 1970\",\n  \"jobs\" : [\n    {\n"
                + "      \"jobname\" : \"/dev/nvme8n6\",\n      \"groupid\" : 0,\n      \"job_start\" : 11000,\n");
        assertThat(json).contains("        \"iops\" : 3201.659668,\n")
                .contains("          \"percentile\" : {\n            \"1.000000\" : 1220608,\n")
                .contains("    \"notices\" : [\n\n    ],\n    \"device_statistics\" : {\n\n    },\n");
        assertThat(json).endsWith("\n  }\n}\n");
    }

    @Test
    void jsonPlusAddsTheClatHistogramAndJsonDoesNot() {
        JsonNode plain = ours(FioJsonReport.Format.JSON).get("jobs").get(0).get("write");
        JsonNode plus = ours(FioJsonReport.Format.JSON_PLUS).get("jobs").get(0).get("write");

        assertThat(plain.get("clat_ns").has("bins")).isFalse();
        assertThat(keys(plus.get("clat_ns"))).endsWith("percentile", "bins");
        assertThat(keys(plus.get("clat_ns").get("bins")))
                .containsExactly("950000", "1500000", "3000000", "5000000", "15000000");
        assertThat(plus.get("clat_ns").get("bins").get("1500000").asLong()).isEqualTo(8847);
        assertThat(plus.get("slat_ns").has("bins")).isFalse();
    }

    @Test
    void reportIsByteIdenticalToTheGoldenFile() {
        assertThat(FioJsonReport.render(Results.referenceRandwrite(), FioJsonReport.Format.JSON_PLUS))
                .isEqualTo(FioNormalReportTest.resource("iosched-json-plus-randwrite.json"));
    }

    @Test
    void syncLatenciesGetPercentilesLikeClatAndEmptyLatenciesGetNone() {
        SimulationResult reference = Results.referenceRandwrite();
        JobResult job = reference.jobs().get(0);
        JobResult withSyncs = new JobResult(job.job(), job.pid(), job.startNanos(), job.endNanos(), job.read(),
                job.write(), job.trim(), Results.latency(3, 100_000, 300_000, 200_000, 100_000,
                        Results.percentiles(100_000, 100_000), Results.bins(100_000, 1, 200_000, 1, 300_000, 1)));
        JsonNode jobNode = parse(FioJsonReport.render(Results.simulation(1, List.of(withSyncs)),
                FioJsonReport.Format.JSON_PLUS)).get("jobs").get(0);

        assertThat(jobNode.get("sync").get("total_ios").asLong()).isEqualTo(3);
        assertThat(keys(jobNode.get("sync").get("lat_ns"))).containsExactly("min", "max", "mean", "stddev", "N",
                "percentile", "bins");
        assertThat(keys(jobNode.get("read").get("clat_ns"))).containsExactly("min", "max", "mean", "stddev", "N");
    }

    @Test
    void optionsAreSortedByNameAndEmptyValuesLeftOutAsFioCannotPrintThem() {
        Map<String, String> options = new LinkedHashMap<>();
        options.put("rw", "read");
        options.put("description", "");
        options.put("bs", "4k");
        JobResult job = new JobResult(Results.descriptor(0, "a", 0, false, "rw=read", options), 1, 0, 1,
                Results.idle(), Results.idle(), Results.idle(), Results.none());
        JsonNode jobNode = parse(FioJsonReport.render(Results.simulation(1, List.of(job)),
                FioJsonReport.Format.JSON)).get("jobs").get(0);

        assertThat(keys(jobNode.get("job options"))).containsExactly("bs", "rw");
    }

    @Test
    void globalOptionsAndEachJobsOwnOptionsAreFiosInParseOrderWithRepeatsAsFio333PrintsThem() {
        // fio 3.33 --output-format=json of "[global] bs=4k filename=f size=64k ioengine=psync / [a] name=zzz
        // rw=read / [global] bs=8k iodepth=1 / [b] rw=write stonewall": "bs" twice in "global options",
        // filename last of its section (option priority), a flag left out but its object kept
        List<String> globals = List.of("bs=4k", "size=64k", "ioengine=psync", "filename=f", "bs=8k", "iodepth=1");
        JobResult a = new JobResult(new JobDescriptor(0, "zzz", 0, false, "rw=read", Map.of("rw", "read"), List.of(),
                List.of("name=zzz", "rw=read"), globals), 1, 0, 1, Results.idle(), Results.idle(), Results.idle(),
                Results.none());
        JobResult b = new JobResult(new JobDescriptor(1, "b", 1, false, "rw=write", Map.of("rw", "write"),
                List.of(), List.of("stonewall="), globals), 2, 0, 1, Results.idle(), Results.idle(),
                Results.idle(), Results.none());
        String json = FioJsonReport.render(Results.simulation(1, List.of(a, b)), FioJsonReport.Format.JSON);

        assertThat(json).contains("  \"time\" : \"Thu Jan  1 00:00:00 1970\",\n  \"global options\" : {\n"
                + "    \"bs\" : \"4k\",\n    \"size\" : \"64k\",\n    \"ioengine\" : \"psync\",\n"
                + "    \"filename\" : \"f\",\n    \"bs\" : \"8k\",\n    \"iodepth\" : \"1\"\n  },\n  \"jobs\" : [\n");
        assertThat(json).contains("      \"job options\" : {\n        \"name\" : \"zzz\",\n"
                + "        \"rw\" : \"read\"\n      },\n");
        assertThat(json).contains("      \"job options\" : {\n\n      },\n");
        assertThat(keys(parse(json))).containsExactly("fio version", "timestamp", "timestamp_ms", "time",
                "global options", "jobs", "disk_util", "iosched");
        assertThat(parse(json).get("disk_util").get(0).get("name").asText()).isEqualTo("sda");
    }

    @Test
    void jobWithoutOptionsHasNoJobOptionsObject() {
        JobResult job = new JobResult(Results.descriptor(0, "a", 0, false, "rw=read", Map.of()), 1, 0, 1,
                Results.idle(), Results.idle(), Results.idle(), Results.none());
        JsonNode jobNode = parse(FioJsonReport.render(Results.simulation(1, List.of(job)),
                FioJsonReport.Format.JSON)).get("jobs").get(0);

        assertThat(jobNode.has("job options")).isFalse();
        assertThat(keys(jobNode)).contains("elapsed", "read");
    }

    @Test
    void ioschedObjectNamesTheRunWithSortedSettingsAndTypedDeviceStatistics() {
        SimulationResult reference = Results.referenceRandwrite();
        Map<String, Number> statistics = new LinkedHashMap<>();
        statistics.put("seeks", 1234L);
        statistics.put("cache_hit_ratio", 0.25);
        statistics.put("flushes", 7);
        SimulationResult result = new SimulationResult("deadline", "hdd-7200", 7, reference.settings(),
                reference.durationNanos(), reference.jobs(), reference.disk(),
                List.of("cpus_allowed: no effect in simulation"), statistics);

        String json = FioJsonReport.render(result, FioJsonReport.Format.JSON);
        JsonNode iosched = parse(json).get("iosched");

        assertThat(keys(iosched)).containsExactly("scheduler", "device", "seed", "kernel", "settings", "notices",
                "device_statistics", "tasks", "report_notes");
        assertThat(iosched.get("scheduler").asText()).isEqualTo("deadline");
        assertThat(iosched.get("seed").asLong()).isEqualTo(7);
        assertThat(keys(iosched.get("settings"))).containsExactly("cfq.slice_idle", "queue.nr_requests");
        assertThat(iosched.get("notices").get(0).asText()).isEqualTo("cpus_allowed: no effect in simulation");
        assertThat(json).contains("      \"cache_hit_ratio\" : 0.250000,\n      \"flushes\" : 7,\n"
                + "      \"seeks\" : 1234\n");
        assertThat(iosched.get("report_notes")).hasSize(ReportNotes.ALL.size());
    }

    @Test
    void identicalResultsGiveIdenticalDocuments() {
        assertThat(FioJsonReport.render(Results.referenceRandwrite(), FioJsonReport.Format.JSON_PLUS))
                .isEqualTo(FioJsonReport.render(Results.referenceRandwrite(), FioJsonReport.Format.JSON_PLUS));
    }

    @Test
    void severalSchedulersGiveOneCompleteDocumentEachInOrder() {
        SimulationResult cfq = Results.referenceRandwrite();
        SimulationResult deadline = new SimulationResult("deadline", cfq.device(), cfq.seed(), Map.of(),
                cfq.durationNanos(), cfq.jobs(), cfq.disk(), List.of(), Map.of());

        String both = FioJsonReport.renderAll(List.of(cfq, deadline), FioJsonReport.Format.JSON);

        String first = FioJsonReport.render(cfq, FioJsonReport.Format.JSON);
        assertThat(both).startsWith(first);
        assertThat(parse(both.substring(first.length())).get("iosched").get("scheduler").asText())
                .isEqualTo("deadline");
    }

    @Test
    void eachSchedulersFileIsNamedAfterItWhenSeveralRun() {
        assertThat(FioJsonReport.documentPath(Path.of("out/run.json"), "cfq", 1)).isEqualTo(Path.of("out/run.json"));
        assertThat(FioJsonReport.documentPath(Path.of("out/run.json"), "cfq", 3))
                .isEqualTo(Path.of("out/run.cfq.json"));
        assertThat(FioJsonReport.documentPath(Path.of("run"), "deadline", 2)).isEqualTo(Path.of("run.deadline"));
        assertThat(FioJsonReport.documentPath(Path.of(".hidden"), "noop", 2)).isEqualTo(Path.of(".hidden.noop"));
    }

    @Test
    void formatsAreNamedAsOnTheCommandLine() {
        assertThat(FioJsonReport.Format.fromCliName("json+")).isEqualTo(FioJsonReport.Format.JSON_PLUS);
        assertThat(FioJsonReport.Format.JSON.cliName()).isEqualTo("json");
        assertThatThrownBy(() -> FioJsonReport.Format.fromCliName("xml"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("accepted: json, json+");
    }
}
