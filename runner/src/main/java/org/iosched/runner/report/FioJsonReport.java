package org.iosched.runner.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.iosched.api.InvalidInputException;
import org.iosched.simulator.result.CpuUsage;
import org.iosched.simulator.result.DiskStats;
import org.iosched.simulator.result.JobResult;
import org.iosched.simulator.result.SimulationResult;
import org.iosched.simulator.result.TaskStats;

/**
 * fio 3.x JSON output ({@code --output-format=json}) and {@code json+} (the same, plus the clat histogram
 * as {@code "bins"}), key for key and in fio's order (stat.c {@code show_thread_status_json},
 * {@code add_ddir_status_json}, {@code json_array_add_disk_util}) and in fio's own layout (json.c: one pair
 * per line, {@code "key" : value}, floats with six decimals), so fio's tools and plotting scripts read it.
 *
 * <p>iosched's own facts are in one extra top-level object after {@code disk_util}:
 * <pre>
 * "iosched" : { "scheduler", "device", "seed", "settings" : {name : value}, "notices" : [..],
 *               "device_statistics" : {name : number}, "tasks" : [{pid, name, cgroup, bios, requests, ...}],
 *               "report_notes" : [..] }
 * </pre>
 * ({@code settings} and {@code device_statistics} sorted by name; {@code report_notes} are {@link ReportNotes},
 * then notes on output options whose effect the simulation cannot show, such as {@code bwavgtime}).
 *
 * <p>The jobs' output options apply as fio 3.x applies them to JSON: {@code description} ({@code desc}),
 * the percentile options ({@code percentile} and json+ {@code bins} per latency), the {@code disable_*}
 * options, {@code gtod_reduce} and {@code unified_rw_reporting} ({@code mixed}); {@code kb_base},
 * {@code unit_base} and {@code significant_figures} change only the normal output, in fio as here.
 *
 * <p><b>Several schedulers in one run.</b> Each scheduler's simulation is one complete fio document, never
 * wrapped, so every fio tool reads it unchanged. Written to a file, each document goes to its own file,
 * named by {@link #documentPath}: {@code out.json} becomes {@code out.cfq.json}, {@code out.deadline.json}
 * (with a single scheduler the file is {@code out.json} itself). Written to standard output, the documents
 * follow one another in scheduler order ({@link #renderAll}); {@code jq -s} reads them as one array.
 *
 * <p>Where fio has a wall-clock value ({@code timestamp}, {@code timestamp_ms}, {@code time},
 * {@code job_start}) we give simulated time since the Unix epoch ({@link SimulatedClock}). Values the
 * simulator does not measure are 0 ({@link ReportNotes}). {@code "global options"} holds the job file's
 * {@code [global]} options and each job's {@code "job options"} only its own section's, both in the order fio
 * parsed them ({@link FioOptionList}); {@code disk_util[].name} is the kernel's name of the disk.
 */
public final class FioJsonReport {
    /** The JSON flavours, by their {@code --output-format} names. */
    public enum Format {
        /** {@code json}. */
        JSON("json"),
        /** {@code json+}: adds the latency histograms ({@code "bins"}). */
        JSON_PLUS("json+");

        private final String cliName;

        Format(String cliName) {
            this.cliName = cliName;
        }

        /** The name on the command line. */
        public String cliName() {
            return cliName;
        }

        /**
         * The format named {@code name}.
         *
         * @throws InvalidInputException naming the accepted names
         */
        public static Format fromCliName(String name) {
            for (Format format : values()) {
                if (format.cliName.equals(name)) {
                    return format;
                }
            }
            throw new InvalidInputException("--output-format", 0,
                    "unknown JSON format '" + name + "'; accepted: json, json+");
        }
    }

    private static final JsonNodeFactory NODES = JsonNodeFactory.withExactBigDecimals(true);
    private static final ObjectWriter WRITER = new ObjectMapper()
            .configure(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN, true)
            .writer(new FioJsonPrettyPrinter());
    private static final String[] DEPTH_KEYS = {"1", "2", "4", "8", "16", "32", ">=64"};
    private static final String[] BATCH_KEYS = {"0", "4", "8", "16", "32", "64", ">=64"};

    private FioJsonReport() {
    }

    /**
     * The document as fio prints it, ending with a newline.
     *
     * @throws InvalidInputException when a job's output option has a value fio rejects
     */
    public static String render(SimulationResult result, Format format) {
        try {
            return WRITER.writeValueAsString(toTree(result, format)) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One document per result, one after another, in the order given. */
    public static String renderAll(List<SimulationResult> results, Format format) {
        StringBuilder out = new StringBuilder();
        for (SimulationResult result : results) {
            out.append(render(result, format));
        }
        return out.toString();
    }

    /** Writes {@link #render} to {@code out}. */
    public static void write(SimulationResult result, Format format, Appendable out) {
        try {
            out.append(render(result, format));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Where one scheduler's document goes when the run writes to {@code output}: {@code output} itself for a
     * single scheduler, else the scheduler's name inserted before the extension ({@code out.json} becomes
     * {@code out.cfq.json}; {@code out} becomes {@code out.cfq}).
     */
    public static Path documentPath(Path output, String scheduler, int schedulers) {
        if (schedulers <= 1) {
            return output;
        }
        String name = output.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String renamed = dot > 0
                ? name.substring(0, dot) + "." + scheduler + name.substring(dot)
                : name + "." + scheduler;
        return output.resolveSibling(renamed);
    }

    /** The document as a tree, keys in fio's order. */
    public static ObjectNode toTree(SimulationResult result, Format format) {
        long now = result.durationNanos();
        ObjectNode root = NODES.objectNode();
        root.put("fio version", FioNormalReport.FIO3_VERSION);
        root.put("timestamp", SimulatedClock.epochSeconds(now));
        root.put("timestamp_ms", SimulatedClock.epochMillis(now));
        root.put("time", SimulatedClock.ctime(now));
        if (!result.jobs().isEmpty() && !result.jobs().get(0).job().globalOptions().isEmpty()) {
            root.set("global options", NODES.pojoNode(new FioOptionList(result.jobs().get(0).job().globalOptions())));
        }
        ArrayNode jobs = root.putArray("jobs");
        List<ReportBlock> blocks = ReportBlock.of(result);
        List<GroupRunStats> groups = GroupRunStats.of(blocks);
        for (ReportBlock block : blocks) {
            jobs.add(job(block, groups.get(block.job().groupId()), now, format));
        }
        if (FioNormalReport.diskUtil(result)) {
            root.putArray("disk_util").add(disk(result.disk()));
        }
        root.set("iosched", iosched(result));
        return root;
    }

    private static ObjectNode job(ReportBlock block, GroupRunStats group, long now, Format format) {
        ReportedJob job = block.job();
        JobResult result = job.result();
        ObjectNode node = NODES.objectNode();
        node.put("jobname", job.name());
        node.put("groupid", job.groupId());
        node.put("job_start", SimulatedClock.epochMillis(job.jobs().get(0).startNanos()));
        node.put("error", 0);
        node.put("eta", 0);
        node.put("elapsed", SimulatedClock.epochSeconds(now));
        List<String> options = job.last().job().jobOptions();
        if (!options.isEmpty()) {
            node.set("job options", NODES.pojoNode(new FioOptionList(options)));
        }
        ReportOptions.Unified unified = block.options().unified();
        if (unified == ReportOptions.Unified.MIXED) {
            // The directions summed under "mixed"; add_ddir_status_json then returns early for trim, write
            // and sync alike, so there is no "sync" object either.
            node.set("mixed", JsonDirection.of(block, Direction.READ.of(block.mixed()), block.mixedBandwidthSources(),
                    block.mixedIopsSources(), group, Direction.READ, format));
        } else {
            for (Direction direction : Direction.values()) {
                node.set(direction.fioName(), JsonDirection.of(block, direction.of(result),
                        block.bandwidthSources(direction), block.iopsSources(direction), group, direction, format));
            }
            node.set("sync", JsonDirection.sync(block, format));
        }
        if (unified == ReportOptions.Unified.BOTH) {
            node.set("mixed", JsonDirection.of(block, Direction.READ.of(block.mixed()), block.mixedBandwidthSources(),
                    block.mixedIopsSources(), group, Direction.READ, format));
        }
        long runtime = 0;
        for (JobResult member : job.jobs()) {
            runtime += FioMath.millis(member.endNanos() - member.startNanos());
        }
        node.put("job_runtime", runtime);
        CpuUsage cpu = result.cpu();
        node.put("usr_cpu", decimal(cpu.userPercent()));
        node.put("sys_cpu", decimal(cpu.systemPercent()));
        node.put("ctx", cpu.contextSwitches());
        node.put("majf", cpu.majorFaults());
        node.put("minf", cpu.minorFaults());
        // Not simulated (ReportNotes): the queue-depth histograms are 0, as fio prints them empty.
        node.set("iodepth_level", zeros(DEPTH_KEYS));
        node.set("iodepth_submit", zeros(BATCH_KEYS));
        node.set("iodepth_complete", zeros(BATCH_KEYS));
        LatencyDistribution distribution = LatencyDistribution.of(result);
        node.set("latency_ns", shares(distribution.nsec()));
        node.set("latency_us", shares(distribution.usec()));
        node.set("latency_ms", shares(distribution.msec()));
        node.put("latency_depth", JobOptions.iodepth(job.last()));
        node.put("latency_target", 0);
        node.put("latency_target_ns", 0);
        node.put("latency_percentile", decimal(100.0));
        node.put("latency_window", 0);
        node.put("latency_window_us", 0);
        if (!block.options().description().isEmpty()) {
            node.put("desc", block.options().description());
        }
        return node;
    }

    private static ObjectNode zeros(String[] keys) {
        ObjectNode node = NODES.objectNode();
        for (String key : keys) {
            node.put(key, decimal(0.0));
        }
        return node;
    }

    private static ObjectNode shares(double[] shares) {
        ObjectNode node = NODES.objectNode();
        for (int i = 0; i < shares.length; i++) {
            node.put(LatencyDistribution.LABELS[i], decimal(shares[i]));
        }
        return node;
    }

    private static ObjectNode disk(DiskStats disk) {
        ObjectNode node = NODES.objectNode();
        node.put("name", disk.name());
        node.put("read_ios", disk.readIos());
        node.put("write_ios", disk.writeIos());
        node.put("read_sectors", disk.readSectors());
        node.put("write_sectors", disk.writeSectors());
        node.put("read_merges", disk.readMerges());
        node.put("write_merges", disk.writeMerges());
        node.put("read_ticks", disk.readTicksMillis());
        node.put("write_ticks", disk.writeTicksMillis());
        node.put("in_queue", disk.inQueueMillis());
        node.put("util", decimal(Math.min(disk.utilPercent(), 100.0)));
        return node;
    }

    private static ObjectNode iosched(SimulationResult result) {
        ObjectNode node = NODES.objectNode();
        node.put("scheduler", result.scheduler());
        node.put("device", result.device());
        node.put("seed", result.seed());
        node.put("kernel", result.kernel().value());
        ObjectNode settings = node.putObject("settings");
        for (Map.Entry<String, String> setting : new TreeMap<>(result.settings()).entrySet()) {
            settings.put(setting.getKey(), setting.getValue());
        }
        ArrayNode notices = node.putArray("notices");
        result.notices().forEach(notices::add);
        ObjectNode statistics = node.putObject("device_statistics");
        for (Map.Entry<String, Number> statistic : new TreeMap<>(result.deviceStatistics()).entrySet()) {
            Number value = statistic.getValue();
            if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
                statistics.put(statistic.getKey(), value.longValue());
            } else if (value instanceof BigInteger big) {
                statistics.put(statistic.getKey(), big);
            } else {
                statistics.put(statistic.getKey(), decimal(value.doubleValue()));
            }
        }
        ArrayNode tasks = node.putArray("tasks");
        for (TaskStats task : result.tasks()) {
            ObjectNode t = tasks.addObject();
            t.put("pid", task.pid());
            t.put("name", task.name());
            t.put("cgroup", task.cgroup());
            t.put("kernel_thread", task.kernelThread());
            t.put("read_bios", task.readBios());
            t.put("read_bytes", task.readBytes());
            t.put("write_bios", task.writeBios());
            t.put("write_bytes", task.writeBytes());
            t.put("flush_bios", task.flushBios());
            t.put("sync_bios", task.syncBios());
            t.put("read_requests", task.readRequests());
            t.put("write_requests", task.writeRequests());
            t.put("read_sectors", task.readSectors());
            t.put("write_sectors", task.writeSectors());
        }
        ArrayNode notes = node.putArray("report_notes");
        ReportNotes.ALL.forEach(notes::add);
        OptionNotices.of(result, OptionNotices.Layout.FIO3).forEach(notes::add);
        return node;
    }

    /** A float as fio's json.c prints it ({@code %f}). */
    static BigDecimal decimal(double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("not a finite number: " + value);
        }
        return new BigDecimal(CFormat.fixed6(value));
    }
}
