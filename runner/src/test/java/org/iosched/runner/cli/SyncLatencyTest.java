package org.iosched.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * fio's meaning of clat and lat for a synchronous engine, through the whole stack: clat runs from the call's issue
 * ({@code issue_time}, after fio's own work for the unit), lat from the unit's start, so lat exceeds clat by fio's
 * user time per I/O; an asynchronous engine's lat is slat + clat.
 */
class SyncLatencyTest {
    @TempDir
    Path dir;

    private JsonNode read(String engine, String... sets) throws Exception {
        Path job = Files.writeString(dir.resolve(engine + ".fio"), "[t]\nfilename=/dev/sda\nrw=randread\nbs=4k\n"
                + "direct=1\nioengine=" + engine + "\nruntime=20ms\ntime_based\n");
        String[] args = new String[6 + 2 * sets.length];
        System.arraycopy(new String[] {"run", job.toString(), "--device", "nvme", "--output-format", "json"}, 0, args,
                0, 6);
        for (int i = 0; i < sets.length; i++) {
            args[6 + 2 * i] = "--set";
            args[7 + 2 * i] = sets[i];
        }
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = IoschedCommand.execute(args, new PrintWriter(out), new PrintWriter(err));
        assertThat(code).as(err.toString()).isZero();
        return new ObjectMapper().readTree(out.toString()).path("jobs").path(0).path("read");
    }

    @Test
    void aSyncEnginesLatStartsBeforeItsClatByFiosOwnTimePerIo() throws Exception {
        JsonNode psync = read("psync");
        double gap = psync.path("lat_ns").path("mean").asDouble() - psync.path("clat_ns").path("mean").asDouble();
        // fio.io_user_ns 1500 + 3 clock reads of fio.gettime_ns 62, plus the rare wait for the CPU before the entry
        assertThat(gap).isBetween(1686.0, 1736.0);
        assertThat(psync.path("slat_ns").path("N").asLong()).isZero();

        JsonNode noUserTime = read("psync", "fio.io_user_ns=0", "fio.gettime_ns=0");
        assertThat(noUserTime.path("lat_ns").path("mean").asDouble() - noUserTime.path("clat_ns").path("mean")
                .asDouble()).isBetween(0.0, 50.0);
    }

    @Test
    void anAsyncEnginesLatIsSlatPlusClat() throws Exception {
        JsonNode libaio = read("libaio");
        assertThat(libaio.path("lat_ns").path("mean").asDouble()).isCloseTo(
                libaio.path("slat_ns").path("mean").asDouble() + libaio.path("clat_ns").path("mean").asDouble(),
                org.assertj.core.data.Offset.offset(1.0));
    }
}
