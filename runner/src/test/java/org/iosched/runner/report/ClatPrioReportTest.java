package org.iosched.runner.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.iosched.simulator.result.DirectionStats;
import org.iosched.simulator.result.JobResult;
import org.iosched.simulator.result.LatencyStats;
import org.iosched.simulator.result.PrioLatency;
import org.iosched.simulator.result.SimulationResult;
import org.junit.jupiter.api.Test;

/** fio 3.33's per-priority clat (cmdprio): text lines and the JSON "prios" array, only from two priorities on. */
class ClatPrioReportTest {
    private static SimulationResult withPrios(List<PrioLatency> prios) {
        SimulationResult reference = Results.referenceRandwrite();
        JobResult job = reference.jobs().get(0);
        DirectionStats w = job.write();
        DirectionStats split = new DirectionStats(w.ioBytes(), w.totalIos(), w.runtimeNanos(), w.slat(), w.clat(),
                w.lat(), w.bwSamples(), w.iopsSamples(), prios);
        return new SimulationResult(reference.scheduler(), reference.device(), reference.seed(), reference.settings(),
                reference.durationNanos(), List.of(job.withStats(job.read(), split, job.trim(), job.sync())),
                reference.disk(), reference.notices(), java.util.Map.of());
    }

    private static final LatencyStats HIGH = Results.latency(6406, 794610, 3000000, 1000000.0, 100000.0,
            Results.uniform(1000000), Results.bins(1_000_000, 6406));
    private static final LatencyStats LOW = Results.latency(25624, 900000, 16898898, 2800000.0, 700000.0,
            Results.uniform(2800000), Results.bins(2_800_000, 25624));

    @Test
    void twoPrioritiesWithSamplesPrintTheirClatLinesAndPercentilesAsFio333Does() {
        String report = FioNormalReport.render(withPrios(List.of(new PrioLatency(0, LOW),
                new PrioLatency(1 << 13, HIGH))), FioNormalReport.Format.NORMAL);

        assertThat(report).contains("     lat (usec): min=800, max=16908, avg=2492.47, stdev=772.99\n"
                + "    clat prio 0/0 (usec): min=900, max=16898, avg=2800.00, stdev=700.00\n"
                + "    clat prio 1/0 (usec): min=794, max=3000, avg=1000.00, stdev=100.00\n");
        assertThat(report).contains("    clat prio 0/0 (80.00% of IOs) percentiles (usec):\n");
        assertThat(report).contains("    clat prio 1/0 (20.00% of IOs) percentiles (usec):\n");
    }

    @Test
    void onePriorityPrintsNothingApart() {
        String report = FioNormalReport.render(withPrios(List.of(new PrioLatency(0, LOW))),
                FioNormalReport.Format.NORMAL);

        assertThat(report).doesNotContain("prio 0/0");
    }

    @Test
    void jsonListsEachPriorityWithItsClassLevelAndClat() throws Exception {
        String json = FioJsonReport.render(withPrios(List.of(new PrioLatency(0, LOW), new PrioLatency(1 << 13, HIGH))),
                FioJsonReport.Format.JSON);
        JsonNode write = new ObjectMapper().readTree(json).path("jobs").get(0).path("write");

        JsonNode prios = write.path("prios");
        assertThat(prios).hasSize(2);
        assertThat(prios.get(1).path("prioclass").asInt()).isEqualTo(1);
        assertThat(prios.get(1).path("prio").asInt()).isZero();
        assertThat(prios.get(1).path("clat_ns").path("N").asLong()).isEqualTo(6406);
        assertThat(prios.get(1).path("clat_ns").path("percentile").size()).isPositive();
        assertThat(new ObjectMapper().readTree(FioJsonReport.render(Results.referenceRandwrite(), FioJsonReport.Format.JSON))
                .path("jobs").get(0).path("write").has("prios")).isFalse();
    }
}
