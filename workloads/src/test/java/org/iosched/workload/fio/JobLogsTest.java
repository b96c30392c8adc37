package org.iosched.workload.fio;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.iosched.workload.testing.FakeWorkloadContext;
import org.junit.jupiter.api.Test;

class JobLogsTest {
    @Test
    void perIoLogsWriteOneLinePerIoInFiosFormat() {
        FakeWorkloadContext ctx = Fio.run("""
                [j]
                rw=write
                size=8k
                ioengine=libaio
                iodepth=2
                write_lat_log
                write_bw_log
                write_iops_log
                filename=/dev/sdb
                """);
        assertThat(ctx.logs).containsOnlyKeys("j_lat.1.log", "j_slat.1.log", "j_clat.1.log", "j_bw.1.log",
                "j_iops.1.log");
        assertThat(ctx.logs.get("j_clat.1.log").toString()).isEqualTo("0, 100000, 1, 4096, 0\n0, 100000, 1, 4096, 0\n");
        assertThat(ctx.logs.get("j_slat.1.log").toString()).isEqualTo("0, 0, 1, 4096, 0\n0, 0, 1, 4096, 0\n");
        assertThat(ctx.logs.get("j_bw.1.log").toString()).startsWith("0, 40960, 1, 4096, 0\n");
        assertThat(ctx.logs.get("j_iops.1.log").toString()).startsWith("0, 1, 1, 4096, 0\n");
    }

    @Test
    void syncEnginesWriteAnEmptySlatLog() {
        FakeWorkloadContext ctx = Fio.run("[j]\nsize=8k\nwrite_lat_log=x\nfilename=/dev/sdb\n");
        assertThat(ctx.logs.get("x_slat.1.log").toString()).isEmpty();
        assertThat(ctx.logs.get("x_lat.1.log").toString()).isEqualTo("0, 100000, 0, 4096, 0\n0, 100000, 0, 4096, 0\n");
    }

    @Test
    void logOffsetAndLogPrioAddColumnsAsFioDoes() {
        FakeWorkloadContext ctx = Fio.run("[j]\nsize=8k\nwrite_lat_log=x\nlog_offset=1\nlog_prio=1\nprioclass=1\n"
                + "prio=3\nfilename=/dev/sdb\n");
        assertThat(ctx.logs.get("x_clat.1.log").toString())
                .isEqualTo("0, 100000, 0, 4096, 0, 0x2003\n0, 100000, 0, 4096, 4096, 0x2003\n");
        FakeWorkloadContext rt = Fio.run("[j]\nsize=4k\nwrite_lat_log=x\nprioclass=1\nfilename=/dev/sdb\n");
        assertThat(rt.logs.get("x_clat.1.log").toString()).isEqualTo("0, 100000, 0, 4096, 1\n");
    }

    @Test
    void logAvgMsecAveragesEachWindow() {
        FakeWorkloadContext ctx = Fio.run("[j]\nrw=read\nbs=4k\ntime_based\nruntime=2\nlog_avg_msec=1000\n"
                + "write_bw_log\nwrite_iops_log\nwrite_lat_log\nfilename=/dev/sdb\n");
        // the first window holds the 9999 reads completed before 1000 ms (0.1 ms ... 999.9 ms)
        List<String> bw = ctx.logs.get("j_bw.1.log").toString().lines().toList();
        assertThat(bw).containsExactly("1000, 39996, 0, 0, 0", "2000, 40000, 0, 0, 0");
        assertThat(ctx.logs.get("j_iops.1.log").toString().lines().toList())
                .containsExactly("1000, 9999, 0, 0, 0", "2000, 10000, 0, 0, 0");
        assertThat(ctx.logs.get("j_clat.1.log").toString().lines().toList())
                .containsExactly("1000, 100000, 0, 0, 0", "2000, 100000, 0, 0, 0");
    }

    @Test
    void nothingIsLoggedDuringTheRamp() {
        FakeWorkloadContext ctx = Fio.run("[j]\nrw=read\ntime_based\nruntime=1ms\nramp_time=1ms\nwrite_iops_log\n"
                + "filename=/dev/sdb\n");
        // reads completing at 1.0 ms (the end of the ramp), 1.1 ms, ..., 2.0 ms
        assertThat(ctx.logs.get("j_iops.1.log").toString().lines().count()).isEqualTo(11);
        assertThat(ctx.logs.get("j_iops.1.log").toString()).startsWith("0, 1, 0, 4096, 0\n");
    }
}
