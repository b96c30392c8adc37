package org.iosched.workload.fio;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Every option name fio knows (options.c {@code fio_options[]} at the fio version the reference describes,
 * plus the engine options of the engines iosched models), each classified: modelled by iosched, accepted
 * with no effect in simulation (listed in the workload's notices), affecting only the report, or known to
 * fio but not modelled (an error, never dropped). Names fio does not know get fio's "Bad option" with a
 * "Did you mean" from the same edit distance fio uses ({@code string_distance}, {@code string_distance_ok}).
 */
final class FioOptionCatalog {
    /** How iosched treats an option. */
    enum Kind {
        /** Honoured by the simulation. */
        MODELLED,
        /** Accepted; matters only on real hardware; listed as "no effect in simulation". */
        NO_EFFECT,
        /** Accepted; changes only fio's report; passed to the output stage in the job's options. */
        OUTPUT,
        /** A fio option iosched does not model: an error. */
        UNMODELLED,
        /** fio rejects it as deprecated ({@code FIO_OPT_DEPRECATED}). */
        DEPRECATED,
        /** Not a fio option. */
        UNKNOWN
    }

    /** The type of a value, for validating options that are accepted but not modelled. */
    enum ValueType {
        /** 0 or 1 (fio's {@code FIO_OPT_BOOL}: {@code check_int}, at most 1). */
        BOOL,
        /** Bare, or 0/1. */
        SET,
        /** An integer, size suffixes allowed. */
        INT,
        /** Text. */
        STR
    }

    /** Aliases to canonical names (the {@code .alias} fields of options.c). */
    static final Map<String, String> ALIASES = Map.ofEntries(
            Map.entry("readwrite", "rw"),
            Map.entry("iodepth_batch_submit", "iodepth_batch"),
            Map.entry("iodepth_batch_complete", "iodepth_batch_complete_min"),
            Map.entry("io_limit", "io_size"),
            Map.entry("fill_fs", "fill_device"),
            Map.entry("fileoffset", "offset"),
            Map.entry("blocksize", "bs"),
            Map.entry("blockalign", "ba"),
            Map.entry("blocksize_range", "bsrange"),
            Map.entry("blocksize_unaligned", "bs_unaligned"),
            Map.entry("nr_files", "nrfiles"),
            Map.entry("timeout", "runtime"),
            Map.entry("iomem", "mem"),
            Map.entry("mem_align", "iomem_align"),
            Map.entry("ratemin", "rate_min"),
            Map.entry("ratecycle", "rate_cycle"),
            Map.entry("wait_for_previous", "stonewall"),
            Map.entry("disable_bw", "disable_bw_measurement"),
            Map.entry("ss", "steadystate"),
            Map.entry("ss_dur", "steadystate_duration"),
            Map.entry("ss_ramp", "steadystate_ramp_time"));

    static final Set<String> MODELLED = Set.of("cmdprio_percentage", "cmdprio_class", "cmdprio", "cmdprio_bssplit",
            "description", "name", "wait_for", "filename", "directory",
            "filename_format", "rw", "rw_sequencer", "ioengine", "iodepth", "iodepth_batch",
            "iodepth_batch_complete_min", "iodepth_batch_complete_max", "iodepth_low", "io_submit_mode", "size",
            "io_size", "filesize", "offset", "offset_increment", "number_ios", "bs", "ba", "bsrange", "bssplit",
            "bs_unaligned", "bs_is_seq_rand", "randrepeat", "randseed", "norandommap", "random_distribution",
            "percentage_random", "allrandrepeat", "nrfiles", "file_service_type", "fsync", "fdatasync", "direct",
            "buffered", "loops", "numjobs", "startdelay", "runtime", "time_based", "ramp_time", "rwmixread",
            "rwmixwrite", "nice", "prio", "prioclass", "thinktime", "thinktime_spin", "thinktime_blocks",
            "thinktime_blocks_type", "rate", "rate_min", "rate_iops", "rate_iops_min", "rate_process", "rate_cycle",
            "rate_ignore_thinktime", "sync", "end_fsync", "fsync_on_close", "exitall", "exit_what",
            "exitall_on_error", "stonewall", "new_group", "group_reporting", "stats", "per_job_logs",
            "write_bw_log", "write_lat_log", "write_iops_log", "log_avg_msec", "log_offset", "log_prio", "cgroup",
            "cgroup_weight", "kb_base", "unit_base", "zonemode", "zonesize", "zonerange", "zoneskip", "cpus_allowed",
            "cpumask", "cpus_allowed_policy", "mem", "iomem_align", "hugepage-size");

    /** Options that only matter on real hardware, with the type their value must have. */
    static final Map<String, ValueType> NO_EFFECT = Map.ofEntries(
            Map.entry("unique_filename", ValueType.BOOL), Map.entry("lockfile", ValueType.STR),
            Map.entry("openfiles", ValueType.INT), Map.entry("fallocate", ValueType.STR),
            Map.entry("fadvise_hint", ValueType.STR), Map.entry("overwrite", ValueType.BOOL),
            Map.entry("clocksource", ValueType.STR), Map.entry("invalidate", ValueType.BOOL),
            Map.entry("write_hint", ValueType.STR), Map.entry("create_serialize", ValueType.BOOL),
            Map.entry("create_fsync", ValueType.BOOL), Map.entry("create_on_open", ValueType.BOOL),
            Map.entry("allow_file_create", ValueType.BOOL), Map.entry("allow_mounted_write", ValueType.BOOL),
            Map.entry("pre_read", ValueType.BOOL), Map.entry("numa_cpu_nodes", ValueType.STR), Map.entry("numa_mem_policy", ValueType.STR),
            Map.entry("gpu_dev_id", ValueType.INT), Map.entry("unlink", ValueType.BOOL),
            Map.entry("unlink_each_loop", ValueType.BOOL), Map.entry("thread", ValueType.SET),
            Map.entry("log_entries", ValueType.INT), Map.entry("log_compression", ValueType.INT),
            Map.entry("log_compression_cpus", ValueType.STR), Map.entry("log_store_compressed", ValueType.BOOL),
            Map.entry("log_unix_epoch", ValueType.BOOL), Map.entry("log_alternate_epoch", ValueType.BOOL),
            Map.entry("log_alternate_epoch_clock_id", ValueType.INT), Map.entry("log_issue_time", ValueType.BOOL),
            Map.entry("job_start_clock_id", ValueType.INT),
            Map.entry("zero_buffers", ValueType.SET), Map.entry("refill_buffers", ValueType.SET),
            Map.entry("scramble_buffers", ValueType.BOOL), Map.entry("buffer_pattern", ValueType.STR),
            Map.entry("buffer_compress_percentage", ValueType.INT), Map.entry("buffer_compress_chunk", ValueType.INT),
            Map.entry("dedupe_percentage", ValueType.INT), Map.entry("dedupe_global", ValueType.BOOL),
            Map.entry("dedupe_mode", ValueType.STR), Map.entry("dedupe_working_set_percentage", ValueType.INT),

            Map.entry("gtod_cpu", ValueType.INT), Map.entry("error_dump", ValueType.BOOL),
            Map.entry("cgroup_nodelete", ValueType.BOOL), Map.entry("uid", ValueType.INT),
            Map.entry("gid", ValueType.INT),
            Map.entry("random_generator", ValueType.STR), Map.entry("softrandommap", ValueType.BOOL),
            Map.entry("ioscheduler", ValueType.STR), Map.entry("exec_prerun", ValueType.STR),
            Map.entry("exec_postrun", ValueType.STR), Map.entry("lockmem", ValueType.INT),
            Map.entry("verifysort", ValueType.STR), Map.entry("verifysort_nr", ValueType.STR),
            Map.entry("flow_watermark", ValueType.STR),
            // the tiobench profile's options, which fio registers for every job file (profiles/tiobench.c);
            // they only shape the jobs of profile=tiobench, which is not modelled
            Map.entry("threads", ValueType.INT), Map.entry("numruns", ValueType.INT),
            Map.entry("block", ValueType.INT), Map.entry("dir", ValueType.STR),
            // engine options of the modelled engines
            Map.entry("hipri", ValueType.SET), Map.entry("hipri_percentage", ValueType.INT),
            Map.entry("nowait", ValueType.BOOL), Map.entry("userspace_reap", ValueType.SET),
            Map.entry("fixedbufs", ValueType.SET), Map.entry("registerfiles", ValueType.SET),
            Map.entry("sqthread_poll", ValueType.SET), Map.entry("sqthread_poll_cpu", ValueType.INT),
            Map.entry("nonvectored", ValueType.INT), Map.entry("force_async", ValueType.INT));

    /** The tiobench profile's options among {@link #NO_EFFECT}: fio accepts them in any job file. */
    static final Set<String> PROFILE_OPTIONS = Set.of("threads", "numruns", "block", "dir");

    /**
     * Options that change what fio prints; the output stage reads them from the job's options. The ones in
     * {@link #MEASUREMENT} also change what the job measures and logs, and its CPU time per I/O.
     */
    static final Map<String, ValueType> OUTPUT = Map.ofEntries(
            Map.entry("clat_percentiles", ValueType.BOOL), Map.entry("lat_percentiles", ValueType.BOOL),
            Map.entry("slat_percentiles", ValueType.BOOL), Map.entry("percentile_list", ValueType.STR),
            Map.entry("significant_figures", ValueType.INT), Map.entry("unified_rw_reporting", ValueType.STR),
            Map.entry("disable_lat", ValueType.BOOL), Map.entry("disable_clat", ValueType.BOOL),
            Map.entry("disable_slat", ValueType.BOOL), Map.entry("disable_bw_measurement", ValueType.BOOL),
            Map.entry("bwavgtime", ValueType.INT), Map.entry("iopsavgtime", ValueType.INT),
            Map.entry("disk_util", ValueType.BOOL), Map.entry("gtod_reduce", ValueType.BOOL),
            Map.entry("block_error_percentiles", ValueType.BOOL));

    /** The {@link #OUTPUT} options the job itself also honours ({@code gtod_reduce} and what it implies). */
    static final Set<String> MEASUREMENT = Set.of("gtod_reduce", "disable_lat", "disable_clat", "disable_slat",
            "disable_bw_measurement");

    /** fio options iosched does not model, with a hint where one helps. */
    static final Map<String, String> UNMODELLED = Map.ofEntries(
            Map.entry("opendir", ""), Map.entry("serialize_overlap", ""),
            Map.entry("continue_on_error", "a job stops at its first I/O error"), Map.entry("ignore_error", ""), Map.entry("fill_device", ""),
            Map.entry("file_append", ""), Map.entry("offset_align", ""), Map.entry("write_barrier", ""),
            Map.entry("sync_file_range", ""), Map.entry("atomic", ""), Map.entry("verify_only", ""),
            Map.entry("verify", "there is no data to verify in a simulation"),
            Map.entry("do_verify", ""), Map.entry("verify_interval", ""), Map.entry("verify_offset", ""),
            Map.entry("verify_pattern", ""), Map.entry("verify_fatal", ""), Map.entry("verify_dump", ""),
            Map.entry("verify_async", ""), Map.entry("verify_backlog", ""), Map.entry("verify_backlog_batch", ""),
            Map.entry("verify_async_cpus", ""), Map.entry("experimental_verify", ""),
            Map.entry("verify_state_load", ""), Map.entry("verify_state_save", ""),
            Map.entry("verify_write_sequence", ""), Map.entry("verify_header_seed", ""),
            Map.entry("trim_percentage", ""), Map.entry("trim_verify_zero", ""), Map.entry("trim_backlog", ""),
            Map.entry("trim_backlog_batch", ""), Map.entry("write_iolog", ""),
            Map.entry("read_iolog", "replay traces with the 'replay' workload instead"),
            Map.entry("read_iolog_chunked", ""), Map.entry("replay_no_stall", ""), Map.entry("replay_redirect", ""),
            Map.entry("replay_scale", ""), Map.entry("replay_align", ""), Map.entry("replay_time_scale", ""),
            Map.entry("replay_skip", ""), Map.entry("merge_blktrace_file", ""),
            Map.entry("merge_blktrace_scalars", ""), Map.entry("merge_blktrace_iters", ""),
            Map.entry("zonecapacity", "zoned block devices (zonemode=zbd) do not exist in Linux 2.6.32-3.0"),
            Map.entry("read_beyond_wp", ""),
            Map.entry("max_open_zones", ""), Map.entry("job_max_open_zones", ""),
            Map.entry("ignore_zone_limits", ""), Map.entry("zone_reset_threshold", ""),
            Map.entry("zone_reset_frequency", ""), Map.entry("fdp", ""), Map.entry("fdp_pli", ""),
            Map.entry("fdp_pli_select", ""), Map.entry("dataplacement", ""), Map.entry("plids", ""),
            Map.entry("dp_scheme", ""), Map.entry("thinktime_iotime", ""), Map.entry("max_latency", ""),
            Map.entry("latency_target", ""), Map.entry("latency_window", ""), Map.entry("latency_percentile", ""),
            Map.entry("latency_run", ""), Map.entry("create_only", ""), Map.entry("log_hist_msec", ""),
            Map.entry("log_hist_coarseness", ""), Map.entry("write_hist_log", ""), Map.entry("log_max_value", ""),
            Map.entry("log_window_value", ""), Map.entry("profile", ""), Map.entry("flow_id", ""),
            Map.entry("flow", ""), Map.entry("flow_sleep", ""), Map.entry("steadystate", ""),
            Map.entry("steadystate_duration", ""), Map.entry("steadystate_ramp_time", ""),
            Map.entry("priohint", "I/O priority hints need Linux 6.x"), Map.entry("num_range", ""),
            Map.entry("uncached", "uncached buffered I/O (RWF_UNCACHED) does not exist in Linux 2.6.32-3.0"));

    /** Options fio rejects as deprecated. */
    static final Set<String> DEPRECATED = Set.of("percentage_sequential", "rwmixcycle");

    /** Engine-private option names (valid only with an engine that declares them). */
    static final Set<String> ENGINE_OPTIONS;

    static {
        java.util.HashSet<String> all = new java.util.HashSet<>();
        for (IoEngine e : IoEngine.values()) {
            all.addAll(e.engineOptions());
        }
        ENGINE_OPTIONS = Set.copyOf(all);
    }

    /** The names fio suggests from (the {@code .name} of every option, aliases excluded). */
    private static final List<String> SUGGESTIONS;
    /** The length of the longest name in {@link #SUGGESTIONS}. */
    private static final int LONGEST_SUGGESTION;

    static {
        java.util.TreeSet<String> names = new java.util.TreeSet<>();
        names.addAll(MODELLED);
        names.addAll(NO_EFFECT.keySet());
        names.addAll(OUTPUT.keySet());
        names.addAll(UNMODELLED.keySet());
        names.addAll(DEPRECATED);
        names.removeAll(ENGINE_OPTIONS);
        SUGGESTIONS = List.copyOf(names);
        int longest = 0;
        for (String n : SUGGESTIONS) {
            longest = Math.max(longest, n.length());
        }
        LONGEST_SUGGESTION = longest;
    }

    private FioOptionCatalog() {
    }

    /** The canonical name of {@code name} (aliases resolved). */
    static String canonical(String name) {
        return ALIASES.getOrDefault(name, name);
    }

    /**
     * How iosched treats {@code name} for a job using {@code engine}; engine options of other engines are
     * {@link Kind#UNKNOWN}, as fio retries an unknown name only against the selected engine's options.
     */
    static Kind kind(String name, IoEngine engine) {
        String c = canonical(name);
        if (ENGINE_OPTIONS.contains(c)) {
            if (!engine.engineOptions().contains(c)) {
                return Kind.UNKNOWN;
            }
            if (UNMODELLED.containsKey(c)) {
                return Kind.UNMODELLED;
            }
            return MODELLED.contains(c) ? Kind.MODELLED : Kind.NO_EFFECT;
        }
        if (MODELLED.contains(c)) {
            return Kind.MODELLED;
        }
        if (NO_EFFECT.containsKey(c)) {
            return Kind.NO_EFFECT;
        }
        if (OUTPUT.containsKey(c)) {
            return Kind.OUTPUT;
        }
        if (UNMODELLED.containsKey(c)) {
            return Kind.UNMODELLED;
        }
        if (DEPRECATED.contains(c)) {
            return Kind.DEPRECATED;
        }
        return Kind.UNKNOWN;
    }

    /** The value type of an accepted-but-not-modelled option. */
    static ValueType valueType(String canonical) {
        ValueType t = NO_EFFECT.get(canonical);
        return t != null ? t : OUTPUT.getOrDefault(canonical, ValueType.STR);
    }

    /**
     * fio's "Did you mean": the option whose Levenshtein distance to {@code name} is smallest, if that
     * distance is at most half the length of {@code name} (rounded up); null otherwise.
     */
    static String closest(String name) {
        int bound = (name.length() + 1) / 2;
        if (name.length() - LONGEST_SUGGESTION > bound) {
            // the distance is at least the difference in length: no option can be close enough, and the edit
            // distance of a 1 MB line to every option would take minutes
            return null;
        }
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : SUGGESTIONS) {
            if (Math.abs(name.length() - candidate.length()) > bound) {
                continue;
            }
            int d = distance(name, candidate);
            if (d < bestDistance) {
                bestDistance = d;
                best = candidate;
            }
        }
        return best != null && bestDistance <= (name.length() + 1) / 2 ? best : null;
    }

    /** Levenshtein distance. */
    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(Math.min(prev[j] + 1, cur[j - 1] + 1), sub);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
