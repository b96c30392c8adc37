package org.iosched.workload.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.iosched.api.InvalidInputException;
import org.junit.jupiter.api.Test;

class FioOptionsTest {
    private static JobOptions job(String options) {
        return Fio.options("[job]\nsize=1m\n" + options);
    }

    private static void rejects(String options, String message) {
        assertThatThrownBy(() -> Fio.workload("[job]\nsize=1m\n" + options))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("job.fio:3: " + message);
    }

    @Test
    void defaultsAreFios() {
        JobOptions o = job("");
        assertThat(o.rw).isEqualTo(RwMode.READ);
        assertThat(o.bs).containsExactly(4096, 4096, 4096);
        assertThat(o.ioengine).isEqualTo(IoEngine.PSYNC);
        assertThat(o.iodepth).isEqualTo(1);
        assertThat(o.iodepthBatch).isEqualTo(1);
        assertThat(o.iodepthBatchCompleteMin).isEqualTo(1);
        assertThat(o.iodepthBatchCompleteMax).isEqualTo(1);
        assertThat(o.iodepthLow).isEqualTo(1);
        assertThat(o.direct).isFalse();
        assertThat(o.rwmix).containsExactly(50, 50);
        assertThat(o.randRepeat).isTrue();
        assertThat(o.randSeed).isEqualTo(0x89);
        assertThat(o.norandommap).isFalse();
        assertThat(o.nrFiles).isEqualTo(1);
        assertThat(o.loops).isEqualTo(1);
        assertThat(o.numjobs).isEqualTo(1);
        assertThat(o.runtime).isZero();
        assertThat(o.thinktimeBlocks).isEqualTo(1);
        assertThat(o.rateCycle).isEqualTo(1000);
        assertThat(o.percentageRandom).containsExactly(100, 100, 100);
        assertThat(o.kbBase).isEqualTo(1024);
        assertThat(o.exitWhat).isEqualTo(ExitWhat.GROUP);
        assertThat(o.perJobLogs).isTrue();
        assertThat(o.prio).isEqualTo(-1);
        assertThat(o.prioClass).isEqualTo(-1);
        assertThat(o.stats).isTrue();
    }

    @Test
    void aliasesAreTheOptionsFioAccepts() {
        JobOptions o = job("""
                readwrite=randwrite
                blocksize=8k
                timeout=30
                iodepth_batch_submit=4
                iodepth_batch_complete=2
                iodepth=8
                ratemin=1k
                nr_files=2
                wait_for_previous
                io_limit=2m
                fileoffset=4k
                blocksize_range=4k-8k
                """);
        assertThat(o.rw).isEqualTo(RwMode.RANDWRITE);
        assertThat(o.bs).containsExactly(8192, 8192, 8192);
        assertThat(o.runtime).isEqualTo(30_000_000L);
        assertThat(o.iodepthBatch).isEqualTo(4);
        assertThat(o.iodepthBatchCompleteMin).isEqualTo(2);
        assertThat(o.rateMin).containsExactly(1024, 1024, 1024);
        assertThat(o.nrFiles).isEqualTo(2);
        assertThat(o.stonewall).isTrue();
        assertThat(o.ioSize).isEqualTo(2 << 20);
        assertThat(o.offset).isEqualTo(4096);
        assertThat(o.minBs).containsExactly(4096, 4096, 4096);
        assertThat(o.maxBs).containsExactly(8192, 8192, 8192);
    }

    @Test
    void perDirectionValuesCarryOverUntilATrailingComma() {
        assertThat(job("bs=8k,32k").bs).containsExactly(8192, 32768, 32768);
        assertThat(job("bs=8k,32k,").bs).containsExactly(8192, 32768, 4096);
        assertThat(job("bs=,8k").bs).containsExactly(4096, 8192, 8192);
        assertThat(job("bs=1k,2k,3k").bs).containsExactly(1024, 2048, 3072);
        assertThat(job("rate=1m,500k").rate).containsExactly(1 << 20, 500 << 10, 500 << 10);
        assertThat(job("bsrange=1k-4k,2k-8k").maxBs).containsExactly(4096, 8192, 8192);
        assertThat(job("percentage_random=50,20").percentageRandom).containsExactly(50, 20, 20);
    }

    @Test
    void bssplitSharesTheRestAmongEntriesWithoutAPercentageAndSortsByShare() {
        JobOptions o = job("bssplit=4k/10:64k/50:32k");
        BlockSizeSplit s = o.bssplit[0];
        assertThat(s.sizes()).containsExactly(4096, 32768, 65536);
        assertThat(s.percentages()).containsExactly(10, 40, 50);
        assertThat(o.minBs[0]).isEqualTo(4096);
        assertThat(o.maxBs[0]).isEqualTo(65536);
        JobOptions perDir = job("bssplit=2k/50:4k/50,4k/90:8k/10");
        assertThat(perDir.bssplit[0].sizes()).containsExactly(2048, 4096);
        assertThat(perDir.bssplit[1].sizes()).containsExactly(8192, 4096);
        assertThat(perDir.bssplit[2]).isEqualTo(perDir.bssplit[1]);
        rejects("bssplit=4k/60:8k/60", "fio: failed parsing bssplit=4k/60:8k/60: fio: bssplit percentages add to "
                + "more than 100%");
    }

    @Test
    void theRwSuffixIsAStrideForRandomAndASkipForSequentialPatterns() {
        assertThat(job("rw=randread:8").ddirSeqNr).isEqualTo(8);
        JobOptions holes = job("rw=write:4k");
        assertThat(holes.ddirSeqAdd).isEqualTo(4096);
        assertThat(job("rw=read:-8k").ddirSeqAdd).isEqualTo(-8192);
        assertThat(job("rw=randrw").rw).isEqualTo(RwMode.RANDRW);
        assertThat(job("rw=readwrite").rw).isEqualTo(RwMode.RW);
    }

    @Test
    void rwmixreadAndRwmixwriteSetEachOtherAndTheLastWins() {
        assertThat(job("rwmixread=70").rwmix).containsExactly(70, 30);
        assertThat(job("rwmixread=70\nrwmixwrite=10").rwmix).containsExactly(90, 10);
    }

    @Test
    void flagsAreBareOrZeroOrOneAndBooleansNeedAValue() {
        assertThat(job("time_based\nruntime=1").timeBased).isTrue();
        assertThat(job("group_reporting=1").groupReporting).isTrue();
        assertThat(job("norandommap=0").norandommap).isFalse();
        assertThat(job("direct=1").direct).isTrue();
        assertThat(job("buffered=0").direct).isTrue();
        rejects("direct", "fio: failed parsing direct=: Option direct requires an argument");
        rejects("direct=true", "fio: failed parsing direct=true: 'true' is not an unsigned integer (fio booleans "
                + "are 0 or 1)");
    }

    @Test
    void kbBaseAppliesToTheWholeSectionWhereverItIsWritten() {
        assertThat(job("bs=4k\nkb_base=1000").bs).containsExactly(4000, 4000, 4000);
    }

    @Test
    void anUnknownOptionGetsFiosMessageAndSuggestion() {
        rejects("iodepht=4", "Bad option <iodepht=4>. Did you mean iodepth?");
        rejects("zzzzzzzz=1", "Bad option <zzzzzzzz=1>");
        assertThatThrownBy(() -> Fio.workload("[job]\nsize=1m\nhipri\n"))
                .hasMessageStartingWith("job.fio:3: Bad option <hipri>");
    }

    @Test
    void aFioOptionThatIsNotModelledIsAnErrorNeverDropped() {
        rejects("verify=md5", "fio option 'verify' is not modelled by iosched (there is no data to verify in a "
                + "simulation)");
        rejects("read_iolog=trace.log", "fio option 'read_iolog' is not modelled by iosched (replay traces with the "
                + "'replay' workload instead)");
        rejects("ioengine=mmap", "fio: failed parsing ioengine=mmap: fio ioengine 'mmap' is not modelled by iosched; "
                + "modelled engines: sync, psync, vsync, pvsync, pvsync2, libaio, posixaio, io_uring, null");
        rejects("rwmixcycle=10", "Option rwmixcycle is deprecated");
    }

    @Test
    void optionsThatOnlyMatterOnRealHardwareAreListedAsNoticesAndTypeChecked() {
        FioWorkload w = Fio.workload("[job]\nsize=1m\ninvalidate=1\nzero_buffers\nthread\n"
                + "ioscheduler=cfq\nclat_percentiles=1\n");
        assertThat(w.notices()).containsExactly("invalidate: no effect in simulation", "zero_buffers: no effect in simulation",
                "thread: no effect in simulation", "ioscheduler: no effect in simulation",
                "clat_percentiles: applied to the report (see the report notes for what iosched cannot sample)");
        rejects("invalidate=yes", "fio: failed parsing invalidate=yes: 'yes' is not an unsigned integer (fio "
                + "booleans are 0 or 1)");
    }

    @Test
    void theTiobenchProfileOptionsAreAcceptedInAnyJobFileAsFioAcceptsThemWithoutEffect() {
        // fio registers profile options for every job file (fio --parse-only accepts threads=7, rejects
        // threads=abc and a bare threads); they only shape the jobs of profile=tiobench
        FioWorkload w = Fio.workload("[job]\nsize=1m\nthreads=7\nnumruns=2\n");
        assertThat(w.specs()).hasSize(1);
        assertThat(w.notices()).containsExactly(
                "threads: a tiobench profile option; no effect without profile=tiobench (as in fio)",
                "numruns: a tiobench profile option; no effect without profile=tiobench (as in fio)");
        assertThatThrownBy(() -> Fio.workload("[job]\nsize=1m\nthreads=abc\n"))
                .hasMessageStartingWith("job.fio:3: fio: failed parsing threads=abc: ");
        rejects("threads", "fio: failed parsing threads: Option threads requires an argument");
    }

    @Test
    void optionsHandedToTheOutputStageHaveTheirVariablesSubstituted() {
        FioWorkload w = Fio.workload(Fio.source("[job]\nsize=1m\npercentile_list=${P}\ndescription=run ${P}\n", null,
                java.util.Map.of("P", "50:99")));
        assertThat(w.jobs().get(0).options()).containsEntry("percentile_list", "50:99")
                .containsEntry("description", "run 50:99");
    }

    @Test
    void engineOptionsExistOnlyForTheirEngine() {
        FioWorkload w = Fio.workload("[job]\nsize=1m\nioengine=libaio\nuserspace_reap\n");
        assertThat(w.notices()).contains("userspace_reap: no effect in simulation");
        assertThatThrownBy(() -> Fio.workload("[job]\nsize=1m\nioengine=psync\nuserspace_reap\n"))
                .hasMessage("job.fio:4: Bad option <userspace_reap>");
    }

    @Test
    void badValuesNameTheOptionAndWhatIsAccepted() {
        rejects("rw=sideways", "fio: failed parsing rw=sideways: valid values: read, write, trim, randread, "
                + "randwrite, randtrim, rw, readwrite, randrw, trimwrite, randtrimwrite");
        rejects("iodepth=0", "fio: failed parsing iodepth=0: iodepth: min value out of range: 0 (1 min)");
        rejects("prio=8", "fio: failed parsing prio=8: prio: max value out of range: 8 (7 max)");
        rejects("nice=-21", "fio: failed parsing nice=-21: nice: min value out of range: -21 (-20 min)");
        rejects("cgroup_weight=50", "fio: failed parsing cgroup_weight=50: cgroup_weight: min value out of range: "
                + "50 (100 min)");
        rejects("bs=4q", "fio: failed parsing bs=4q: bad unit 'q'; expected an integer with an optional unit k, m, "
                + "g, t, p (kb_base multiples) or kib, mib, gib, tib, pib (the other base), e.g. 4k or 10g");
        rejects("runtime=10x", "fio: failed parsing runtime=10x: bad unit 'x'; expected an integer with an optional "
                + "unit us, ms, s, m (minutes), h or d");
        rejects("random_distribution=zipf:1", "fio: failed parsing random_distribution=zipf:1: fio: zipf theta must "
                + "be different than 1.0");
        rejects("random_distribution=pareto:1.5", "fio: failed parsing random_distribution=pareto:1.5: fio: pareto "
                + "input out of range (0 < input < 1.0)");
        rejects("exit_what=some", "fio: failed parsing exit_what=some: valid values: group, stonewall, all");
    }

    @Test
    void timesUseEachOptionsDefaultUnit() {
        JobOptions o = job("runtime=2m\nramp_time=500ms\nthinktime=10\nthinktime_spin=5\nstartdelay=3-6");
        assertThat(o.runtime).isEqualTo(120_000_000L);
        assertThat(o.rampTime).isEqualTo(500_000L);
        assertThat(o.thinktime).isEqualTo(10);
        assertThat(o.thinktimeSpin).isEqualTo(5);
        assertThat(o.startDelay).isEqualTo(3_000_000L);
        assertThat(o.startDelayHigh).isEqualTo(6_000_000L);
    }

    @Test
    void distributionsAndTheirParameters() {
        assertThat(job("random_distribution=zipf").distribution)
                .isEqualTo(new OffsetDistribution(OffsetDistribution.Kind.ZIPF, 1.1, -1));
        assertThat(job("random_distribution=pareto:0.9:0.5").distribution)
                .isEqualTo(new OffsetDistribution(OffsetDistribution.Kind.PARETO, 0.9, 0.5));
        JobOptions normal = job("rw=randread\nrandom_distribution=normal:10");
        assertThat(normal.distribution.kind()).isEqualTo(OffsetDistribution.Kind.NORMAL);
        assertThat(normal.norandommap).as("a non-uniform distribution turns the random map off").isTrue();
    }

    @Test
    void environmentAndKeywordsExpandInValues() {
        FioWorkload w = Fio.workload(Fio.source("[job]\nsize=${SIZE}\nbs=$pagesize\nnumjobs=$ncpus\n", null,
                Map.of("SIZE", "2m")));
        JobOptions o = w.specs().get(0).options();
        assertThat(o.size).isEqualTo(2 << 20);
        assertThat(o.bs[0]).isEqualTo(4096);
        // fio.ncpus left at 0 and no CPU count passed: a run without a CPU model has one CPU
        assertThat(w.specs()).hasSize(1);
        assertThat(Fio.workload("[job]\nsize=1m\nnumjobs=$ncpus\n", Map.of("ncpus", "4")).specs()).hasSize(4);
    }

    @Test
    void checksAcrossOptionsGiveFiosMessages() {
        assertThatThrownBy(() -> Fio.workload("[job]\nsize=1m\nrate=1m\nrate_iops=100\n"))
                .hasMessage("job.fio:1: fio: rate and rate_iops are mutually exclusive (fio: job job dropped)");
        assertThatThrownBy(() -> Fio.workload("[job]\nsize=1m\nrate=1m\nrate_min=2m\n"))
                .hasMessage("job.fio:1: fio: minimum rate exceeds rate, ddir 0 (fio: job job dropped)");
        assertThatThrownBy(() -> Fio.workload("[job]\nsize=1k\nbs=4k\n"))
                .hasMessage("job.fio:1: fio: size too small, must not be less than minimum block size: 1024 < 4096 "
                        + "(fio: job job dropped)");
        FioWorkload w = Fio.workload("[job]\nsize=1m\ntime_based\n");
        assertThat(w.notices()).contains("job: fio: time_based requires a runtime/timeout setting (time_based ignored)");
        assertThat(w.specs().get(0).options().timeBased).isFalse();
    }

    @Test
    void randseedOverridesRandrepeat() {
        assertThat(job("randseed=1234").randRepeat).isFalse();
    }
}
