package org.iosched.runner.report;

import java.util.ArrayList;
import java.util.List;
import org.iosched.simulator.result.DirectionStats;
import org.iosched.simulator.result.JobResult;
import org.iosched.simulator.result.LatencyStats;
import org.iosched.simulator.result.SimulationResult;

/**
 * One block of fio's report with what fio's output options make of it: each job's statistics as fio would
 * have collected them ({@code disable_lat}, {@code disable_clat}, {@code disable_slat} drop those latencies
 * at the source, io_u.c {@code account_io_completion}), merged by {@code group_reporting}, with the block's
 * options ({@link ReportOptions#forBlock}) and, for {@code unified_rw_reporting}, the directions summed.
 *
 * @param job           the block, its members' statistics as measured under their options
 * @param options       the block's options
 * @param memberOptions each member's own options, in member order
 * @param syncIos       fsync/fdatasync calls issued ({@code total_io_u[DDIR_SYNC]}), counted even when
 *                      {@code disable_clat} keeps their latencies out
 */
record ReportBlock(ReportedJob job, ReportOptions options, List<ReportOptions> memberOptions, long syncIos) {
    /** Copies the list. */
    ReportBlock {
        memberOptions = List.copyOf(memberOptions);
    }

    /** The blocks of {@code result} in report order (stat.c {@code __show_run_stats}). */
    static List<ReportBlock> of(SimulationResult result) {
        List<JobResult> measured = new ArrayList<>(result.jobs().size());
        List<ReportOptions> options = new ArrayList<>(result.jobs().size());
        for (JobResult job : result.jobs()) {
            ReportOptions jobOptions = ReportOptions.of(job.job());
            options.add(jobOptions);
            measured.add(measured(job, jobOptions));
        }
        List<ReportedJob> raw = ReportedJob.of(result.jobs());
        List<ReportedJob> blocks = ReportedJob.of(measured);
        List<ReportBlock> all = new ArrayList<>(blocks.size());
        int first = 0;
        for (int i = 0; i < blocks.size(); i++) {
            ReportedJob block = blocks.get(i);
            List<ReportOptions> members = options.subList(first, first + block.members());
            long syncs = 0;
            for (JobResult member : raw.get(i).jobs()) {
                syncs += member.sync().count();
            }
            all.add(new ReportBlock(block, ReportOptions.forBlock(members), members, syncs));
            first += block.members();
        }
        return List.copyOf(all);
    }

    /** {@code job} as fio would have measured it under {@code options}. */
    static JobResult measured(JobResult job, ReportOptions options) {
        if (!options.disableLat() && !options.disableClat() && !options.disableSlat()) {
            return job;
        }
        return job.withStats(measured(job.read(), options), measured(job.write(), options),
                measured(job.trim(), options), options.disableClat() ? LatencyStats.empty() : job.sync());
    }

    private static DirectionStats measured(DirectionStats stats, ReportOptions options) {
        return stats.withLatencies(options.disableSlat() ? LatencyStats.empty() : stats.slat(),
                options.disableClat() ? LatencyStats.empty() : stats.clat(),
                options.disableLat() ? LatencyStats.empty() : stats.lat());
    }

    /** The block's statistics with reads, writes and trims summed into the read slot (stat.c sum_thread_stats). */
    JobResult mixed() {
        JobResult split = job.result();
        return split.withStats(DirectionStats.merge(List.of(split.read(), split.write(), split.trim())),
                DirectionStats.empty(), DirectionStats.empty(), split.sync());
    }

    /** What the block reports per direction: {@link #mixed()} under {@code unified_rw_reporting=mixed}. */
    JobResult reported() {
        return options.unified() == ReportOptions.Unified.MIXED ? mixed() : job.result();
    }

    /** fio 3.x bandwidth samples of {@code direction}, one per member that takes them. */
    List<DirectionStats> bandwidthSources(Direction direction) {
        return sources(direction, true);
    }

    /** fio 3.x IOPS samples of {@code direction}. */
    List<DirectionStats> iopsSources(Direction direction) {
        return sources(direction, false);
    }

    /** The samples of all directions, summed as fio sums the directions into one ({@code mixed}). */
    List<DirectionStats> mixedBandwidthSources() {
        return mixedSources(true);
    }

    List<DirectionStats> mixedIopsSources() {
        return mixedSources(false);
    }

    /** fio 1.5x bandwidth samples: none from a job with {@code disable_bw_measurement}. */
    List<DirectionStats> legacyBandwidthSources(Direction direction) {
        List<DirectionStats> sources = new ArrayList<>(job.jobs().size());
        for (int i = 0; i < job.jobs().size(); i++) {
            if (!memberOptions.get(i).disableBw()) {
                sources.add(direction.of(job.jobs().get(i)));
            }
        }
        return sources;
    }

    private List<DirectionStats> sources(Direction direction, boolean bandwidth) {
        if (options.unified() == ReportOptions.Unified.MIXED) {
            return direction == Direction.READ ? mixedSources(bandwidth) : List.of();
        }
        List<DirectionStats> sources = new ArrayList<>(job.jobs().size());
        for (int i = 0; i < job.jobs().size(); i++) {
            if (takesSamples(i, bandwidth)) {
                sources.add(direction.of(job.jobs().get(i)));
            }
        }
        return sources;
    }

    private List<DirectionStats> mixedSources(boolean bandwidth) {
        List<DirectionStats> sources = new ArrayList<>(job.jobs().size() * 3);
        for (int i = 0; i < job.jobs().size(); i++) {
            if (takesSamples(i, bandwidth)) {
                for (Direction direction : Direction.values()) {
                    sources.add(direction.of(job.jobs().get(i)));
                }
            }
        }
        return sources;
    }

    private boolean takesSamples(int member, boolean bandwidth) {
        ReportOptions own = memberOptions.get(member);
        return bandwidth ? !own.noBandwidthSamples() : !own.noIopsSamples();
    }
}
