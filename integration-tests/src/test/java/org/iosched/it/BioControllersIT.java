package org.iosched.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 8 end to end through the packaged jar: dm-ioband shares a disk between cgroups by weight whatever the
 * scheduler below, the blkio throttling policy holds a read rate, and bios that dm-ioband re-issues from its
 * kioband thread lose the issuer's priority in CFQ unless {@code ioband.keep_io_context=1}. The job files are
 * the ones in {@code examples/}.
 */
class BioControllersIT {
    private static final Path EXAMPLES = Iosched.ROOT.resolve("examples");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path work;

    @Test
    void dmIobandSplitsBandwidthEvenlyBetweenTwoCgroupsOfEqualWeightUnderEveryScheduler() throws Exception {
        Map<String, Double> alone = bandwidthByJob(run("ioband-two-cgroups.fio", "--device", "ssd", "--scheduler", "noop"));
        assertThat(alone.get("grp2")).as("without a controller, noop serves the cgroup with more in flight: %s", alone)
                .isGreaterThan(2 * alone.get("grp1"));

        for (String scheduler : List.of("noop", "deadline", "cfq")) {
            for (String seed : List.of("1", "2", "3")) {
                Map<String, Double> bw = bandwidthByJob(run("ioband-two-cgroups.fio", "--device", "ssd", "--scheduler",
                        scheduler, "--seed", seed, "--set", "ioband.policy=weight"));
                double mean = (bw.get("grp1") + bw.get("grp2")) / 2;
                assertThat(bw.get("grp1")).as("%s seed %s: %s KiB/s", scheduler, seed, bw)
                        .isBetween(0.9 * mean, 1.1 * mean);
                assertThat(bw.get("grp2")).as("%s seed %s: %s KiB/s", scheduler, seed, bw)
                        .isBetween(0.9 * mean, 1.1 * mean);
            }
        }
    }

    @Test
    void aReadBpsLimitHoldsAGreedyDirectReaderToOneMibPerSecondOverTenSeconds() throws Exception {
        // the example runs 5 s to stay quick under ExamplesIT; the limit is checked over 10 s
        Path job = work.resolve("throttle-read-bps-10s.fio");
        String text = Files.readString(EXAMPLES.resolve("throttle-read-bps.fio"), StandardCharsets.UTF_8);
        assertThat(text).contains("runtime=5\n");
        Files.writeString(job, text.replace("runtime=5\n", "runtime=10\n"), StandardCharsets.UTF_8);

        for (String scheduler : List.of("noop", "deadline", "cfq")) {
            JsonNode result = runFile(job, "--scheduler", scheduler, "--set", "throttle.grp1.read_bps_device=1048576");
            JsonNode read = result.path("jobs").get(0).path("read");
            double kibPerSecond = read.path("bw").asDouble();
            assertThat(read.path("runtime").asLong()).as(scheduler).isBetween(10_000L, 10_500L);
            assertThat(kibPerSecond).as("%s: %s KiB/s", scheduler, kibPerSecond).isBetween(0.9 * 1024, 1.1 * 1024);
            JsonNode stats = result.path("iosched").path("device_statistics");
            assertThat(stats.path("throttle./grp1.read_throttled_bios").asLong()).as(scheduler).isPositive();
        }
    }

    @Test
    void underDmIobandCfqNoLongerSeparatesPrioritiesInAGroupUnlessTheIoContextIsKept() throws Exception {
        JsonNode plain = run("ioband-prio-readers.fio", "--scheduler", "cfq");
        Map<String, Double> cfq = bandwidthByJob(plain);
        assertThat(cfq.get("prio0")).as("CFQ alone: %s", cfq).isGreaterThan(1.5 * cfq.get("prio4"));

        // five seeds. Under dm-ioband each seed is decided by a dozen or so whole slices of kioband's CFQ queue:
        // that queue holds both readers' re-issued bios and CFQ serves it in sector order, so the reader whose
        // file is under the head when the slice starts streams for the whole 100 ms slice (5-10 MiB) while the
        // other waits. Which file that is depends on the instant of every submission, so it flips with any CPU
        // cost (seed 2: prio-0/prio-4 0.78 with every CPU cost 0, 1.42 with the defaults, 0.68-1.19 with one
        // kernel cost alone, 0.85-1.42 with one removed). dm-ioband releases a group's bios in arrival order
        // whatever the issuer's priority, so what it guarantees is that priority does not decide: over the seeds
        // prio-0 has no lead, and it does not lead at every seed, as it does under CFQ alone and with kept
        // contexts (1.7-1.9x at each seed). The prio-0 lead with kept contexts is asserted on the sums.
        int prio4AheadSeeds = 0;
        double plain0 = 0;
        double plain4 = 0;
        double kept0 = 0;
        double kept4 = 0;
        for (String seed : new String[] {"1", "2", "3", "4", "5"}) {
            JsonNode ioband = run("ioband-prio-readers.fio", "--scheduler", "cfq", "--set", "ioband.policy=weight",
                    "--set", "ioband.io_limit=64", "--seed", seed);
            Map<String, Double> bw = bandwidthByJob(ioband);
            // which reader gets more at one seed is dm-ioband's doing (see above); none starves: each gets at least a
            // quarter of the other's bytes (with a dozen whole slices a seed, 9 to 3 is within chance)
            if (bw.get("prio4") > bw.get("prio0")) {
                prio4AheadSeeds++;
            }
            double faster = Math.max(bw.get("prio0"), bw.get("prio4"));
            double slower = Math.min(bw.get("prio0"), bw.get("prio4"));
            assertThat(slower).as("seed %s, under dm-ioband: %s", seed, bw).isGreaterThanOrEqualTo(0.25 * faster);
            Map<String, Long> requests = readRequestsByTask(ioband);
            long readers = requests.get("prio0") + requests.get("prio4");
            assertThat(requests.get("kioband")).as("read requests by task: %s", requests).isGreaterThan(readers);
            plain0 += bw.get("prio0");
            plain4 += bw.get("prio4");

            JsonNode kept = run("ioband-prio-readers.fio", "--scheduler", "cfq", "--set", "ioband.policy=weight",
                    "--set", "ioband.io_limit=64", "--set", "ioband.keep_io_context=1", "--seed", seed);
            Map<String, Double> keptBw = bandwidthByJob(kept);
            assertThat(readRequestsByTask(kept)).doesNotContainKey("kioband");
            kept0 += keptBw.get("prio0");
            kept4 += keptBw.get("prio4");
        }
        // CFQ's prio-0 advantage is gone
        assertThat(plain0 / plain4).as("under dm-ioband: prio-0 %s vs prio-4 %s KiB/s over 5 seeds", plain0, plain4)
                .isLessThan(1.1);
        assertThat(prio4AheadSeeds).as("seeds at which prio-4 got more than prio-0 under dm-ioband").isPositive();
        assertThat(kept0 / kept4).as("keep_io_context=1: prio-0 %s vs prio-4 %s KiB/s over 5 seeds", kept0, kept4)
                .isGreaterThan(1.2).isGreaterThan(1.5 * plain0 / plain4);
    }

    private JsonNode run(String example, String... args) throws IOException, InterruptedException {
        return runFile(EXAMPLES.resolve(example), args);
    }

    private JsonNode runFile(Path job, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("run", job.toString(), "--output-format", "json"));
        command.addAll(List.of(args));
        Iosched.Outcome outcome = Iosched.run(work, command.toArray(String[]::new));
        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        return JSON.readTree(outcome.stdout());
    }

    /** Read KiB/s summed over the clones of each job name. */
    private static Map<String, Double> bandwidthByJob(JsonNode result) {
        Map<String, Double> bw = new LinkedHashMap<>();
        for (JsonNode job : result.path("jobs")) {
            bw.merge(job.path("jobname").asText(), job.path("read").path("bw").asDouble(), Double::sum);
        }
        return bw;
    }

    /**
     * Read requests the device completed per io context, for those that issued any: a kernel thread by its name,
     * a job's task by the job's name (found by its bytes read: each direct-I/O job is one task).
     */
    private static Map<String, Long> readRequestsByTask(JsonNode result) {
        Map<Long, String> jobByBytes = new LinkedHashMap<>();
        for (JsonNode job : result.path("jobs")) {
            jobByBytes.put(job.path("read").path("io_bytes").asLong(), job.path("jobname").asText());
        }
        Map<String, Long> requests = new LinkedHashMap<>();
        for (JsonNode task : result.path("iosched").path("tasks")) {
            long n = task.path("read_requests").asLong();
            if (n > 0) {
                String name = task.path("kernel_thread").asBoolean() ? task.path("name").asText()
                        : jobByBytes.getOrDefault(task.path("read_bytes").asLong(), "pid " + task.path("pid").asLong());
                requests.merge(name, n, Long::sum);
            }
        }
        return requests;
    }
}
