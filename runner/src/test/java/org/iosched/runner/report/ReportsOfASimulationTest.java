package org.iosched.runner.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import org.iosched.api.FileHandle;
import org.iosched.api.FileIo;
import org.iosched.api.FileIoListener;
import org.iosched.api.JobDescriptor;
import org.iosched.api.Task;
import org.iosched.api.TaskSpec;
import org.iosched.api.Workload;
import org.iosched.api.WorkloadContext;
import org.iosched.device.preset.SsdProvider;
import org.iosched.simulator.Simulation;
import org.iosched.simulator.noop.NoopSchedulerProvider;
import org.iosched.simulator.result.SimulationResult;
import org.junit.jupiter.api.Test;

/** The reports of a real (small) simulation: consistent with each other and identical run after run. */
class ReportsOfASimulationTest {
    private static final int BLOCK = 4096;

    /**
     * Two direct sync jobs on the raw device, one I/O in flight each: a sequential reader and a random
     * writer, as {@code rw=read} and {@code rw=randwrite} with {@code ioengine=psync} would issue them.
     */
    private static final class TwoJobs implements Workload {
        private final List<JobDescriptor> jobs = List.of(
                new JobDescriptor(0, "reader", 0, false, "rw=read, bs=(R) 4096B-4096B, (W) 4096B-4096B,"
                        + " (T) 4096B-4096B, ioengine=psync, iodepth=1", Map.of("rw", "read"), List.of()),
                new JobDescriptor(1, "writer", 0, false, "rw=randwrite, bs=(R) 4096B-4096B, (W) 4096B-4096B,"
                        + " (T) 4096B-4096B, ioengine=psync, iodepth=1", Map.of("rw", "randwrite"), List.of()));

        @Override
        public List<JobDescriptor> jobs() {
            return jobs;
        }

        @Override
        public void start(WorkloadContext context) {
            new Job(context, 0, FileIo.Kind.READ, 300, null).next();
            new Job(context, 1, FileIo.Kind.WRITE, 200, context.random("writer", -1)).next();
        }
    }

    private static final class Job implements FileIoListener {
        private final WorkloadContext context;
        private final int index;
        private final FileIo.Kind kind;
        private final RandomGenerator random;
        private final Task task;
        private final FileHandle file;
        private final FileIo io = new FileIo();
        private int left;
        private long offset;

        Job(WorkloadContext context, int index, FileIo.Kind kind, int ios, RandomGenerator random) {
            this.context = context;
            this.index = index;
            this.kind = kind;
            this.random = random;
            this.left = ios;
            this.task = context.createTask(TaskSpec.of(kind == FileIo.Kind.READ ? "reader" : "writer"));
            this.file = context.open(task, "/dev/sda", 64L << 20);
            context.jobStarted(index);
        }

        void next() {
            long at = random == null ? offset : random.nextLong(file.size() / BLOCK) * BLOCK;
            offset += BLOCK;
            context.submit(io.prepare(kind, task, file, at, BLOCK, true, this));
        }

        @Override
        public void completed(FileIo done) {
            context.recordIo(index, kind, BLOCK, -1, done.completeTime() - done.issueTime());
            if (--left > 0) {
                next();
                return;
            }
            context.jobFinished(index);
            context.exitTask(task);
            if (index == 1) {
                context.finish();
            }
        }
    }

    private static SimulationResult run(long seed) {
        return Simulation.builder()
                .scheduler(new NoopSchedulerProvider(), Map.of())
                .device(new SsdProvider(), Map.of())
                .workload(new TwoJobs())
                .seed(seed)
                .build()
                .run();
    }

    @Test
    void textAndJsonReportTheSameCountsAsTheResult() throws Exception {
        SimulationResult result = run(7);
        String text = FioNormalReport.render(result, FioNormalReport.Format.NORMAL);
        JsonNode json = new ObjectMapper().readTree(FioJsonReport.render(result, FioJsonReport.Format.JSON_PLUS));

        assertThat(text).contains("reader: (groupid=0, jobs=1): err= 0: pid=", "\n  read: IOPS=",
                "writer: (groupid=0, jobs=1): err= 0: pid=", "\n  write: IOPS=", "\n     issued rwts: total=300,0,0,0",
                "\n     issued rwts: total=0,200,0,0", "\nRun status group 0 (all jobs):\n   READ: bw=");
        assertThat(json.get("jobs").get(0).get("read").get("total_ios").asLong()).isEqualTo(300);
        assertThat(json.get("jobs").get(0).get("read").get("clat_ns").get("N").asLong()).isEqualTo(300);
        assertThat(json.get("jobs").get(0).get("read").get("clat_ns").get("percentile")).hasSize(17);
        assertThat(json.get("jobs").get(1).get("write").get("total_ios").asLong()).isEqualTo(200);
        long binned = 0;
        for (JsonNode count : json.get("jobs").get(1).get("write").get("clat_ns").get("bins")) {
            binned += count.asLong();
        }
        assertThat(binned).isEqualTo(200);
    }

    @Test
    void latencyDistributionOfAJobAddsUpToAllItsIos() throws Exception {
        JsonNode job = new ObjectMapper().readTree(FioJsonReport.render(run(7), FioJsonReport.Format.JSON))
                .get("jobs").get(0);
        double total = 0;
        for (String unit : List.of("latency_ns", "latency_us", "latency_ms")) {
            for (JsonNode share : job.get(unit)) {
                total += share.asDouble();
            }
        }
        // Each non-empty bucket shows at least 0.01%, and each share is printed to six decimals.
        assertThat(total).isBetween(99.99, 100.2);
    }

    @Test
    void sameSeedGivesByteIdenticalReportsInEveryFormat() {
        SimulationResult first = run(11);
        SimulationResult second = run(11);

        for (FioNormalReport.Format format : FioNormalReport.Format.values()) {
            assertThat(FioNormalReport.render(second, format)).isEqualTo(FioNormalReport.render(first, format));
        }
        for (FioJsonReport.Format format : FioJsonReport.Format.values()) {
            assertThat(FioJsonReport.render(second, format)).isEqualTo(FioJsonReport.render(first, format));
        }
    }

    @Test
    void comparisonTableHasARowPerRunAndTheStandardColumnsOfEveryJob() {
        SimulationResult a = run(1);
        SimulationResult b = run(2);
        ComparisonTable table = new ComparisonTable("seed", ComparisonColumns.standard(a),
                List.of(new ComparisonTable.Row("1", a), new ComparisonTable.Row("2", b)));

        String csv = table.render(ComparisonTable.Format.CSV);

        assertThat(csv.split("\n")).hasSize(3);
        assertThat(csv).startsWith("seed,reader read bw (KiB/s),reader read iops,reader read mean clat (usec),"
                + "reader read max clat (usec),reader read p99 clat (usec),writer write bw (KiB/s),");
        assertThat(csv).doesNotContain(",-");
    }
}
