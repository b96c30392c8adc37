package org.iosched.workload.fio;

import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The typed options of one fio job ({@code struct thread_options}) with fio's defaults (options.c
 * {@code .def}), filled by {@link JobOptionsBinder}. Mutable while a job file is read, copied for every
 * job section (a job starts from the global options above it) and every {@code numjobs} clone. Times are
 * in microseconds, as fio keeps them; sizes in bytes.
 */
final class JobOptions {
    /** Sentinel for "not set". */
    static final long UNSET = -1;

    String name;
    String description;
    String waitFor;
    String filename;
    String directory;
    String filenameFormat = "$jobname.$jobnum.$filenum";

    RwMode rw = RwMode.READ;
    /** {@code rw=...:N}: for random patterns a new offset every N I/Os ({@code ddir_seq_nr}). */
    int ddirSeqNr = 1;
    /** {@code rw=...:N}: for sequential patterns N bytes skipped after each I/O ({@code ddir_seq_add}). */
    long ddirSeqAdd;
    boolean rwSequencerIdentical;

    IoEngine ioengine = IoEngine.PSYNC;
    int iodepth = 1;
    int iodepthBatch = 1;
    int iodepthBatchCompleteMin = 1;
    int iodepthBatchCompleteMax;
    int iodepthLow;

    long size = UNSET;
    int sizePercent = -1;
    long ioSize = UNSET;
    int ioSizePercent = -1;
    long fileSizeLow = UNSET;
    long fileSizeHigh = UNSET;
    long offset;
    int offsetPercent = -1;
    long offsetIncrement;
    int offsetIncrementPercent = -1;
    long numberIos;
    /** {@code zonemode}: false for none, true for strided. */
    boolean zoneStrided;
    long zoneSize;
    /** {@code zonerange}; after fixup, 0 unless {@code zonemode=strided} (then {@code zonesize} if not given). */
    long zoneRange;
    long zoneSkip;

    final long[] bs = {4096, 4096, 4096};
    final long[] minBs = new long[Ddir.COUNT];
    final long[] maxBs = new long[Ddir.COUNT];
    final long[] blockAlign = new long[Ddir.COUNT];
    final BlockSizeSplit[] bssplit = new BlockSizeSplit[Ddir.COUNT];
    boolean bsUnaligned;
    boolean bsIsSeqRand;

    boolean randRepeat = true;
    long randSeed = 0x89;
    boolean allRandRepeat;
    boolean norandommap;
    OffsetDistribution distribution = OffsetDistribution.UNIFORM;
    final int[] percentageRandom = {100, 100, 100};

    int nrFiles = 1;
    FileServiceType fileServiceType = FileServiceType.ROUNDROBIN;
    int fileServiceNr = 1;

    int fsyncBlocks;
    int fdatasyncBlocks;
    boolean direct;
    SyncMode sync = SyncMode.NONE;
    boolean endFsync;
    boolean fsyncOnClose;

    int loops = 1;
    int numjobs = 1;
    long startDelay;
    long startDelayHigh;
    long runtime;
    boolean timeBased;
    long rampTime;

    final int[] rwmix = {50, 50};

    int nice;
    int prio = -1;
    int prioClass = -1;
    /** {@code cmdprio_percentage} per direction (read, write; trim unused): 0 = off. */
    final int[] cmdprioPercentage = new int[Ddir.COUNT];
    /** {@code cmdprio_class} per direction: fio's default is the highest class, RT (1). */
    final int[] cmdprioClass = {1, 1, 1};
    /** {@code cmdprio} per direction: default 0, the highest level. */
    final int[] cmdprioLevel = new int[Ddir.COUNT];
    /** {@code cmdprio_bssplit} per direction (read, write), null where not given. */
    final CmdprioSplit[] cmdprioBssplit = new CmdprioSplit[Ddir.COUNT];

    long thinktime;
    long thinktimeSpin;
    int thinktimeBlocks = 1;
    boolean thinktimeBlocksIssue;

    final long[] rate = new long[Ddir.COUNT];
    final long[] rateMin = new long[Ddir.COUNT];
    final long[] rateIops = new long[Ddir.COUNT];
    final long[] rateIopsMin = new long[Ddir.COUNT];
    boolean ratePoisson;
    int rateCycle = 1000;
    boolean rateIgnoreThinktime;

    boolean exitall;
    ExitWhat exitWhat = ExitWhat.GROUP;
    boolean exitallOnError;
    boolean stonewall;
    boolean newGroup;
    boolean groupReporting;
    boolean stats = true;

    String bwLog;
    String latLog;
    String iopsLog;
    int logAvgMsec;
    boolean logOffset;
    boolean logPrio;
    boolean perJobLogs = true;

    String cgroup;
    int cgroupWeight;

    /** {@code cpus_allowed}/{@code cpumask}: the CPUs the job may run on, or null for every CPU. */
    BitSet cpus;
    /** The option that set {@link #cpus} last ({@code cpus_allowed} or {@code cpumask}), for errors. */
    String cpusOption;
    /** {@code cpus_allowed_policy=split}: each job gets one CPU of {@link #cpus}, round robin. */
    boolean cpusSplit;

    /** {@code mem}/{@code iomem}: how the I/O buffers are allocated. */
    MemoryType mem = MemoryType.MALLOC;
    /** {@code iomem_align}/{@code mem_align}, bytes. */
    long memAlign;
    /** {@code hugepage-size}, bytes (fio's x86 default: 2 MiB). */
    long hugepageSize = 2L << 20;

    /** {@code gtod_reduce}, and the {@code disable_*} options it implies. */
    boolean gtodReduce;
    boolean disableLat;
    boolean disableClat;
    boolean disableSlat;
    boolean disableBw;

    /** fio's own CPU time per I/O, ns (not an fio option: derived from the workload's tunables at fixup). */
    long userNanos;
    /** Minor faults of the first touches of the job's I/O buffers (derived at fixup, see the compiler). */
    long bufferFaults;

    int kbBase = 1024;
    int unitBase;

    /** Canonical names of the options set explicitly ({@code fio_option_is_set}). */
    final Set<String> set = new HashSet<>();
    /** The options of the job's own section as fio lists them ({@link JobOptionsBinder#apply}). */
    List<String> ownOptions = List.of();
    /** The line that last set each modelled option (canonical name), for errors found after parsing. */
    final Map<String, RawOption> origins = new HashMap<>();
    /** The options as written, after inheritance, for {@link org.iosched.api.JobDescriptor#options()}. */
    final Map<String, String> written = new LinkedHashMap<>();

    JobOptions copy() {
        JobOptions c = new JobOptions();
        c.name = name;
        c.description = description;
        c.waitFor = waitFor;
        c.filename = filename;
        c.directory = directory;
        c.filenameFormat = filenameFormat;
        c.rw = rw;
        c.ddirSeqNr = ddirSeqNr;
        c.ddirSeqAdd = ddirSeqAdd;
        c.rwSequencerIdentical = rwSequencerIdentical;
        c.ioengine = ioengine;
        c.iodepth = iodepth;
        c.iodepthBatch = iodepthBatch;
        c.iodepthBatchCompleteMin = iodepthBatchCompleteMin;
        c.iodepthBatchCompleteMax = iodepthBatchCompleteMax;
        c.iodepthLow = iodepthLow;
        c.size = size;
        c.sizePercent = sizePercent;
        c.ioSize = ioSize;
        c.ioSizePercent = ioSizePercent;
        c.fileSizeLow = fileSizeLow;
        c.fileSizeHigh = fileSizeHigh;
        c.offset = offset;
        c.offsetPercent = offsetPercent;
        c.offsetIncrement = offsetIncrement;
        c.offsetIncrementPercent = offsetIncrementPercent;
        c.numberIos = numberIos;
        c.zoneStrided = zoneStrided;
        c.zoneSize = zoneSize;
        c.zoneRange = zoneRange;
        c.zoneSkip = zoneSkip;
        System.arraycopy(bs, 0, c.bs, 0, Ddir.COUNT);
        System.arraycopy(minBs, 0, c.minBs, 0, Ddir.COUNT);
        System.arraycopy(maxBs, 0, c.maxBs, 0, Ddir.COUNT);
        System.arraycopy(blockAlign, 0, c.blockAlign, 0, Ddir.COUNT);
        System.arraycopy(bssplit, 0, c.bssplit, 0, Ddir.COUNT);
        c.bsUnaligned = bsUnaligned;
        c.bsIsSeqRand = bsIsSeqRand;
        c.randRepeat = randRepeat;
        c.randSeed = randSeed;
        c.allRandRepeat = allRandRepeat;
        c.norandommap = norandommap;
        c.distribution = distribution;
        System.arraycopy(percentageRandom, 0, c.percentageRandom, 0, Ddir.COUNT);
        c.nrFiles = nrFiles;
        c.fileServiceType = fileServiceType;
        c.fileServiceNr = fileServiceNr;
        c.fsyncBlocks = fsyncBlocks;
        c.fdatasyncBlocks = fdatasyncBlocks;
        c.direct = direct;
        c.sync = sync;
        c.endFsync = endFsync;
        c.fsyncOnClose = fsyncOnClose;
        c.loops = loops;
        c.numjobs = numjobs;
        c.startDelay = startDelay;
        c.startDelayHigh = startDelayHigh;
        c.runtime = runtime;
        c.timeBased = timeBased;
        c.rampTime = rampTime;
        c.rwmix[0] = rwmix[0];
        c.rwmix[1] = rwmix[1];
        c.nice = nice;
        c.prio = prio;
        c.prioClass = prioClass;
        System.arraycopy(cmdprioPercentage, 0, c.cmdprioPercentage, 0, Ddir.COUNT);
        System.arraycopy(cmdprioClass, 0, c.cmdprioClass, 0, Ddir.COUNT);
        System.arraycopy(cmdprioLevel, 0, c.cmdprioLevel, 0, Ddir.COUNT);
        System.arraycopy(cmdprioBssplit, 0, c.cmdprioBssplit, 0, Ddir.COUNT);
        c.thinktime = thinktime;
        c.thinktimeSpin = thinktimeSpin;
        c.thinktimeBlocks = thinktimeBlocks;
        c.thinktimeBlocksIssue = thinktimeBlocksIssue;
        System.arraycopy(rate, 0, c.rate, 0, Ddir.COUNT);
        System.arraycopy(rateMin, 0, c.rateMin, 0, Ddir.COUNT);
        System.arraycopy(rateIops, 0, c.rateIops, 0, Ddir.COUNT);
        System.arraycopy(rateIopsMin, 0, c.rateIopsMin, 0, Ddir.COUNT);
        c.ratePoisson = ratePoisson;
        c.rateCycle = rateCycle;
        c.rateIgnoreThinktime = rateIgnoreThinktime;
        c.exitall = exitall;
        c.exitWhat = exitWhat;
        c.exitallOnError = exitallOnError;
        c.stonewall = stonewall;
        c.newGroup = newGroup;
        c.groupReporting = groupReporting;
        c.stats = stats;
        c.bwLog = bwLog;
        c.latLog = latLog;
        c.iopsLog = iopsLog;
        c.logAvgMsec = logAvgMsec;
        c.logOffset = logOffset;
        c.logPrio = logPrio;
        c.perJobLogs = perJobLogs;
        c.cgroup = cgroup;
        c.cgroupWeight = cgroupWeight;
        c.cpus = cpus == null ? null : (BitSet) cpus.clone();
        c.cpusOption = cpusOption;
        c.cpusSplit = cpusSplit;
        c.mem = mem;
        c.memAlign = memAlign;
        c.hugepageSize = hugepageSize;
        c.gtodReduce = gtodReduce;
        c.disableLat = disableLat;
        c.disableClat = disableClat;
        c.disableSlat = disableSlat;
        c.disableBw = disableBw;
        c.userNanos = userNanos;
        c.bufferFaults = bufferFaults;
        c.kbBase = kbBase;
        c.unitBase = unitBase;
        c.set.addAll(set);
        c.written.putAll(written);
        c.origins.putAll(origins);
        c.ownOptions = ownOptions;
        return c;
    }

    /** Whether {@code canonical} was set explicitly, in [global] or in the job. */
    boolean isSet(String canonical) {
        return set.contains(canonical);
    }

    /** The smallest block size over the directions the job uses ({@code td_min_bs}). */
    long minBlockSize() {
        long min = Long.MAX_VALUE;
        for (int d = 0; d < Ddir.COUNT; d++) {
            if (uses(d)) {
                min = Math.min(min, minBs[d]);
            }
        }
        return min == Long.MAX_VALUE ? minBs[0] : min;
    }

    /** The largest block size over the directions the job uses ({@code td_max_bs}). */
    long maxBlockSize() {
        long max = 0;
        for (int d = 0; d < Ddir.COUNT; d++) {
            if (uses(d)) {
                max = Math.max(max, maxBs[d]);
            }
        }
        return max;
    }

    /** Whether the job issues I/O in direction {@code d}. */
    boolean uses(int d) {
        return switch (d) {
            case 0 -> rw.reads();
            case 1 -> rw.writes();
            default -> rw.trims();
        };
    }

    /** Whether any rate limit is set ({@code should_check_rate}). */
    boolean rateLimited() {
        for (int d = 0; d < Ddir.COUNT; d++) {
            if (rate[d] > 0 || rateIops[d] > 0 || rateMin[d] > 0 || rateIopsMin[d] > 0) {
                return true;
            }
        }
        return false;
    }
}
