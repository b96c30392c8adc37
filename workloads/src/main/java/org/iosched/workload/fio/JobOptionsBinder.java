package org.iosched.workload.fio;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.ToLongFunction;
import org.iosched.api.InvalidInputException;
import org.iosched.workload.text.InputText;

/**
 * Applies the option lines of one section to a {@link JobOptions}, as fio's {@code fio_options_parse}
 * does: options are applied in file order after a stable sort by fio's option priority ({@code kb_base}
 * and {@code unit_base} first, {@code filename} and {@code filename_format} last), values go through
 * {@code ${VAR}} and keyword expansion, and every value is checked with fio's rules and messages.
 */
final class JobOptionsBinder {
    private final FioValues values;
    /** Notices for options accepted without effect, in order of first use. */
    private final Set<String> notices = new LinkedHashSet<>();

    JobOptionsBinder(FioValues values) {
        this.values = values;
    }

    /** The notices collected so far. */
    Set<String> notices() {
        return notices;
    }

    /**
     * Apply a section's options to {@code o}; returns them as fio lists them in its JSON "job options" or
     * "global options" ({@code opt_list}): {@code name=value}, canonical names, values substituted, in the
     * order applied, repeats kept.
     */
    List<String> apply(JobOptions o, List<RawOption> section) {
        List<RawOption> sorted = new ArrayList<>(section);
        sorted.sort(Comparator.comparingInt(JobOptionsBinder::priority).reversed());
        IoEngine engine = engineOf(o, sorted);
        List<String> applied = new ArrayList<>(sorted.size());
        for (RawOption opt : sorted) {
            apply(o, opt, engine);
            String substituted = opt.value() == null ? null : values.substitute(opt.value());
            applied.add(FioOptionCatalog.canonical(opt.key()) + "=" + (substituted == null ? "" : substituted));
        }
        return applied;
    }

    /** fio's {@code .prio} of an option (higher is parsed first). */
    private static int priority(RawOption opt) {
        return switch (FioOptionCatalog.canonical(opt.key())) {
            case "kb_base", "unit_base" -> 1;
            case "filename", "filename_format" -> -1;
            default -> 0;
        };
    }

    /** The engine the section ends up with, for engine-private options (fio loads it before retrying them). */
    private IoEngine engineOf(JobOptions o, List<RawOption> options) {
        IoEngine engine = o.ioengine;
        for (RawOption opt : options) {
            if (FioOptionCatalog.canonical(opt.key()).equals("ioengine") && opt.value() != null) {
                IoEngine e = IoEngine.parse(values.substitute(opt.value()));
                if (e != null) {
                    engine = e;
                }
            }
        }
        return engine;
    }

    private void apply(JobOptions o, RawOption opt, IoEngine engine) {
        String canonical = FioOptionCatalog.canonical(opt.key());
        switch (FioOptionCatalog.kind(opt.key(), engine)) {
            case UNKNOWN -> {
                String suggestion = FioOptionCatalog.closest(opt.key());
                throw error(opt, "Bad option <" + opt.text() + ">"
                        + (suggestion == null ? "" : ". Did you mean " + suggestion + "?"));
            }
            case DEPRECATED -> throw error(opt, "Option " + canonical + " is deprecated");
            case UNMODELLED -> {
                String hint = FioOptionCatalog.UNMODELLED.get(canonical);
                throw error(opt, "fio option '" + canonical + "' is not modelled by iosched"
                        + (hint == null || hint.isEmpty() ? "" : " (" + hint + ")"));
            }
            case NO_EFFECT -> {
                checkType(opt, canonical);
                notices.add(canonical + (FioOptionCatalog.PROFILE_OPTIONS.contains(canonical)
                        ? ": a tiobench profile option; no effect without profile=tiobench (as in fio)"
                        : ": no effect in simulation"));
            }
            case OUTPUT -> {
                checkType(opt, canonical);
                if (FioOptionCatalog.MEASUREMENT.contains(canonical)) {
                    // the value type was checked: a bare unsigned integer, non-zero for on
                    measurement(o, canonical, FioValues.unsignedInt(values.substitute(opt.value())) != 0);
                    o.origins.put(canonical, opt);
                } else {
                    notices.add(canonical + ": applied to the report (see the report notes for what iosched cannot "
                            + "sample)");
                }
            }
            case MODELLED -> {
                String v = values.substitute(opt.value());
                try {
                    bind(o, canonical, v, opt);
                    o.origins.put(canonical, opt);
                } catch (ValueException e) {
                    throw error(opt, "fio: failed parsing " + InputText.echo(opt.key() + "=" + (v == null ? "" : v))
                            + ": " + e.getMessage());
                }
            }
        }
        o.set.add(canonical);
        // as fio's option dup does: the output stage sees ${VAR}s and keywords already substituted
        String substituted = opt.value() == null ? "" : values.substitute(opt.value());
        o.written.put(opt.key(), substituted == null ? "" : substituted);
    }

    private void checkType(RawOption opt, String canonical) {
        String v = values.substitute(opt.value());
        try {
            switch (FioOptionCatalog.valueType(canonical)) {
                case BOOL -> FioValues.bool(require(v, canonical));
                case SET -> {
                    if (v != null) {
                        FioValues.unsignedInt(v);
                    }
                }
                case INT -> values.integer(require(v, canonical), 1024);
                case STR -> require(v, canonical);
            }
        } catch (ValueException e) {
            throw error(opt, "fio: failed parsing " + opt.text() + ": " + e.getMessage());
        }
    }

    static InvalidInputException error(RawOption opt, String detail) {
        return new InvalidInputException(opt.source(), opt.line(), detail);
    }

    private static String require(String v, String name) {
        if (v == null) {
            throw new ValueException("Option " + name + " requires an argument");
        }
        return v;
    }

    private void bind(JobOptions o, String name, String v, RawOption opt) {
        int kb = o.kbBase;
        switch (name) {
            case "description" -> o.description = text(v, name);
            case "name" -> o.name = text(v, name);
            case "wait_for" -> o.waitFor = text(v, name);
            case "filename" -> o.filename = text(v, name);
            case "directory" -> o.directory = text(v, name);
            case "filename_format" -> o.filenameFormat = text(v, name);
            case "rw" -> rw(o, require(v, name));
            case "rw_sequencer" -> o.rwSequencerIdentical =
                    choice(v, name, List.of("sequential", "identical")).equals("identical");
            case "ioengine" -> o.ioengine = engine(require(v, name));
            case "iodepth" -> o.iodepth = (int) bounded(v, name, kb, 1, Integer.MAX_VALUE);
            case "iodepth_batch" -> o.iodepthBatch = (int) bounded(v, name, kb, 0, Integer.MAX_VALUE);
            case "iodepth_batch_complete_min" ->
                    o.iodepthBatchCompleteMin = (int) bounded(v, name, kb, 0, Integer.MAX_VALUE);
            case "iodepth_batch_complete_max" ->
                    o.iodepthBatchCompleteMax = (int) bounded(v, name, kb, 0, Integer.MAX_VALUE);
            case "iodepth_low" -> o.iodepthLow = (int) bounded(v, name, kb, 0, Integer.MAX_VALUE);
            case "io_submit_mode" -> {
                if (choice(v, name, List.of("inline", "offload")).equals("offload")) {
                    throw error(opt, "fio option 'io_submit_mode=offload' is not modelled by iosched");
                }
            }
            case "size" -> {
                FioValues.Size s = values.sizeOrPercent(require(v, name), kb);
                o.size = s.isPercent() ? JobOptions.UNSET : s.bytes();
                o.sizePercent = s.percent();
            }
            case "io_size" -> {
                FioValues.Size s = values.sizeOrPercent(require(v, name), kb);
                o.ioSize = s.isPercent() ? JobOptions.UNSET : s.bytes();
                o.ioSizePercent = s.percent();
            }
            case "filesize" -> {
                long[] lohi = twoValues(require(v, name), kb);
                if (lohi[0] < 1 || lohi[1] < 1) {
                    throw new ValueException("filesize: min value out of range: 0 (1 min)");
                }
                o.fileSizeLow = Math.min(lohi[0], lohi[1]);
                o.fileSizeHigh = Math.max(lohi[0], lohi[1]);
            }
            case "offset" -> {
                FioValues.Size s = values.sizeOrPercent(require(v, name), kb);
                o.offset = s.bytes();
                o.offsetPercent = s.percent();
            }
            case "offset_increment" -> {
                FioValues.Size s = values.sizeOrPercent(require(v, name), kb);
                o.offsetIncrement = s.bytes();
                o.offsetIncrementPercent = s.percent();
            }
            case "number_ios" -> o.numberIos = values.size(require(v, name), kb);
            case "zonemode" -> o.zoneStrided = switch (require(v, name)) {
                case "none" -> false;
                case "strided" -> true;
                case "zbd" -> throw new ValueException("zonemode=zbd is not modelled by iosched (zoned block "
                        + "devices do not exist in Linux 2.6.32-3.0); modelled: none, strided");
                default -> throw new ValueException("valid values: none, strided, zbd");
            };
            case "zonesize" -> o.zoneSize = values.size(require(v, name), kb);
            case "zonerange" -> o.zoneRange = values.size(require(v, name), kb);
            case "zoneskip" -> o.zoneSkip = values.size(require(v, name), kb);
            // simplification: one call moves bs whole; Linux cuts a read/write at MAX_RW_COUNT (2 GiB - 4 KiB)
            case "bs" -> perDirectionSizes(require(v, name), kb, o.bs, 1);
            case "ba" -> perDirectionSizes(require(v, name), kb, o.blockAlign, 1);
            case "bsrange" -> bsrange(o, require(v, name));
            case "bssplit" -> CompoundValues.bssplit(values, o, require(v, name));
            case "bs_unaligned" -> o.bsUnaligned = flag(v);
            case "bs_is_seq_rand" -> o.bsIsSeqRand = bool(v, name);
            case "randrepeat" -> o.randRepeat = bool(v, name);
            case "allrandrepeat" -> o.allRandRepeat = bool(v, name);
            case "randseed" -> o.randSeed = values.integer(require(v, name), kb);
            case "norandommap" -> o.norandommap = flag(v);
            case "random_distribution" -> o.distribution = CompoundValues.distribution(values, require(v, name), kb);
            case "percentage_random" -> perDirectionInts(require(v, name), kb, o.percentageRandom, 0, 100, name);
            case "nrfiles" -> o.nrFiles = (int) bounded(v, name, kb, 1, Integer.MAX_VALUE);
            case "file_service_type" -> fileService(o, require(v, name));
            case "fsync" -> o.fsyncBlocks = (int) bounded(v, name, kb, 0, Integer.MAX_VALUE);
            case "fdatasync" -> o.fdatasyncBlocks = (int) bounded(v, name, kb, 0, Integer.MAX_VALUE);
            case "direct" -> o.direct = bool(v, name);
            case "buffered" -> o.direct = !bool(v, name);
            case "loops" -> o.loops = (int) bounded(v, name, kb, 0, Integer.MAX_VALUE);
            case "numjobs" -> o.numjobs = (int) bounded(v, name, kb, 1, 65536);
            case "startdelay" -> {
                String[] parts = splitTwo(require(v, name));
                long lo = values.timeMicros(parts[0], true);
                long hi = parts.length > 1 ? values.timeMicros(parts[1], true) : 0;
                o.startDelay = Math.min(lo, parts.length > 1 ? hi : lo);
                o.startDelayHigh = parts.length > 1 ? Math.max(lo, hi) : 0;
            }
            case "runtime" -> o.runtime = values.timeMicros(require(v, name), true);
            case "ramp_time" -> o.rampTime = values.timeMicros(require(v, name), true);
            case "time_based" -> o.timeBased = flag(v);
            case "rwmixread" -> {
                o.rwmix[0] = (int) bounded(v, name, kb, 0, 100);
                o.rwmix[1] = 100 - o.rwmix[0];
            }
            case "rwmixwrite" -> {
                o.rwmix[1] = (int) bounded(v, name, kb, 0, 100);
                o.rwmix[0] = 100 - o.rwmix[1];
            }
            case "nice" -> o.nice = (int) bounded(v, name, kb, -20, 19);
            case "prio" -> o.prio = (int) bounded(v, name, kb, 0, 7);
            case "prioclass" -> o.prioClass = (int) bounded(v, name, kb, 0, 3);
            case "cmdprio_percentage" -> perDirectionInts(require(v, name), kb, o.cmdprioPercentage, 0, 100, name);
            case "cmdprio_class" -> perDirectionInts(require(v, name), kb, o.cmdprioClass, 1, 3, name);
            case "cmdprio" -> perDirectionInts(require(v, name), kb, o.cmdprioLevel, 0, 7, name);
            case "cmdprio_bssplit" -> CmdprioSplit.parse(require(v, name), kb, values, o.cmdprioBssplit);
            case "thinktime" -> o.thinktime = values.timeMicros(require(v, name), false);
            case "thinktime_spin" -> o.thinktimeSpin = values.timeMicros(require(v, name), false);
            case "thinktime_blocks" -> o.thinktimeBlocks = (int) bounded(v, name, kb, 1, Integer.MAX_VALUE);
            case "thinktime_blocks_type" -> o.thinktimeBlocksIssue =
                    choice(v, name, List.of("complete", "issue")).equals("issue");
            case "rate" -> perDirectionSizes(require(v, name), kb, o.rate, 0);
            case "rate_min" -> perDirectionSizes(require(v, name), kb, o.rateMin, 0);
            case "rate_iops" -> perDirectionInts(require(v, name), kb, o.rateIops, 0, Integer.MAX_VALUE, name);
            case "rate_iops_min" ->
                    perDirectionInts(require(v, name), kb, o.rateIopsMin, 0, Integer.MAX_VALUE, name);
            case "rate_process" -> o.ratePoisson = choice(v, name, List.of("linear", "poisson")).equals("poisson");
            case "rate_cycle" -> o.rateCycle = (int) bounded(v, name, kb, 1, Integer.MAX_VALUE);
            case "rate_ignore_thinktime" -> o.rateIgnoreThinktime = bool(v, name);
            case "sync" -> o.sync = switch (choice(v, name, List.of("none", "0", "sync", "1", "dsync"))) {
                case "sync", "1" -> SyncMode.SYNC;
                case "dsync" -> SyncMode.DSYNC;
                default -> SyncMode.NONE;
            };
            case "end_fsync" -> o.endFsync = bool(v, name);
            case "fsync_on_close" -> o.fsyncOnClose = bool(v, name);
            case "exitall" -> o.exitall = flag(v);
            case "exit_what" -> o.exitWhat =
                    ExitWhat.valueOf(choice(v, name, List.of("group", "stonewall", "all")).toUpperCase(Locale.ROOT));
            case "exitall_on_error" -> o.exitallOnError = flag(v);
            case "stonewall" -> o.stonewall = flag(v);
            case "new_group" -> o.newGroup = flag(v);
            case "group_reporting" -> o.groupReporting = flag(v);
            case "stats" -> o.stats = bool(v, name);
            case "per_job_logs" -> o.perJobLogs = bool(v, name);
            case "write_bw_log" -> o.bwLog = v == null ? "" : v;
            case "write_lat_log" -> o.latLog = v == null ? "" : v;
            case "write_iops_log" -> o.iopsLog = v == null ? "" : v;
            case "log_avg_msec" -> o.logAvgMsec = (int) bounded(v, name, kb, 0, Integer.MAX_VALUE);
            case "log_offset" -> o.logOffset = bool(v, name);
            case "log_prio" -> o.logPrio = bool(v, name);
            case "cgroup" -> o.cgroup = text(v, name);
            case "cgroup_weight" -> o.cgroupWeight = (int) bounded(v, name, kb, 100, 1000);
            case "cpus_allowed", "cpumask" -> {
                o.cpus = name.equals("cpumask") ? CpuAffinity.parseMask(values.integer(require(v, name), kb))
                        : CpuAffinity.parseList(require(v, name));
                o.cpusOption = name;
            }
            case "cpus_allowed_policy" -> o.cpusSplit =
                    choice(v, name, List.of("shared", "split")).equals("split");
            case "mem" -> o.mem = memoryType(require(v, name));
            case "iomem_align" -> o.memAlign = bounded(v, name, kb, 0, Integer.MAX_VALUE);
            case "hugepage-size" -> o.hugepageSize = bounded(v, name, kb, 1, 1L << 40);
            case "kb_base" -> o.kbBase = Integer.parseInt(choice(v, name, List.of("1024", "1000")));
            case "unit_base" -> {
                o.unitBase = Integer.parseInt(choice(v, name, List.of("0", "8", "1")));
                notices.add("unit_base: changes only the report; passed to the output stage");
            }
            default -> throw new IllegalStateException("modelled option without a binding: " + name);
        }
    }

    /** {@code gtod_reduce} and the {@code disable_*} options (their defaults are settled in fixup). */
    private static void measurement(JobOptions o, String name, boolean on) {
        switch (name) {
            case "gtod_reduce" -> o.gtodReduce = on;
            case "disable_lat" -> o.disableLat = on;
            case "disable_clat" -> o.disableClat = on;
            case "disable_slat" -> o.disableSlat = on;
            case "disable_bw_measurement" -> o.disableBw = on;
            default -> throw new IllegalStateException("not a measurement option: " + name);
        }
    }

    /** fio's {@code mem} value: a type, for the mmap types optionally {@code :file}. */
    private static MemoryType memoryType(String v) {
        int colon = v.indexOf(':');
        MemoryType t = MemoryType.parse(colon < 0 ? v : v.substring(0, colon));
        if (t == null) {
            throw new ValueException("valid values: " + MemoryType.accepted());
        }
        return t;
    }

    private static String text(String v, String name) {
        String t = require(v, name);
        if (t.isEmpty()) {
            throw new ValueException("an empty value is not allowed");
        }
        return t;
    }

    /** A word from a fixed list, matched as fio does up to the first ',' or ':'. */
    private static String choice(String v, String name, List<String> accepted) {
        String t = require(v, name);
        String head = headWord(t);
        for (String a : accepted) {
            if (a.equals(head)) {
                return a;
            }
        }
        throw new ValueException("valid values: " + String.join(", ", accepted));
    }

    private static String headWord(String t) {
        int end = t.length();
        int comma = t.indexOf(',');
        int colon = t.indexOf(':');
        if (comma >= 0) {
            end = Math.min(end, comma);
        }
        if (colon >= 0) {
            end = Math.min(end, colon);
        }
        return t.substring(0, end);
    }

    private static boolean bool(String v, String name) {
        return FioValues.bool(require(v, name));
    }

    /** A set-type option: bare means on, else 0 or 1. */
    private static boolean flag(String v) {
        return v == null || FioValues.unsignedInt(v) != 0;
    }

    private long bounded(String v, String name, int kb, long min, long max) {
        long x = values.integer(require(v, name), kb);
        if (x > max) {
            throw new ValueException(name + ": max value out of range: " + x + " (" + max + " max)");
        }
        if (x < min) {
            throw new ValueException(name + ": min value out of range: " + x + " (" + min + " min)");
        }
        return x;
    }

    private void rw(JobOptions o, String v) {
        int colon = v.indexOf(':');
        String word = colon < 0 ? v : v.substring(0, colon);
        RwMode mode = RwMode.parse(word);
        if (mode == null) {
            if (word.equals("filecreate") || word.equals("filestat") || word.equals("filedelete")) {
                throw new ValueException("rw=" + InputText.echo(word)
                        + " is a fio file-operation mode that iosched does not model");
            }
            throw new ValueException("valid values: " + RwMode.accepted());
        }
        o.rw = mode;
        o.ddirSeqNr = 1;
        o.ddirSeqAdd = 0;
        if (colon >= 0) {
            String postfix = v.substring(colon + 1).strip();
            if (mode.random()) {
                long n = values.integer(postfix, o.kbBase);
                if (n < 1) {
                    throw new ValueException("the :N suffix of a random pattern must be at least 1");
                }
                o.ddirSeqNr = (int) n;
            } else {
                o.ddirSeqAdd = values.integer(postfix, o.kbBase);
            }
        }
    }

    private static IoEngine engine(String v) {
        IoEngine e = IoEngine.parse(v);
        if (e != null) {
            return e;
        }
        String base = v.contains(":") ? v.substring(0, v.indexOf(':')) : v;
        if (IoEngine.UNMODELLED.contains(base)) {
            throw new ValueException("fio ioengine '" + InputText.echo(base)
                    + "' is not modelled by iosched; modelled engines: "
                    + IoEngine.accepted());
        }
        throw new ValueException("engine " + InputText.echo(v) + " not loadable; iosched models "
                + IoEngine.accepted());
    }

    /**
     * Split a per-direction list the way fio's {@code handle_option} does for integer options: by commas
     * ({@code read,write,trim}; a trailing comma leaves the next direction alone), else at the first ':'
     * or '-' after the first character.
     */
    static String[] directions(String v) {
        if (v.indexOf(',') >= 0) {
            String[] parts = v.split(",", -1);
            if (parts.length > Ddir.COUNT) {
                throw new ValueException("at most three comma-separated values (read,write,trim)");
            }
            return parts;
        }
        return splitTwo(v);
    }

    private static String[] splitTwo(String v) {
        int sep = v.indexOf(':', 1);
        if (sep < 0) {
            sep = v.indexOf('-', 1);
        }
        if (sep < 0) {
            return new String[] {v};
        }
        return new String[] {v.substring(0, sep), v.substring(sep + 1)};
    }

    private long[] twoValues(String v, int kb) {
        String[] parts = v.indexOf(',') >= 0 ? v.split(",", 2) : splitTwo(v);
        long lo = values.size(parts[0], kb);
        long hi = parts.length > 1 ? values.size(parts[1], kb) : lo;
        return new long[] {lo, hi};
    }

    private void perDirectionSizes(String v, int kb, long[] target, long min) {
        perDirection(v, target, part -> {
            long x = values.size(part, kb);
            if (x < min) {
                throw new ValueException("min value out of range: " + x + " (" + min + " min)");
            }
            return x;
        });
    }

    private void perDirectionInts(String v, int kb, long[] target, long min, long max, String name) {
        perDirection(v, target, part -> bounded(part, name, kb, min, max));
    }

    /**
     * fio's per-direction values ({@code read,write,trim}): each given part is parsed; blank parts keep the
     * target's value; the last part given also fills the directions after it.
     */
    private void perDirection(String v, long[] target, ToLongFunction<String> parse) {
        String[] parts = directions(v);
        boolean any = false;
        for (int i = 0; i < parts.length; i++) {
            if (parts[i].isBlank()) {
                continue;
            }
            long x = parse.applyAsLong(parts[i]);
            any = true;
            target[i] = x;
            if (i == parts.length - 1) {
                for (int d = i + 1; d < Ddir.COUNT; d++) {
                    target[d] = x;
                }
            }
        }
        if (!any) {
            throw new ValueException("no value given");
        }
    }

    private void perDirectionInts(String v, int kb, int[] target, long min, long max, String name) {
        long[] tmp = new long[Ddir.COUNT];
        for (int d = 0; d < Ddir.COUNT; d++) {
            tmp[d] = target[d];
        }
        perDirectionInts(v, kb, tmp, min, max, name);
        for (int d = 0; d < Ddir.COUNT; d++) {
            target[d] = (int) tmp[d];
        }
    }

    private void bsrange(JobOptions o, String v) {
        String[] parts = v.split(",", -1);
        if (parts.length > Ddir.COUNT) {
            throw new ValueException("at most three comma-separated ranges (read,write,trim)");
        }
        boolean any = false;
        for (int i = 0; i < parts.length; i++) {
            if (parts[i].isBlank()) {
                continue;
            }
            long[] r = values.range(parts[i], o.kbBase);
            if (r[0] < 1) {
                throw new ValueException("min value out of range: 0 (1 min)");
            }
            any = true;
            o.minBs[i] = r[0];
            o.maxBs[i] = r[1];
            if (i == parts.length - 1) {
                for (int d = i + 1; d < Ddir.COUNT; d++) {
                    o.minBs[d] = r[0];
                    o.maxBs[d] = r[1];
                }
            }
        }
        if (!any) {
            throw new ValueException("no range given");
        }
    }

    private void fileService(JobOptions o, String v) {
        int colon = v.indexOf(':');
        String word = colon < 0 ? v : v.substring(0, colon);
        switch (word) {
            case "roundrobin" -> o.fileServiceType = FileServiceType.ROUNDROBIN;
            case "sequential" -> o.fileServiceType = FileServiceType.SEQUENTIAL;
            case "random" -> o.fileServiceType = FileServiceType.RANDOM;
            case "zipf", "pareto", "normal", "gauss" -> throw new ValueException("file_service_type=" + InputText.echo(word)
                    + " is not modelled by iosched; modelled: roundrobin, sequential, random");
            default -> throw new ValueException("valid values: random, zipf, pareto, normal, gauss, roundrobin, "
                    + "sequential");
        }
        o.fileServiceNr = colon < 0 ? 1 : (int) Math.max(1, FioValues.unsignedInt(v.substring(colon + 1)));
    }
}
