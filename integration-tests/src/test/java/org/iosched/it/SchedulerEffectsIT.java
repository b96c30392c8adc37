package org.iosched.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The schedulers' best-known effects, end to end through the packaged jar on the {@code hdd} preset: the
 * reasons deadline and CFQ exist. Each compares two runs of one job file that differ only in the scheduler or
 * one tunable, over three seeds.
 */
class SchedulerEffectsIT {
    private static final Path EXAMPLES = Iosched.ROOT.resolve("examples");
    private static final ObjectMapper JSON = new ObjectMapper().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);
    private static final List<String> SEEDS = List.of("1", "2", "3");

    @TempDir
    Path work;

    /** Issue 6: deceptive idleness. Two sequential readers of separate files. */
    @Test
    void cfqIdlingGivesTwoSequentialReadersAtLeastTwiceDeadlinesThroughputAndSliceIdleZeroGivesItBack() throws Exception {
        for (String seed : SEEDS) {
            double cfq = aggregateReadKib("two-sequential-readers.fio", seed, "cfq");
            double deadline = aggregateReadKib("two-sequential-readers.fio", seed, "deadline");
            double cfqNoIdle = aggregateReadKib("two-sequential-readers.fio", seed, "cfq", "--set", "cfq.slice_idle=0");
            assertThat(cfq).as("seed %s: cfq %s vs deadline %s KiB/s", seed, cfq, deadline).isGreaterThanOrEqualTo(2 * deadline);
            assertThat(cfqNoIdle).as("seed %s: cfq slice_idle=0 %s vs deadline %s KiB/s", seed, cfqNoIdle, deadline)
                    .isBetween(0.75 * deadline, 1.25 * deadline);
        }
    }

    /**
     * Issue 3: read_expire bounds a sequential reader's worst latency against random writers; noop does not. The
     * drive's write cache is off: with it on, the drive acknowledges writes at once and destages them beneath any
     * scheduler, so the reader's worst case is set by the drive, not by the scheduler.
     */
    @Test
    void deadlineBoundsTheReadersWorstLatencyFarBelowNoops() throws Exception {
        for (String seed : SEEDS) {
            double deadline = maxReadClatMillis("reader-vs-writers.fio", seed, "deadline", "--set", "device.write_cache=0");
            double noop = maxReadClatMillis("reader-vs-writers.fio", seed, "noop", "--set", "device.write_cache=0");
            assertThat(deadline).as("seed %s: deadline worst read %s ms vs noop %s ms", seed, deadline, noop)
                    .isLessThan(noop / 2);
            assertThat(deadline).as("seed %s: deadline worst read within read_expire plus a batch", seed)
                    .isLessThan(500 + 200);
        }
    }

    private double aggregateReadKib(String job, String seed, String scheduler, String... extra) throws Exception {
        double total = 0;
        for (JsonNode node : run(job, seed, scheduler, extra).path("jobs")) {
            total += node.path("read").path("bw").asDouble();
        }
        return total;
    }

    private double maxReadClatMillis(String job, String seed, String scheduler, String... extra) throws Exception {
        double max = 0;
        for (JsonNode node : run(job, seed, scheduler, extra).path("jobs")) {
            if (node.path("read").path("total_ios").asLong() > 0) {
                max = Math.max(max, node.path("read").path("clat_ns").path("max").asDouble() / 1e6);
            }
        }
        return max;
    }

    private JsonNode run(String job, String seed, String scheduler, String... extra) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of("run", EXAMPLES.resolve(job).toString(), "--device", "hdd",
                "--scheduler", scheduler, "--seed", seed, "--output-format", "json"));
        args.addAll(List.of(extra));
        Iosched.Outcome outcome = Iosched.run(work, args.toArray(String[]::new));
        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        return JSON.readTree(outcome.stdout());
    }
}
