package org.iosched.runner.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.iosched.api.InvalidInputException;
import org.iosched.simulator.result.JobResult;
import org.iosched.simulator.result.SimulationResult;

/**
 * fio's normal (human) output for one simulation, line for line as fio 3.x prints it
 * ({@link Format#NORMAL}) or as fio 1.5x printed it in 2011 ({@link Format#NORMAL_2011}, the
 * {@code aggrb=/minb=/maxb=/mint=/maxt=} layout the seed threads quote).
 *
 * <p>Layout, top to bottom:
 * <ol>
 *   <li>iosched's own header, every line starting with {@code iosched: }: scheduler, device, seed and the kernel
 *       modelled, each
 *       setting, the workload's notices ("no effect in simulation" and the like), {@link ReportNotes} and
 *       notes on output options whose effect the simulation cannot show ({@code bwavgtime}, ...);</li>
 *   <li>what fio prints before a run: one {@code name: (g=N): <summary>} line per job ({@code ...} for the
 *       further clones of a job), a version line and {@code Starting N processes};</li>
 *   <li>an empty line, then one block per job, or per group with {@code group_reporting};</li>
 *   <li>{@code Run status group N (all jobs):} for every group, then {@code Disk stats (read/write):}.</li>
 * </ol>
 * Where fio prints a wall-clock date (after {@code pid=} in 3.x), we print the simulated end of the run
 * read as a date since the Unix epoch (see {@link SimulatedClock}). Identical results give identical text.
 *
 * <p>The jobs' output options apply as fio applies them: {@code description}, {@code clat_percentiles},
 * {@code lat_percentiles}, {@code slat_percentiles}, {@code percentile_list}, {@code significant_figures},
 * {@code unified_rw_reporting}, {@code disable_lat}/{@code _clat}/{@code _slat}/{@code _bw_measurement},
 * {@code gtod_reduce}, {@code kb_base} and {@code unit_base}; the 2011 layout only those fio 1.5x had.
 */
public final class FioNormalReport {
    /** The version line: fio's layout, marked as produced by iosched. */
    static final String FIO3_VERSION = "fio-3.42-iosched";
    static final String FIO2011_VERSION = "fio 1.57-iosched";

    /** The text layouts, by their {@code --output-format} names. */
    public enum Format {
        /** fio 3.x normal output. */
        NORMAL,
        /** fio 1.5x (2011) normal output. */
        NORMAL_2011;

        /** The name on the command line: {@code normal}, {@code normal-2011}. */
        public String cliName() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        /**
         * The format named {@code name}.
         *
         * @throws InvalidInputException naming the accepted names
         */
        public static Format fromCliName(String name) {
            for (Format format : values()) {
                if (format.cliName().equals(name)) {
                    return format;
                }
            }
            throw new InvalidInputException("--output-format", 0,
                    "unknown text format '" + name + "'; accepted: normal, normal-2011");
        }
    }

    private FioNormalReport() {
    }

    /**
     * The whole report as text.
     *
     * @throws InvalidInputException when a job's output option has a value fio rejects
     */
    public static String render(SimulationResult result, Format format) {
        return header(result, format) + body(result, format);
    }

    /**
     * What fio prints once, before the jobs run: iosched's header lines, the jobs' summary lines, the version and
     * {@code Starting N processes}.
     */
    public static String header(SimulationResult result, Format format) {
        StringBuilder out = new StringBuilder(1024);
        appendHeader(out, result, format);
        return out.toString();
    }

    /**
     * What fio prints at each report (the end of the run, and every {@code --status-interval}): an empty line, the
     * job blocks, the groups' run status, the disk statistics and iosched's task I/O.
     *
     * @throws InvalidInputException when a job's output option has a value fio rejects
     */
    public static String body(SimulationResult result, Format format) {
        StringBuilder out = new StringBuilder(4096);
        List<ReportBlock> blocks = ReportBlock.of(result);
        out.append('\n');
        if (format == Format.NORMAL) {
            String date = SimulatedClock.ctime(result.durationNanos());
            List<GroupRunStats> groups = GroupRunStats.of(blocks);
            for (ReportBlock block : blocks) {
                ModernText.appendJob(out, block, groups.get(block.job().groupId()), date);
            }
            for (GroupRunStats group : groups) {
                ModernText.appendGroup(out, group);
            }
            if (diskUtil(result)) {
                ModernText.appendDisk(out, result.disk());
            }
            TaskText.append(out, result.tasks());
        } else {
            List<LegacyGroup> groups = LegacyGroup.of(blocks);
            for (ReportBlock block : blocks) {
                Legacy2011Text.appendJob(out, block, groups.get(block.job().groupId()));
            }
            for (LegacyGroup group : groups) {
                Legacy2011Text.appendGroup(out, group);
            }
            if (diskUtil(result)) {
                Legacy2011Text.appendDisk(out, result.disk());
            }
            TaskText.append(out, result.tasks());
        }
        return out.toString();
    }

    /** fio's {@code disk_util}: any job with {@code disk_util=0} turns the disk statistics off (init.c). */
    static boolean diskUtil(SimulationResult result) {
        for (JobResult job : result.jobs()) {
            if ("0".equals(job.job().options().get("disk_util"))) {
                return false;
            }
        }
        return true;
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
     * Every resolved setting, grouped by owner ({@code deadline}, {@code device}, {@code queue}) and sorted
     * (the settings map's own order is not stable between runs), wrapped at {@value #SETTINGS_WIDTH} columns:
     * {@code iosched: deadline: fifo_batch=16 front_merges=1 ...}.
     */
    static void appendSettings(StringBuilder out, Map<String, String> settings) {
        String owner = null;
        StringBuilder line = new StringBuilder();
        for (Map.Entry<String, String> setting : new TreeMap<>(settings).entrySet()) {
            String key = setting.getKey();
            int dot = key.indexOf('.');
            String keyOwner = dot < 0 ? "" : key.substring(0, dot);
            String item = key.substring(dot + 1) + "=" + setting.getValue();
            String prefix = "iosched: " + keyOwner + ":";
            if (!keyOwner.equals(owner) || line.length() + 1 + item.length() > SETTINGS_WIDTH) {
                if (line.length() > 0) {
                    out.append(line).append('\n');
                }
                line.setLength(0);
                line.append(prefix);
                owner = keyOwner;
            }
            line.append(' ').append(item);
        }
        if (line.length() > 0) {
            out.append(line).append('\n');
        }
    }

    private static final int SETTINGS_WIDTH = 100;

    private static void appendHeader(StringBuilder out, SimulationResult result, Format format) {
        out.append("iosched: scheduler=").append(result.scheduler()).append(", device=").append(result.device())
                .append(", seed=").append(result.seed()).append(", kernel=").append(result.kernel().label())
                .append('\n');
        appendSettings(out, result.settings());
        for (String notice : result.notices()) {
            out.append("iosched: ").append(notice).append('\n');
        }
        for (String note : ReportNotes.ALL) {
            out.append("iosched: ").append(note).append('\n');
        }
        for (String note : OptionNotices.of(result,
                format == Format.NORMAL ? OptionNotices.Layout.FIO3 : OptionNotices.Layout.FIO_2011)) {
            out.append("iosched: ").append(note).append('\n');
        }
        String previousName = null;
        int previousGroup = -1;
        boolean elided = false;
        for (JobResult job : result.jobs()) {
            boolean clone = job.job().name().equals(previousName) && job.job().groupId() == previousGroup;
            if (!clone) {
                out.append(job.job().name()).append(": (g=").append(job.job().groupId()).append("): ")
                        .append(job.job().summary()).append('\n');
                elided = false;
            } else if (!elided) {
                // fio prints the first of numjobs clones and "..." once for the rest (init.c add_job).
                out.append("...\n");
                elided = true;
            }
            previousName = job.job().name();
            previousGroup = job.job().groupId();
        }
        out.append(format == Format.NORMAL ? FIO3_VERSION : FIO2011_VERSION).append('\n');
        int processes = result.jobs().size();
        out.append("Starting ").append(processes).append(processes == 1 ? " process\n" : " processes\n");
    }
}
