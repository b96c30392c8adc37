package org.iosched.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Linux 6.6's blk-wbt through the packaged jar: a buffered writer floods a SATA disk while a psync reader reads at
 * random; with writeback throttling on (the default) the reader's clat p99 is far lower than with
 * {@code queue.wbt_lat_usec=0}, under {@code none} and {@code mq-deadline}; and {@code queue.wbt_lat_usec} on a 3.0
 * run is a user error. Bounded by 4 s of simulated time per run.
 */
class WritebackThrottlingIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String JOB = """
            [global]
            runtime=4
            time_based

            [writer]
            filename=/data/big
            size=4g
            rw=write
            bs=1m
            ioengine=psync

            [reader]
            filename=/data/file
            size=1g
            rw=randread
            bs=4k
            direct=1
            ioengine=psync
            """;

    @TempDir
    Path work;

    private JsonNode run(String device, String scheduler, String wbtLatUsec) throws Exception {
        Path job = Files.writeString(work.resolve("flood.fio"), JOB, StandardCharsets.UTF_8);
        Iosched.Outcome outcome = Iosched.run(work, "run", job.toString(), "--device", device, "--scheduler",
                scheduler, "--set", "queue.wbt_lat_usec=" + wbtLatUsec, "--output-format", "json");
        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        return JSON.readTree(outcome.stdout());
    }

    private static JsonNode reader(JsonNode result) {
        for (JsonNode job : result.path("jobs")) {
            if (job.path("jobname").asText().equals("reader")) {
                return job.path("read");
            }
        }
        throw new AssertionError("no reader job in " + result);
    }

    private static double readerP99Millis(JsonNode result) {
        return reader(result).path("clat_ns").path("percentile").path("99.000000").asDouble() / 1e6;
    }

    private void readerIsProtected(String scheduler) throws Exception {
        readerIsProtected("hdd-7200-ncq", scheduler);
    }

    // returns the reader's results with wbt on and off
    private JsonNode[] readerIsProtected(String device, String scheduler) throws Exception {
        JsonNode on = run(device, scheduler, "-1");
        JsonNode off = run(device, scheduler, "0");
        double withWbt = readerP99Millis(on);
        double without = readerP99Millis(off);
        assertThat(on.toString()).contains("\"queue.wbt_lat_usec\":\"75000\"").contains("wbt.scale_step");
        assertThat(off.toString()).contains("\"queue.wbt_lat_usec\":\"0\"").doesNotContain("wbt.scale_step");
        assertThat(withWbt).as("reader p99 with wbt %.1f ms, without %.1f ms", withWbt, without)
                .isLessThan(without / 2);
        return new JsonNode[] {reader(on), reader(off)};
    }

    @Test
    void wbtBoundsTheReadersTailUnderABufferedWriteFloodWithNone() throws Exception {
        readerIsProtected("none");
    }

    @Test
    void wbtBoundsTheReadersTailUnderABufferedWriteFloodWithMqDeadline() throws Exception {
        readerIsProtected("mq-deadline");
    }

    /**
     * A SATA disk without NCQ: one command at a time (the LUN's queue depth 1, wbt's max_depth 2). The flusher that
     * wbt wakes at a completion does not take the only slot before the reader's request waiting on
     * {@code hctx->dispatch}: it is woken, its request goes on its plug, and it sleeps again at its next bio, which
     * flushes the plug from {@code schedule} (through kblockd, which serves {@code hctx->dispatch} first).
     */
    @Test
    void wbtServesTheReaderOnASataDiskWithoutNcqUnderNone() throws Exception {
        JsonNode[] reader = readerIsProtected("hdd-7200", "none");
        JsonNode on = reader[0];
        JsonNode off = reader[1];
        assertThat(on.path("iops").asDouble()).as("reader IOPS with wbt, without: %s", off.path("iops"))
                .isGreaterThan(off.path("iops").asDouble());
    }

    @Test
    void wbtLatUsecOnAThreeZeroRunIsAOneLineUserError() throws Exception {
        Path job = Files.writeString(work.resolve("flood.fio"), JOB, StandardCharsets.UTF_8);
        Iosched.Outcome outcome = Iosched.run(work, "run", job.toString(), "--scheduler", "cfq", "--set",
                "queue.wbt_lat_usec=2000");
        assertThat(outcome.exitCode()).isEqualTo(2);
        assertThat(outcome.stderr().strip()).doesNotContain("\n").contains("queue.wbt_lat_usec")
                .contains("exists only in kernel.version=6.6");
    }
}
