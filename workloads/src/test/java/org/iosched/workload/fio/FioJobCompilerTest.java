package org.iosched.workload.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.iosched.api.InvalidInputException;
import org.iosched.api.JobDescriptor;
import org.junit.jupiter.api.Test;

class FioJobCompilerTest {
    @Test
    void numjobsClonesKeepTheNameAndGetFiosJobNumbersInFileNames() {
        FioWorkload w = Fio.workload("[reader]\nsize=1m\nnumjobs=3\nnrfiles=2\n");
        assertThat(w.jobs()).extracting(JobDescriptor::name).containsExactly("reader", "reader", "reader");
        assertThat(w.jobs()).extracting(JobDescriptor::index).containsExactly(0, 1, 2);
        assertThat(w.specs().get(0).files()).containsExactly("reader.0.0", "reader.0.1");
        assertThat(w.specs().get(1).files()).containsExactly("reader.2.0", "reader.2.1");
        assertThat(w.specs().get(2).files()).containsExactly("reader.1.0", "reader.1.1");
    }

    @Test
    void aNameOptionRenamesTheJobButFilesKeepTheSectionName() {
        FioWorkload w = Fio.workload("[sec]\nname=pretty\nsize=1m\n");
        assertThat(w.jobs().get(0).name()).isEqualTo("pretty");
        assertThat(w.specs().get(0).files()).containsExactly("sec.0.0");
    }

    @Test
    void directoryPrefixesFilesAndSeveralDirectoriesAreHandedToClonesInTurn() {
        FioWorkload w = Fio.workload("[j]\nsize=1m\nnumjobs=2\ndirectory=/a:/b\n");
        assertThat(w.specs().get(0).files()).containsExactly("/a/j.0.0");
        assertThat(w.specs().get(1).files()).containsExactly("/b/j.1.0");
        FioWorkload named = Fio.workload("[j]\nsize=1m\ndirectory=/mnt\nfilename=x:y\\:z\n");
        assertThat(named.specs().get(0).files()).containsExactly("/mnt/x", "/mnt/y:z");
        assertThat(named.specs().get(0).options().nrFiles).isEqualTo(2);
    }

    @Test
    void filenameFormatReplacesJobnameJobnumAndFilenum() {
        FioWorkload w = Fio.workload("[j]\nsize=1m\nfilename_format=data.$filenum.$jobname.$jobnum\nnrfiles=2\n");
        assertThat(w.specs().get(0).files()).containsExactly("data.0.j.0", "data.1.j.0");
    }

    @Test
    void stonewallAndNewGroupStartReportingGroupsButNotForTheFirstJobOrClones() {
        FioWorkload w = Fio.workload("""
                [a]
                size=1m
                stonewall
                numjobs=2
                [b]
                size=1m
                [c]
                size=1m
                new_group
                [d]
                size=1m
                stonewall
                """);
        assertThat(w.jobs()).extracting(JobDescriptor::groupId).containsExactly(0, 0, 0, 1, 2);
        assertThat(w.specs().get(1).options().stonewall).isFalse();
    }

    @Test
    void theSummaryIsFiosOneLineDescription() {
        FioWorkload w = Fio.workload("[j]\nsize=1m\nrw=randrw\nbsrange=512-64k\nioengine=libaio\niodepth=32\n");
        assertThat(w.jobs().get(0).summary()).isEqualTo("rw=randrw, bs=(R) 512B-64.0KiB, (W) 512B-64.0KiB, "
                + "(T) 512B-64.0KiB, ioengine=libaio, iodepth=32");
        FioWorkload seqRand = Fio.workload("[j]\nsize=1m\nbs=4k,8k\nbs_is_seq_rand=1\n");
        assertThat(seqRand.jobs().get(0).summary()).isEqualTo("rw=read, bs=(R) 4096B-4096B, (W) 8192B-8192B, "
                + "bs_is_seq_rand, ioengine=psync, iodepth=1");
        FioWorkload si = Fio.workload("[j]\nsize=1m\nkb_base=1000\nbs=16k\n");
        assertThat(si.jobs().get(0).summary()).startsWith("rw=read, bs=(R) 16.0kB-16.0kB");
    }

    @Test
    void logFilesAreNamedAsFioNamesThem() {
        FioWorkload w = Fio.workload("""
                [j]
                size=1m
                write_lat_log
                write_bw_log=run
                write_iops_log=iops
                numjobs=2
                """);
        assertThat(w.jobs().get(0).logFiles()).containsExactly("j_lat.1.log", "j_slat.1.log", "j_clat.1.log",
                "run_bw.1.log", "iops_iops.1.log");
        assertThat(w.jobs().get(1).logFiles()).contains("run_bw.2.log");
        FioWorkload shared = Fio.workload("[j]\nsize=1m\nwrite_bw_log=x\nper_job_logs=0\n");
        assertThat(shared.jobs().get(0).logFiles()).containsExactly("x_bw.log");
    }

    @Test
    void descriptorOptionsAreTheOptionsAsWrittenAfterInheritance() {
        FioWorkload w = Fio.workload("[global]\nbs=8k\n[j]\nsize=1m\ntime_based\nruntime=1\n");
        assertThat(w.jobs().get(0).options()).containsEntry("bs", "8k").containsEntry("size", "1m")
                .containsEntry("time_based", "").containsEntry("name", "j");
        assertThat(w.jobs().get(0).groupReporting()).isFalse();
    }

    @Test
    void waitForMustNameAnEarlierOtherJob() {
        assertThatThrownBy(() -> Fio.workload("[a]\nsize=1m\nwait_for=a\n"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("job.fio:1: a: a job cannot wait for itself (wait_for=a). (fio: job a dropped)");
        assertThatThrownBy(() -> Fio.workload("[a]\nsize=1m\nwait_for=b\n[b]\nsize=1m\n"))
                .hasMessage("job.fio:1: a: waitee job b unknown. (fio: job a dropped)");
        assertThatThrownBy(() -> Fio.workload("[b]\nsize=1m\n[b]\nsize=1m\n[a]\nsize=1m\nwait_for=b\n"))
                .hasMessageContaining("multiple waitees b found");
    }

    @Test
    void exitallInAnyJobAppliesToEveryJobAsFiosGlobalFlag() {
        FioWorkload w = Fio.workload("[a]\nsize=1m\n[b]\nsize=1m\nexitall\n");
        assertThat(w.specs()).allSatisfy(s -> assertThat(s.options().exitall).isTrue());
    }
}
