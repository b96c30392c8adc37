package org.iosched.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * BFQ of Linux 6.6 through the packaged jar on {@code hdd-7200}, against the claims of
 * Documentation/block/bfq-iosched.rst: weights share a disk's bytes, sequential readers keep CFQ's throughput, and
 * an application's start-up under background readers is about as fast as on an idle disk where {@code none} and
 * {@code mq-deadline} are many times slower. Every run is bounded by simulated work (simulated seconds or bytes).
 */
class BfqIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String READERS = """
            [global]
            directory=/data
            direct=1
            ioengine=psync
            bs=64k
            size=4g
            runtime=10
            time_based

            [first]
            rw=read
            %s

            [second]
            rw=read
            %s
            """;
    private static final String STARTUP = """
            [global]
            directory=/data
            direct=1
            ioengine=psync
            bs=64k

            %s
            [startup]
            rw=read
            size=4m
            startdelay=12
            """;
    private static final String BACKGROUND = """
            [bg1]
            rw=read
            size=4g
            runtime=16
            time_based

            [bg2]
            rw=read
            size=4g
            runtime=16
            time_based

            """;

    @TempDir
    Path work;

    private JsonNode run(String jobText, String scheduler, String... extra) throws Exception {
        Path job = Files.writeString(work.resolve("job-" + System.nanoTime() + ".fio"), jobText, StandardCharsets.UTF_8);
        List<String> args = new ArrayList<>(List.of("run", job.toString(), "--device", "hdd-7200", "--scheduler",
                scheduler, "--output-format", "json"));
        args.addAll(List.of(extra));
        Iosched.Outcome outcome = Iosched.run(work, args.toArray(String[]::new));
        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        return JSON.readTree(outcome.stdout());
    }

    private static Map<String, JsonNode> jobs(JsonNode result) {
        Map<String, JsonNode> byName = new HashMap<>();
        for (JsonNode node : result.path("jobs")) {
            byName.put(node.path("jobname").asText(), node.path("read"));
        }
        return byName;
    }

    private static double bytes(JsonNode result, String job) {
        return jobs(result).get(job).path("io_bytes").asDouble();
    }

    @Test
    void twoGreedyReadersOfIoPriorityLevels0And4ShareTheDisksBytesTwoToOne() throws Exception {
        // low_latency off: raising lifts the weight-40 queue (never the weight-80 one) for its first 10.5 s
        JsonNode result = run(READERS.formatted("prioclass=2\nprio=0", "prioclass=2\nprio=4"), "bfq", "--set",
                "bfq.low_latency=0");
        double ratio = bytes(result, "first") / bytes(result, "second");
        // weights (8 - level) * 10: 80 against 40
        assertThat(ratio).as("bytes of level 0 over level 4").isBetween(1.7, 2.3);
    }

    @Test
    void twoCgroupsWithIoBfqWeights200And100ShareTheDisksBytesTwoToOne() throws Exception {
        // low_latency off, as for the ioprio weights: with it on both queues are weight-raised and the share is
        // 4.4:1 on hdd-7200's 64 scheduler tags (issue 17's open problem: no queue merging, raising dominates)
        JsonNode result = run(READERS.formatted("cgroup=a", "cgroup=b"), "bfq", "--set", "bfq.weight=/a:200,/b:100",
                "--set", "bfq.low_latency=0");
        double ratio = bytes(result, "first") / bytes(result, "second");
        assertThat(ratio).as("bytes of /a over /b").isBetween(1.7, 2.3);
    }

    @Test
    void twoSequentialReadersGetAtLeastCfqsThroughputWithBfqsThroughputSettings() throws Exception {
        String job = READERS.formatted("", "");
        JsonNode bfqRun = run(job, "bfq", "--set", "bfq.low_latency=0");
        double bfq = bytes(bfqRun, "first") + bytes(bfqRun, "second");
        JsonNode cfqRun = run(job, "cfq");
        double cfq = bytes(cfqRun, "first") + bytes(cfqRun, "second");
        assertThat(bfq).as("bfq %s bytes against cfq %s", bfq, cfq).isGreaterThanOrEqualTo(cfq);
    }

    @Test
    void anApplicationStartingUnderTwoSequentialReadersTakesAboutItsIdleDiskTimeWithBfqAndManyTimesLongerWithoutIt()
            throws Exception {
        // 64 scheduler tags, what a libata host's tag set of 32 gives (the simulator's hdd-7200 default is 2)
        String[] tags = {"--set", "queue.nr_requests=64"};
        double idle = jobs(run(STARTUP.formatted(""), "bfq", tags)).get("startup").path("runtime").asDouble();
        String loaded = STARTUP.formatted(BACKGROUND);
        double bfq = jobs(run(loaded, "bfq", tags)).get("startup").path("runtime").asDouble();
        double deadline = jobs(run(loaded, "mq-deadline", tags)).get("startup").path("runtime").asDouble();
        double none = jobs(run(loaded, "none")).get("startup").path("runtime").asDouble();
        assertThat(idle).as("idle-disk start-up, ms").isPositive();
        assertThat(bfq).as("bfq start-up %s ms against %s ms idle", bfq, idle).isLessThanOrEqualTo(3 * idle);
        assertThat(deadline).as("mq-deadline start-up %s ms against %s ms idle", deadline, idle)
                .isGreaterThanOrEqualTo(10 * idle);
        assertThat(none).as("none start-up %s ms against %s ms idle", none, idle).isGreaterThanOrEqualTo(10 * idle);
    }

    @Test
    void theTraceCarriesBfqsLogMessagesInTheKernelsWords() throws Exception {
        Path trace = work.resolve("bfq.trace");
        Path job = Files.writeString(work.resolve("short.fio"), READERS.formatted("", "").replace("runtime=10",
                "runtime=1"), StandardCharsets.UTF_8);
        Iosched.Outcome outcome = Iosched.run(work, "run", job.toString(), "--device", "hdd-7200", "--scheduler", "bfq",
                "--trace", trace.toString());
        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        String text = Files.readString(trace);
        assertThat(text).containsPattern("m   N bfq\\d+S set_in_service_queue, cur-budget = \\d+")
                .containsPattern("m   N bfq\\d+S expire \\(\\d, slow \\d, num_disp \\d+, short_ttime \\d\\)")
                .containsPattern("m   N bfq\\d+S add_request 1")
                .contains("m   N bfq dispatch requests: ");
    }
}
