package org.iosched.workload.fio;

import java.util.random.RandomGenerator;

/**
 * fio's per-I/O priorities for the libaio and io_uring engines (fio 3.33 engines/cmdprio.c): {@code cmdprio_percentage}
 * with {@code cmdprio_class} and {@code cmdprio}, or {@code cmdprio_bssplit}, per direction (read, write).
 *
 * <p><b>Features</b>
 * <ul>
 *   <li>{@code fio_cmdprio_set_ioprio}: for each read or write, the percentage of its direction (or of its block
 *       size's {@code cmdprio_bssplit} entry) is tried against one draw of the job's seeded stream,
 *       {@code rand_between(0, 99) < percentage}; a selected I/O carries the priority (class and level), the others
 *       the job's own ({@code prio}/{@code prioclass}, or none). A percentage of 0 draws nothing; with
 *       {@code cmdprio_bssplit} the same draw picks among the entries of the I/O's block size.</li>
 *   <li>Defaults as fio's: class RT (1), level 0; an I/O size absent from {@code cmdprio_bssplit} gets no priority;
 *       trims never do.</li>
 *   <li>Refused on the 3.0 era (the kernel has no per-I/O priority there), and {@code cmdprio_percentage} with
 *       {@code cmdprio_bssplit} as fio refuses it.</li>
 * </ul>
 *
 * <p><b>Limitations</b>: the draw is Java's seeded generator, not fio's tausworthe state, so which I/Os are
 * selected differs from a real fio run with the same seed (the proportion does not).
 */
final class Cmdprio {
    private static final String[] OPTIONS = {"cmdprio_percentage", "cmdprio_bssplit", "cmdprio_class", "cmdprio"};

    private Cmdprio() {
    }

    /** {@code CMDPRIO_MODE_PERC} or {@code CMDPRIO_MODE_BSSPLIT}: a read or write percentage, or a split. */
    static boolean enabled(JobOptions o) {
        return o.cmdprioPercentage[0] > 0 || o.cmdprioPercentage[1] > 0 || o.cmdprioBssplit[0] != null
                || o.cmdprioBssplit[1] != null || o.isSet("cmdprio_class") || o.isSet("cmdprio");
    }

    /** {@code fio_cmdprio_init}'s checks, and the era's. */
    static void check(JobOptions o, String kernelVersion) {
        if (kernelVersion.equals("3.0")) {
            RawOption opt = firstGiven(o);
            throw JobOptionsBinder.error(opt, "fio option '" + opt.key() + "': per-I/O priorities do not exist in"
                    + " Linux 2.6.32-3.0 (kernel.version=3.0); run on kernel.version=6.6 (a blk-mq scheduler such as"
                    + " mq-deadline), or use prio/prioclass");
        }
        if ((o.cmdprioPercentage[0] > 0 || o.cmdprioPercentage[1] > 0) && o.isSet("cmdprio_bssplit")) {
            throw JobOptionsBinder.error(o.origins.get("cmdprio_bssplit"),
                    o.name + ": cmdprio_percentage and cmdprio_bssplit options are mutually exclusive");
        }
    }

    private static RawOption firstGiven(JobOptions o) {
        RawOption first = null;
        for (String name : OPTIONS) {
            RawOption opt = o.origins.get(name);
            if (opt != null && (first == null || opt.line() < first.line())) {
                first = opt;
            }
        }
        return first;
    }

    /**
     * The priority a read ({@code ddir} 0) or write (1) of {@code bytes} is issued with, or -1 for the job's own
     * ({@code fio_cmdprio_percentage}, then the draw).
     */
    static int choose(JobOptions o, int ddir, long bytes, RandomGenerator random) {
        if (ddir > 1) {
            return -1;
        }
        CmdprioSplit split = o.cmdprioBssplit[ddir];
        int percentage = split != null ? split.totalPercentage(bytes) : o.cmdprioPercentage[ddir];
        if (percentage == 0) {
            return -1;
        }
        int draw = random.nextInt(100);
        if (draw >= percentage) {
            return -1;
        }
        int implicit = o.cmdprioClass[ddir] << 13 | o.cmdprioLevel[ddir];
        if (split == null) {
            return implicit;
        }
        CmdprioSplit.Entry e = split.pick(bytes, draw);
        return e.ioClass() >= 0 ? e.ioClass() << 13 | e.level() : implicit;
    }
}
