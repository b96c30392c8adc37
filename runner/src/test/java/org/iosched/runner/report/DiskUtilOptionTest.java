package org.iosched.runner.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.iosched.simulator.result.JobResult;
import org.iosched.simulator.result.SimulationResult;
import org.junit.jupiter.api.Test;

class DiskUtilOptionTest {
    private static SimulationResult withDiskUtil(String value) {
        SimulationResult reference = Results.referenceRandwrite();
        JobResult job = reference.jobs().get(0);
        Map<String, String> options = new java.util.HashMap<>(job.job().options());
        options.put("disk_util", value);
        JobResult changed = new JobResult(Results.descriptor(job.job().index(), job.job().name(), job.job().groupId(),
                job.job().groupReporting(), job.job().summary(), options), job.pid(), job.startNanos(), job.endNanos(),
                job.read(), job.write(), job.trim(), job.sync());
        return new SimulationResult(reference.scheduler(), reference.device(), reference.seed(), reference.settings(),
                reference.durationNanos(), List.of(changed), reference.disk(), reference.notices(),
                reference.deviceStatistics());
    }

    @Test
    void diskUtilZeroDropsTheDiskStatisticsFromTextAndJson() {
        assertThat(FioNormalReport.render(withDiskUtil("0"), FioNormalReport.Format.NORMAL)).doesNotContain("Disk stats");
        assertThat(FioNormalReport.render(withDiskUtil("0"), FioNormalReport.Format.NORMAL_2011)).doesNotContain("Disk stats");
        assertThat(topLevelKeys(FioJsonReport.render(withDiskUtil("0"), FioJsonReport.Format.JSON))).doesNotContain("disk_util");
    }

    @Test
    void diskUtilOneKeepsThem() {
        assertThat(FioNormalReport.render(withDiskUtil("1"), FioNormalReport.Format.NORMAL)).contains("Disk stats (read/write):");
        assertThat(topLevelKeys(FioJsonReport.render(withDiskUtil("1"), FioJsonReport.Format.JSON))).contains("disk_util");
    }

    private static List<String> topLevelKeys(String json) {
        try {
            List<String> keys = new java.util.ArrayList<>();
            new com.fasterxml.jackson.databind.ObjectMapper().readTree(json).fieldNames().forEachRemaining(keys::add);
            return keys;
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new AssertionError(e);
        }
    }
}
