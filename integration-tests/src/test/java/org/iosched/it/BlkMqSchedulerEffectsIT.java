package org.iosched.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Linux 6.6's schedulers' best-known effects, end to end through the packaged jar (issue 16): what mq-deadline and
 * Kyber exist for, against {@code none} on the same job, over seeds.
 */
class BlkMqSchedulerEffectsIT {
    private static final Path EXAMPLES = Iosched.ROOT.resolve("examples");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path work;

    /**
     * mq-deadline's read_expire (500 ms) bounds a sequential reader's worst latency against four random writers at
     * iodepth 32 on a disk without NCQ; with none the reader's request waits behind the writes that hold the host's
     * 32 tags (one at a time through the LUN's budget of 1).
     */
    @Test
    void mqDeadlineBoundsTheReadersWorstLatencyWhereNoneQueuesItBehindTheWrites() throws Exception {
        for (String seed : List.of("1", "2", "3")) {
            JsonNode deadline = run("reader-vs-writers.fio", "hdd-7200", seed, "mq-deadline", "--set",
                    "device.write_cache=0");
            JsonNode none = run("reader-vs-writers.fio", "hdd-7200", seed, "none", "--set", "device.write_cache=0");
            double deadlineWorst = readClatMaxMillis(deadline);
            double noneWorst = readClatMaxMillis(none);
            assertThat(deadlineWorst).as("seed %s: mq-deadline worst read %s ms vs none %s ms", seed, deadlineWorst,
                    noneWorst).isLessThan(noneWorst / 2);
            assertThat(deadlineWorst).as("seed %s: mq-deadline worst read within read_expire plus a batch", seed)
                    .isLessThan(500 + 200);
            assertThat(noneWorst).as("seed %s: none's worst read: behind about 31 writes of ~15 ms", seed)
                    .isGreaterThan(300);
            assertThat(readIops(deadline)).as("seed %s: the reader gets more done", seed)
                    .isGreaterThan(2 * readIops(none));
        }
    }

    /**
     * Kyber shrinks the write domain while the reader misses its 2 ms target and the writes meet their 10 ms target:
     * the reader's tail latency falls and its IOPS rise, the writes lose throughput; a looser write target throttles
     * harder.
     */
    @Test
    void kyberLowersTheReadersTailLatencyByThrottlingWritesAtACostInWriteThroughput() throws Exception {
        for (String seed : List.of("1", "2")) {
            JsonNode none = run("kyber-reader-vs-writers.fio", "ssd", seed, "none", "--set", "device.write_cache=0");
            JsonNode kyber = run("kyber-reader-vs-writers.fio", "ssd", seed, "kyber", "--set", "device.write_cache=0");
            JsonNode loose = run("kyber-reader-vs-writers.fio", "ssd", seed, "kyber", "--set", "device.write_cache=0",
                    "--set", "kyber.write_lat_nsec=100000000");
            assertThat(readP99Micros(kyber)).as("seed %s: kyber's read p99 vs none's", seed)
                    .isLessThan(readP99Micros(none));
            assertThat(readIops(kyber)).as("seed %s: kyber's read IOPS vs none's", seed).isGreaterThan(readIops(none));
            assertThat(writeKib(kyber)).as("seed %s: kyber's write bandwidth vs none's", seed)
                    .isLessThan(writeKib(none));
            assertThat(readP99Micros(loose)).as("seed %s: kyber with a 100 ms write target: read p99", seed)
                    .isLessThan(0.7 * readP99Micros(none));
            assertThat(writeKib(loose)).as("seed %s: kyber with a 100 ms write target: write bandwidth", seed)
                    .isLessThan(0.7 * writeKib(none));
            String trace = kyberAdjustments(seed);
            assertThat(trace).as("seed %s: the timer shrank the write domain", seed).contains("kyber_adjust: WRITE");
        }
    }

    private String kyberAdjustments(String seed) throws IOException, InterruptedException {
        Path trace = work.resolve("kyber-" + seed + ".trace");
        Iosched.Outcome outcome = Iosched.run(work, "run", EXAMPLES.resolve("kyber-reader-vs-writers.fio").toString(),
                "--device", "ssd", "--scheduler", "kyber", "--seed", seed, "--set", "device.write_cache=0",
                "--trace", trace.toString());
        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        return java.nio.file.Files.readString(trace);
    }

    private static double readClatMaxMillis(JsonNode result) {
        double max = 0;
        for (JsonNode job : result.path("jobs")) {
            if (job.path("read").path("total_ios").asLong() > 0) {
                max = Math.max(max, job.path("read").path("clat_ns").path("max").asDouble() / 1e6);
            }
        }
        return max;
    }

    private static double readP99Micros(JsonNode result) {
        for (JsonNode job : result.path("jobs")) {
            if (job.path("read").path("total_ios").asLong() > 0) {
                return job.path("read").path("clat_ns").path("percentile").path("99.000000").asDouble() / 1e3;
            }
        }
        throw new AssertionError("no reader in " + result);
    }

    private static double readIops(JsonNode result) {
        double iops = 0;
        for (JsonNode job : result.path("jobs")) {
            iops += job.path("read").path("iops").asDouble();
        }
        return iops;
    }

    private static double writeKib(JsonNode result) {
        double kib = 0;
        for (JsonNode job : result.path("jobs")) {
            kib += job.path("write").path("bw").asDouble();
        }
        return kib;
    }

    private JsonNode run(String job, String device, String seed, String scheduler, String... extra)
            throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of("run", EXAMPLES.resolve(job).toString(), "--device", device,
                "--scheduler", scheduler, "--seed", seed, "--output-format", "json"));
        args.addAll(List.of(extra));
        Iosched.Outcome outcome = Iosched.run(work, args.toArray(String[]::new));
        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        return JSON.readTree(outcome.stdout());
    }
}
