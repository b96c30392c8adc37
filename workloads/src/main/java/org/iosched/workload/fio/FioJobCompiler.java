package org.iosched.workload.fio;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.iosched.api.InvalidInputException;
import org.iosched.api.WorkloadSource;
import org.iosched.workload.text.InputText;

/**
 * Turns a parsed job file into the jobs fio would run (init.c {@code add_job}, {@code fixup_options}):
 * global inheritance, option checks with fio's messages, {@code numjobs} clones, reporting groups
 * ({@code stonewall}/{@code new_group}), file names ({@code jobname.jobnum.filenum} or {@code filename}
 * under {@code directory}), log file names and the job summary line.
 */
final class FioJobCompiler {
    /** Result: the jobs and the notices for the report header. */
    record Compiled(List<FioJobSpec> jobs, List<String> notices, List<String> globalOptions) {
    }

    private final FioValues values;
    private final FioCpuCosts costs;

    FioJobCompiler(FioValues values, FioCpuCosts costs) {
        this.values = values;
        this.costs = costs;
    }

    Compiled compile(WorkloadSource source) {
        List<JobSection> sections = FioJobParser.parse(source);
        JobOptionsBinder binder = new JobOptionsBinder(values);
        Set<String> notices = new LinkedHashSet<>();
        JobOptions global = new JobOptions();
        List<String> globalOptions = new ArrayList<>();
        List<FioJobSpec> jobs = new ArrayList<>();
        int groupId = 0;
        int previousGroupJobs = 0;
        boolean exitall = false;
        for (JobSection section : sections) {
            if (section.global()) {
                globalOptions.addAll(binder.apply(global, section.options()));
                continue;
            }
            JobOptions o = global.copy();
            o.ownOptions = List.copyOf(binder.apply(o, section.options()));
            if (o.name == null) {
                o.name = section.name();
            }
            fixup(o, section, notices);
            o.userNanos = costs.userNanos(o);
            o.bufferFaults = bufferFaults(o, values.pageSize());
            checkDirectAlignment(o);
            checkWaitFor(o, section, jobs);
            checkNotDirectories(o, section);
            exitall |= o.exitall;
            for (int clone = 0; clone < o.numjobs; clone++) {
                JobOptions c = o.copy();
                int jobNumber = clone == 0 ? 0 : o.numjobs - clone;
                if (clone > 0) {
                    c.numjobs = 1;
                    c.stonewall = false;
                    c.newGroup = false;
                }
                if ((c.stonewall || c.newGroup) && previousGroupJobs > 0) {
                    previousGroupJobs = 0;
                    groupId++;
                }
                previousGroupJobs++;
                int index = jobs.size();
                jobs.add(new FioJobSpec(index, c.name, section.name(), jobNumber, groupId, c,
                        files(c, section.name(), jobNumber), JobSummary.describe(c), logFiles(c, index + 1),
                        section.source(), section.line()));
            }
        }
        if (jobs.isEmpty()) {
            throw new InvalidInputException(source.name(), 0, "fio: no jobs defined in the job file");
        }
        if (exitall) {
            // fio's exitall sets a process-wide flag: every job's exit terminates others (str_exitall_cb)
            for (FioJobSpec j : jobs) {
                j.options().exitall = true;
            }
        }
        notices.addAll(binder.notices());
        return new Compiled(jobs, List.copyOf(notices), List.copyOf(globalOptions));
    }

    /** fio's {@code fixup_options} for what iosched models. */
    private static void fixup(JobOptions o, JobSection section, Set<String> notices) {
        for (int d = 0; d < Ddir.COUNT; d++) {
            if (o.minBs[d] == 0) {
                o.minBs[d] = o.bs[d];
            }
            if (o.maxBs[d] == 0) {
                o.maxBs[d] = o.bs[d];
            }
        }
        boolean customAlign = false;
        for (int d = 0; d < Ddir.COUNT; d++) {
            if (o.blockAlign[d] == 0 || !o.rw.random()) {
                o.blockAlign[d] = o.minBs[d];
            } else if (o.blockAlign[d] != o.minBs[d]) {
                customAlign = true;
            }
        }
        if (customAlign && !o.norandommap) {
            notices.add(o.name + ": fio: Any use of blockalign= turns off randommap");
            o.norandommap = true;
        }
        if (o.fileSizeHigh == JobOptions.UNSET) {
            o.fileSizeHigh = o.fileSizeLow;
        }
        if (o.thinktimeSpin > o.thinktime) {
            o.thinktimeSpin = o.thinktime;
        }
        if (o.iodepthLow > o.iodepth || o.iodepthLow == 0) {
            o.iodepthLow = o.iodepth;
        }
        if (o.iodepthBatch > o.iodepth || o.iodepthBatch == 0) {
            o.iodepthBatch = o.iodepth;
        }
        if (o.iodepthBatchCompleteMin > o.iodepthBatchCompleteMax) {
            o.iodepthBatchCompleteMax = o.iodepthBatchCompleteMin;
        }
        long rates = o.rate[0] + o.rate[1] + o.rate[2];
        long iops = o.rateIops[0] + o.rateIops[1] + o.rateIops[2];
        long rateMins = o.rateMin[0] + o.rateMin[1] + o.rateMin[2];
        long iopsMins = o.rateIopsMin[0] + o.rateIopsMin[1] + o.rateIopsMin[2];
        if ((rates > 0 && iops > 0) || (rateMins > 0 && iopsMins > 0)) {
            throw fail(section, "fio: rate and rate_iops are mutually exclusive");
        }
        for (int d = 0; d < Ddir.COUNT; d++) {
            if ((o.rate[d] > 0 && o.rate[d] < o.rateMin[d]) || (o.rateIops[d] > 0 && o.rateIops[d] < o.rateIopsMin[d])) {
                throw fail(section, "fio: minimum rate exceeds rate, ddir " + d);
            }
        }
        if (o.timeBased && o.runtime == 0) {
            notices.add(o.name + ": fio: time_based requires a runtime/timeout setting (time_based ignored)");
            o.timeBased = false;
        }
        if (!o.zoneStrided && o.zoneSize > 0) {
            throw fail(section, "fio: --zonemode=none and --zonesize are not compatible.");
        }
        if (o.zoneStrided && o.zoneSize == 0) {
            throw fail(section, "fio: --zonesize must be specified when using --zonemode=strided.");
        }
        if (!o.zoneStrided) {
            // zonerange and zoneskip without zonemode=strided: accepted, no effect (as in fio)
            o.zoneRange = 0;
        } else if (o.zoneRange == 0) {
            o.zoneRange = o.zoneSize;
        }
        if (o.distribution.kind() != OffsetDistribution.Kind.RANDOM) {
            o.norandommap = true;
        }
        if (o.size > 0 && o.size < o.minBlockSize()) {
            throw fail(section, "fio: size too small, must not be less than minimum block size: " + o.size
                    + " < " + o.minBlockSize());
        }
        if (o.isSet("randseed")) {
            o.randRepeat = false;
        } else if (!o.randRepeat) {
            notices.add(o.name + ": randrepeat=0: iosched is deterministic; random streams come from the run seed");
        }
        if (o.loops == 0) {
            o.loops = 1;
        }
        if (o.ioengine == IoEngine.IO_URING) {
            notices.add("ioengine=io_uring: modelled as an asynchronous engine like libaio (the kernels "
                    + "modelled predate io_uring)");
        }
        if (o.sync == SyncMode.DSYNC) {
            notices.add("sync=dsync: opened O_SYNC (the OS model has one synchronous-write flag)");
        }
        if (o.ioengine == IoEngine.NULL && o.timeBased && o.thinktime == 0 && !o.rateLimited()) {
            throw fail(section, "ioengine=null with time_based needs rate, rate_iops or thinktime in iosched: "
                    + "null I/O takes no virtual time, so the runtime would never pass");
        }
        fixupMeasurement(o);
        if (o.cgroupWeight > 0 && o.cgroup == null) {
            notices.add(o.name + ": cgroup_weight without cgroup has no effect (as in fio)");
        }
    }

    /**
     * The minor faults of a job's first touches of its I/O buffers, as fio sizes them ({@code init_io_u}): one
     * buffer of the largest block size of any direction per unit, {@code iodepth} units, plus a page and
     * {@code iomem_align} of slack when the buffers must be aligned ({@code direct=1} or {@code iomem_align}), rounded
     * up to whole huge pages for {@code mem=shmhuge}/{@code mmaphuge}. Each page (or huge page) of it faults once,
     * when fio or the kernel first writes it.
     */
    static long bufferFaults(JobOptions o, long pageSize) {
        long maxBs = Math.max(o.maxBs[0], Math.max(o.maxBs[1], o.maxBs[2]));
        long size;
        try {
            size = Math.multiplyExact(maxBs, (long) o.iodepth);
            if (o.direct || o.memAlign > 0) {
                size = Math.addExact(size, pageSize - 1 + o.memAlign);
            }
        } catch (ArithmeticException e) {
            // more than 2^63 bytes: fio's allocation would fail; count as many faults as fit
            size = Long.MAX_VALUE - o.hugepageSize;
        }
        long page = o.mem.huge() ? o.hugepageSize : pageSize;
        return (size + page - 1) / page;
    }

    /**
     * {@code gtod_reduce=1} turns {@code disable_lat}, {@code disable_clat}, {@code disable_slat} and
     * {@code disable_bw_measurement} on (options.c {@code str_gtod_reduce_cb}); one set explicitly keeps its own
     * value wherever it stands, as the report stage reads them (fio applies them in file order). Then fio's
     * {@code gtod_reduce()} test: on with {@code gtod_reduce=1}, or with clat, slat and bw all disabled.
     */
    private static void fixupMeasurement(JobOptions o) {
        if (!o.isSet("disable_lat")) {
            o.disableLat = o.gtodReduce;
        }
        if (!o.isSet("disable_clat")) {
            o.disableClat = o.gtodReduce;
        }
        if (!o.isSet("disable_slat")) {
            o.disableSlat = o.gtodReduce;
        }
        if (!o.isSet("disable_bw_measurement")) {
            o.disableBw = o.gtodReduce;
        }
        o.gtodReduce |= o.disableClat && o.disableSlat && o.disableBw;
    }

    /**
     * The logical block size of every modelled device: the kernel's 512-byte sector (no 4Kn device is
     * modelled, and {@code DeviceInfo} carries no other size).
     */
    static final long LOGICAL_BLOCK_SIZE = 512;

    /**
     * O_DIRECT needs lengths and offsets in multiples of the logical block size: fio's first such I/O fails
     * with EINVAL ("first direct IO errored"). iosched says so before the run, naming the option that gives
     * the unaligned size: {@code bs}/{@code bsrange}/{@code bssplit} of a direction the job does,
     * {@code ba} of a random job, a byte {@code offset}, and {@code offset_increment} with {@code numjobs > 1}.
     * Percent offsets depend on the file size and are checked by the OS model at the I/O.
     */
    private static void checkDirectAlignment(JobOptions o) {
        if (!o.direct || o.ioengine == IoEngine.NULL) {
            return;
        }
        for (int d = 0; d < Ddir.COUNT; d++) {
            boolean used = d == Ddir.READ.ordinal() ? o.rw.reads() : d == Ddir.WRITE.ordinal() && o.rw.writes();
            if (!used) {
                continue;
            }
            if (o.bssplit[d] != null) {
                BlockSizeSplit split = o.bssplit[d];
                for (int i = 0; i < split.sizes().length; i++) {
                    if (split.percentages()[i] > 0) {
                        checkAligned(o, "bssplit", split.sizes()[i]);
                    }
                }
                continue;
            }
            checkAligned(o, o.origins.containsKey("bsrange") ? "bsrange" : "bs", o.minBs[d]);
            if (o.bsUnaligned && o.minBs[d] != o.maxBs[d]) {
                RawOption opt = o.origins.get("bs_unaligned");
                throw new InvalidInputException(opt.source(), opt.line(), "bs_unaligned draws block sizes that "
                        + "are not multiples of the device's " + LOGICAL_BLOCK_SIZE + "-byte logical block size "
                        + "(direct=1 needs aligned sizes and offsets)");
            }
            if (o.rw.random() && o.origins.containsKey("ba")) {
                checkAligned(o, "ba", o.blockAlign[d]);
            }
        }
        if (o.offsetPercent < 0) {
            checkAligned(o, "offset", o.offset);
        }
        if (o.numjobs > 1 && o.offsetIncrementPercent < 0) {
            checkAligned(o, "offset_increment", o.offsetIncrement);
        }
    }

    private static void checkAligned(JobOptions o, String option, long bytes) {
        RawOption opt = o.origins.get(option);
        if (bytes % LOGICAL_BLOCK_SIZE == 0 || opt == null) {
            return;
        }
        String value = opt.value() == null ? "" : opt.value();
        boolean several = value.contains(",") || value.contains(":") || value.contains("-") || value.contains("/");
        throw new InvalidInputException(opt.source(), opt.line(), opt.text() + (several ? " gives " : " is ")
                + bytes + " bytes, not a multiple of the device's " + LOGICAL_BLOCK_SIZE + "-byte logical block "
                + "size (direct=1 needs aligned sizes and offsets)");
    }

    /**
     * A file name ending in '/' names a directory: fio creates it and then fails the job ("err=21,
     * func=unlink, error=Is a directory"); iosched refuses it before the run, naming the option's line.
     */
    private static void checkNotDirectories(JobOptions o, JobSection section) {
        for (String name : files(o, section.name(), 0)) {
            if (name.endsWith("/")) {
                String option = o.origins.containsKey("filename") ? "filename"
                        : o.origins.containsKey("filename_format") ? "filename_format" : "directory";
                RawOption opt = o.origins.get(option);
                String detail = "fio: file " + InputText.echo(name) + ": Is a directory (fio fails the job with "
                        + "err=21); accepted: a file or device name, not ending in '/'";
                throw opt != null ? error(opt, detail) : fail(section, detail);
            }
        }
    }

    private static InvalidInputException error(RawOption opt, String detail) {
        return new InvalidInputException(opt.source(), opt.line(), opt.text() + ": " + detail);
    }

    private static void checkWaitFor(JobOptions o, JobSection section, List<FioJobSpec> earlier) {
        if (o.waitFor == null) {
            return;
        }
        if (o.waitFor.equals(section.name())) {
            throw fail(section, section.name() + ": a job cannot wait for itself (wait_for=" + o.waitFor + ").");
        }
        int found = 0;
        for (FioJobSpec j : earlier) {
            if (j.jobNumber() == 0 && j.name().equals(o.waitFor)) {
                found++;
            }
        }
        if (found == 0) {
            throw fail(section, InputText.echo(section.name()) + ": waitee job " + InputText.echo(o.waitFor)
                    + " unknown.");
        }
        if (found > 1) {
            throw fail(section, InputText.echo(section.name()) + ": multiple waitees " + InputText.echo(o.waitFor)
                    + " found, please avoid duplicates when using wait_for option.");
        }
    }

    private static InvalidInputException fail(JobSection section, String detail) {
        return new InvalidInputException(section.source(), section.line(), detail + " (fio: job "
                + InputText.echo(section.name()) + " dropped)");
    }

    /** fio's {@code add_file} naming: {@code filename} entries ({@code \:} escapes a colon) or generated names. */
    static List<String> files(JobOptions o, String section, int jobNumber) {
        List<String> names = new ArrayList<>();
        List<String> dirs = o.directory == null ? List.of() : splitColons(o.directory);
        if (o.filename != null) {
            String dir = dirs.isEmpty() ? null : dirs.get(0);
            for (String f : splitColons(o.filename)) {
                names.add(dir == null ? f : dir + "/" + f);
            }
            o.nrFiles = names.size();
            return names;
        }
        String dir = dirs.isEmpty() ? null : dirs.get(jobNumber % dirs.size());
        for (int i = 0; i < o.nrFiles; i++) {
            String f = o.filenameFormat.replace("$jobname", section).replace("$jobnum", Integer.toString(jobNumber))
                    .replace("$filenum", Integer.toString(i));
            names.add(dir == null ? f : dir + "/" + f);
        }
        return names;
    }

    private static List<String> splitColons(String s) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length() && s.charAt(i + 1) == ':') {
                cur.append(':');
                i++;
            } else if (c == ':') {
                if (cur.length() > 0) {
                    out.add(cur.toString());
                }
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        if (cur.length() > 0) {
            out.add(cur.toString());
        }
        return out;
    }

    /** fio's {@code gen_log_name}: {@code <prefix>_<type>.<thread_number>.log}. */
    static List<String> logFiles(JobOptions o, int threadNumber) {
        List<String> logs = new ArrayList<>();
        if (o.latLog != null) {
            String pre = o.latLog.isEmpty() ? o.name : o.latLog;
            logs.add(logName(pre, "lat", threadNumber, o.perJobLogs));
            logs.add(logName(pre, "slat", threadNumber, o.perJobLogs));
            logs.add(logName(pre, "clat", threadNumber, o.perJobLogs));
        }
        if (o.bwLog != null) {
            logs.add(logName(o.bwLog.isEmpty() ? o.name : o.bwLog, "bw", threadNumber, o.perJobLogs));
        }
        if (o.iopsLog != null) {
            logs.add(logName(o.iopsLog.isEmpty() ? o.name : o.iopsLog, "iops", threadNumber, o.perJobLogs));
        }
        return logs;
    }

    static String logName(String prefix, String type, int threadNumber, boolean perJob) {
        return perJob ? prefix + "_" + type + "." + threadNumber + ".log" : prefix + "_" + type + ".log";
    }
}
