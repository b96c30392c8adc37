package org.iosched.runner.report;

import java.util.ArrayList;
import java.util.List;
import org.iosched.simulator.result.JobResult;
import org.iosched.simulator.result.SimulationResult;

/**
 * One block of fio's report: a job, or with {@code group_reporting} a whole reporting group merged into one.
 *
 * @param name     the first member's name, as fio prints it
 * @param groupId  fio's reporting group
 * @param members  how many jobs were merged ({@code jobs=N})
 * @param result   the job's result, or the members merged with {@link JobResult#merge}
 * @param jobs     the member jobs, in job order
 */
public record ReportedJob(String name, int groupId, int members, JobResult result, List<JobResult> jobs) {
    /** Copies the member list. */
    public ReportedJob {
        jobs = List.copyOf(jobs);
    }

    /**
     * fio's grouping (stat.c {@code __show_run_stats}): a job starts a new block unless it has
     * {@code group_reporting} and the job before it is in the same group.
     */
    public static List<ReportedJob> of(SimulationResult result) {
        return of(result.jobs());
    }

    /** {@link #of(SimulationResult)} for a run's jobs, in job order. */
    static List<ReportedJob> of(List<JobResult> jobResults) {
        List<List<JobResult>> blocks = new ArrayList<>();
        int lastGroup = -1;
        for (JobResult job : jobResults) {
            boolean joins = !blocks.isEmpty() && job.job().groupReporting() && lastGroup == job.job().groupId();
            if (!joins) {
                blocks.add(new ArrayList<>());
            }
            blocks.get(blocks.size() - 1).add(job);
            lastGroup = job.job().groupId();
        }
        List<ReportedJob> reported = new ArrayList<>(blocks.size());
        for (List<JobResult> members : blocks) {
            JobResult first = members.get(0);
            String name = first.job().name();
            JobResult merged = members.size() == 1 ? first : JobResult.merge(name, members);
            reported.add(new ReportedJob(name, first.job().groupId(), members.size(), merged, members));
        }
        return List.copyOf(reported);
    }

    /** The pid fio prints: the first member's ("first pid in group, not very useful..."). */
    public int pid() {
        return jobs.get(0).pid();
    }

    /** The last member, whose options fio prints as "job options" and whose iodepth is "latency_depth". */
    JobResult last() {
        return jobs.get(jobs.size() - 1);
    }
}
