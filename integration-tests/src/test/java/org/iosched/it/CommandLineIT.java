package org.iosched.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The packaged jar, run as a user runs it. */
class CommandLineIT {
    private static final Path JOBS = Iosched.ROOT.resolve("integration-tests/src/test/resources/jobs");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path work;

    @Test
    void withoutArgumentsTheDemonstrationPrintsSeedScenario000BesideTheThreadsNumbers() throws Exception {
        Iosched.Outcome outcome = Iosched.run(work);
        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        assertThat(outcome.stdout()).contains("000-write-fsync-cgroup")
                .contains("barrier=0 / cfq+preempt").contains("barrier=1 / deadline").contains("thread");
        assertThat(outcome.stdout()).as("the closing hint names the jar that ran")
                .contains("java -jar " + Iosched.JAR.normalize() + " run JOB.fio");
        assertThat(outcome.stderr()).isEmpty();
    }

    @Test
    void listShowsEveryBuiltInPluginWithItsTunables() throws Exception {
        Iosched.Outcome outcome = Iosched.run(work, "list");
        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        assertThat(outcome.stdout())
                .contains("noop").contains("deadline").contains("cfq")
                .contains("fifo_batch=16").contains("slice_idle=8")
                .contains("hdd-7200").contains("ssd-x25m").contains("queue_depth")
                .contains("fio")
                .contains("queue.nr_requests=128").contains("queue.max_sectors_kb=512");
        // the CPUs' defaults of each era: 3.0's desktop, and what 6.6 runs on instead
        assertThat(outcome.stdout().lines().filter(l -> l.strip().startsWith("cpu.count=4 ")))
                .singleElement().asString().endsWith("[kernel.version=6.6: 16]");
        assertThat(outcome.stdout().lines().filter(l -> l.strip().startsWith("cpu.speed=100 ")))
                .singleElement().asString().endsWith("[kernel.version=6.6: 541]");
    }

    @Test
    void runPrintsFioNormalOutput() throws Exception {
        Iosched.Outcome outcome = Iosched.run(work, "run", JOBS.resolve("randread.fio").toString(),
                "--device", "hdd", "--scheduler", "deadline");
        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        assertThat(outcome.stdout())
                .contains("randread: (groupid=0, jobs=1)")
                .contains("read: IOPS=")
                .contains("clat percentiles")
                .contains("Run status group 0 (all jobs):")
                .contains("Disk stats (read/write):");
    }

    @Test
    void runPrintsFioJsonThatFioToolsRead() throws Exception {
        Path output = work.resolve("out.json");
        Iosched.Outcome outcome = Iosched.run(work, "run", JOBS.resolve("randread.fio").toString(),
                "--device", "hdd", "--scheduler", "noop", "--output-format", "json", "--output", output.toString());
        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        JsonNode root = JSON.readTree(output.toFile());
        JsonNode job = root.path("jobs").path(0);
        assertThat(job.path("jobname").asText()).isEqualTo("randread");
        assertThat(job.path("read").path("io_bytes").asLong()).isPositive();
        assertThat(job.path("read").path("iops").asDouble()).isPositive();
        assertThat(job.path("read").path("clat_ns").path("percentile").path("99.000000").asLong()).isPositive();
        assertThat(root.path("disk_util").isArray()).isTrue();
        assertThat(root.path("iosched").path("scheduler").asText()).isEqualTo("noop");
    }

    @Test
    void sameJobAndSeedGiveByteIdenticalJsonAndAnotherSeedChangesARandomWorkload() throws Exception {
        String job = JOBS.resolve("randread.fio").toString();
        Iosched.Outcome first = Iosched.run(work, "run", job, "--scheduler", "deadline", "--seed", "5",
                "--output-format", "json");
        Iosched.Outcome second = Iosched.run(work, "run", job, "--scheduler", "deadline", "--seed", "5",
                "--output-format", "json");
        Iosched.Outcome other = Iosched.run(work, "run", job, "--scheduler", "deadline", "--seed", "6",
                "--output-format", "json");
        assertThat(first.exitCode()).as(first.stderr()).isZero();
        assertThat(second.stdout()).isEqualTo(first.stdout());
        assertThat(JSON.readTree(other.stdout()).path("jobs").path(0).path("read").path("io_bytes").asLong())
                .isNotEqualTo(JSON.readTree(first.stdout()).path("jobs").path(0).path("read").path("io_bytes").asLong());
    }

    @Test
    void unknownJobOptionIsOneLineWithFileLineAndSuggestion() throws Exception {
        Iosched.Outcome outcome = Iosched.run(work, "run", JOBS.resolve("unknown-option.fio").toString());
        assertThat(outcome.exitCode()).isEqualTo(2);
        assertThat(outcome.stderr().lines()).hasSize(1);
        assertThat(outcome.stderr()).contains("unknown-option.fio:7").contains("iodepht").contains("iodepth");
        assertThat(outcome.stderr()).doesNotContain("Exception").doesNotContain("\tat ");
    }

    @Test
    void everyClassOfBadInputExitsTwoWithOneLine() throws Exception {
        String job = JOBS.resolve("randread.fio").toString();
        String[][] bad = {
                {"run", job, "--scheduler", "elevator-that-does-not-exist"},
                {"run", job, "--device", "floppy"},
                {"run", job, "--set", "deadline.fifo_batch=many", "--scheduler", "deadline"},
                {"run", job, "--set", "deadline.no_such_tunable=1", "--scheduler", "deadline"},
                {"run", job, "--set", "nonsense"},
                {"run", job, "--set", "queue.nr_requests=0"},
                {"run", work.resolve("missing.fio").toString()},
                {"run", job, "--output-format", "xml"},
                {"run", job, "--no-such-flag"},
        };
        for (String[] args : bad) {
            Iosched.Outcome outcome = Iosched.run(work, args);
            assertThat(outcome.exitCode()).as(String.join(" ", args) + "\n" + outcome.stderr()).isEqualTo(2);
            assertThat(outcome.stderr().strip().lines()).as(String.join(" ", args)).hasSize(1);
            assertThat(outcome.stderr()).startsWith("iosched: ").doesNotContain("\tat ");
        }
    }

    /** A time-based job served from the page cache never reaches its runtime: it ends with one line, exit 2. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "w|rw=write,bs=64k,size=64m,runtime=3|3000",
            "r|rw=read,bs=4k,size=1m,runtime=1|1000"})
    void aTimeBasedJobThatStaysInThePageCacheEndsAtItsRuntimeAtMemorySpeed(String name, String options, long millis)
            throws Exception {
        Path job = work.resolve(name + ".fio");
        Files.writeString(job, "[" + name + "]\nfilename=/dev/sdb\n" + options.replace(',', '\n') + "\ntime_based\n");

        Iosched.Outcome outcome = Iosched.run(work, "run", job.toString(), "--device", "hdd-7200", "--scheduler", "cfq",
                "--output-format", "json");

        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        JsonNode result = new ObjectMapper().readTree(outcome.stdout()).path("jobs").path(0);
        JsonNode direction = result.path(name.equals("w") ? "write" : "read");
        // every call costs CPU time (entry, page-cache lookups, the copy): the job reaches its runtime
        assertThat(direction.path("runtime").asLong()).isBetween(millis, millis + 5);
        // at memory speed: at least 1 GiB/s (the sourced copy cost alone allows about 5 GB/s)
        assertThat(direction.path("bw").asLong()).isGreaterThan(1L << 20);
        // and CPU-bound: the job's core is busy all the time, with fio's own work (usr) and the kernel's (sys)
        assertThat(result.path("usr_cpu").asDouble() + result.path("sys_cpu").asDouble()).isGreaterThan(90.0);
        assertThat(result.path("sys_cpu").asDouble()).isGreaterThan(10.0);
    }

    @Test
    void aTimeBasedCachedJobWithoutCpuCostsEndsWithOneLineNamingIt() throws Exception {
        Path job = work.resolve("r.fio");
        Files.writeString(job, "[r]\nfilename=/dev/sdb\nrw=read\nbs=4k\nsize=1m\nruntime=1\ntime_based\n");
        List<String> args = new ArrayList<>(List.of("run", job.toString(), "--device", "hdd-7200", "--scheduler",
                "cfq"));
        for (String cost : List.of("syscall_ns", "context_switch_ns", "wakeup_ns", "page_lookup_ns", "copy_ns_per_kib",
                "readahead_page_ns", "bio_submit_ns", "request_ns", "elevator_request_ns", "driver_dispatch_ns",
                "completion_ns")) {
            args.add("--set");
            args.add("cpu." + cost + "=0");
        }
        // and fio's own user time per I/O
        args.addAll(List.of("--set", "fio.io_user_ns=0", "--set", "fio.gettime_ns=0"));

        Iosched.Outcome outcome = Iosched.run(work, args.toArray(String[]::new));

        assertThat(outcome.exitCode()).as(outcome.stderr()).isEqualTo(2);
        assertThat(outcome.stderr().strip().lines()).hasSize(1);
        assertThat(outcome.stderr()).startsWith("iosched: job 'r' makes no progress in virtual time: ")
                .contains("events at ").contains(" without the clock advancing")
                .contains("(its page-cache hits take no time with CPU costs of 0; see docs/cpu-model.md, model limits)")
                .doesNotContain("\tat ");
        assertThat(outcome.stdout()).isEmpty();
    }

    @Test
    void traceWritesBlkparseText() throws Exception {
        Path trace = work.resolve("trace.txt");
        Iosched.Outcome outcome = Iosched.run(work, "run", JOBS.resolve("randread.fio").toString(),
                "--scheduler", "deadline", "--trace", trace.toString());
        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        String text = Files.readString(trace);
        assertThat(text).containsPattern("(?m)^\\s+8,0\\s+0\\s+\\d+\\s+\\d+\\.\\d{9}\\s+\\d+\\s+Q\\s+RS? \\d+ \\+ 8 \\[");
        assertThat(text).containsPattern("(?m) D\\s+RS? \\d+ \\+ 8 ").containsPattern("(?m) C\\s+RS? \\d+ \\+ 8 ");
    }

    @Test
    void traceSummaryPrintsBttTimesAndSeeks() throws Exception {
        Path trace = work.resolve("trace.txt");
        Iosched.Outcome outcome = Iosched.run(work, "run", JOBS.resolve("randread.fio").toString(),
                "--scheduler", "deadline", "--trace", trace.toString(), "--trace-summary");
        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        assertThat(outcome.stdout()).contains("btt summary (deadline):").containsPattern("Q2C\\s+\\d")
                .containsPattern("D2C\\s+\\d").contains("Seeks: ");
        assertThat(work.resolve("trace.txt.btt")).exists();
    }

    @Test
    void aRunsTraceReplayedInClosedLoopGivesTheSameRequestStream() throws Exception {
        Path recorded = work.resolve("recorded.txt");
        Path replayed = work.resolve("replayed.txt");
        Iosched.Outcome record = Iosched.run(work, "run", JOBS.resolve("randread.fio").toString(),
                "--scheduler", "noop", "--trace", recorded.toString());
        assertThat(record.exitCode()).as(record.stderr()).isZero();
        Iosched.Outcome replay = Iosched.run(work, "run", recorded.toString(), "--workload", "replay",
                "--replay", "closed", "--scheduler", "noop", "--trace", replayed.toString());
        assertThat(replay.exitCode()).as(replay.stderr()).isZero();
        assertThat(queueEvents(replayed)).isNotEmpty().isEqualTo(queueEvents(recorded));
    }

    /** The Q events as "RWBS sector + size", in order. */
    private static java.util.List<String> queueEvents(Path trace) throws java.io.IOException {
        return Files.readAllLines(trace).stream()
                .map(String::trim)
                .map(line -> line.split("\\s+"))
                .filter(f -> f.length >= 10 && f[5].equals("Q"))
                .map(f -> f[6] + " " + f[7] + " + " + f[9])
                .toList();
    }

    @Test
    void optionsBeforeTheCommandApplyToIt() throws Exception {
        Path plugins = Files.createDirectories(work.resolve("plugins"));
        Files.copy(Path.of(System.getProperty("iosched.thirdPartyJar",
                "target/it/third-party-scheduler/target/third-party-scheduler-1.0.jar")), plugins.resolve("lifo.jar"));
        Iosched.Outcome list = Iosched.run(work, "--plugins", plugins.toString(), "list");
        assertThat(list.exitCode()).as(list.stderr()).isZero();
        assertThat(list.stdout()).contains("lifo-example").contains(plugins.resolve("lifo.jar").toString());

        Iosched.Outcome verbose = Iosched.run(work, "--verbose", "run", JOBS.resolve("randread.fio").toString(),
                "--scheduler", "deadline");
        assertThat(verbose.exitCode()).as(verbose.stderr()).isZero();
        assertThat(verbose.stderr()).contains("INFO").contains("running deadline on hdd with seed 1");
    }

    @Test
    void aPluginsDirectoryThatDoesNotExistIsAnErrorBeforeOrAfterTheCommand() throws Exception {
        String missing = work.resolve("nonexistent").toString();
        for (String[] args : new String[][] {{"--plugins", missing, "list"}, {"list", "--plugins", missing},
                {"--plugins", missing}, {"run", JOBS.resolve("randread.fio").toString(), "--plugins", missing}}) {
            Iosched.Outcome outcome = Iosched.run(work, args);
            assertThat(outcome.exitCode()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(outcome.stderr().strip().lines()).as(String.join(" ", args)).hasSize(1);
            assertThat(outcome.stderr()).startsWith("iosched: --plugins: not a directory: " + missing);
        }
    }

    @Test
    void versionIsTheProjects() throws Exception {
        Iosched.Outcome version = Iosched.run(work, "-V");
        assertThat(version.exitCode()).isZero();
        assertThat(version.stdout().strip()).matches("iosched \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?");
    }
}
