package org.iosched.workload.fio;

import java.util.BitSet;
import org.iosched.api.InvalidInputException;
import org.iosched.workload.text.InputText;

/**
 * fio's CPU affinity options: {@code cpus_allowed} (a list such as {@code 0,5,8-15}), {@code cpumask} (a bit
 * mask, bit i for CPU i) and {@code cpus_allowed_policy}.
 *
 * <p>Features: {@code shared} (the default) gives every job the whole set; {@code split} gives the job with fio's
 * {@code thread_number} n (1-based, counted over the whole job file) the ((n - 1) mod |set|)-th CPU of the set, so
 * the clones of a {@code numjobs} group get one CPU each, round robin when there are more jobs than CPUs (fio's
 * {@code fio_cpus_split}). A CPU the run does not have is an error, as fio's "CPU too large" is, when the job
 * starts: the CPU count ({@code cpu.count}) is known only then.
 *
 * <p>Limitations: fio checks the CPUs against the machine while parsing; iosched checks them when the job's task
 * is created, so a bad CPU in a job that never starts (a {@code stonewall} group after an {@code exitall}) is not
 * reported.
 */
final class CpuAffinity {
    /** fio's {@code cpumask} is an {@code int}: CPUs 0-31. */
    private static final int MASK_BITS = 32;
    /** Bound on a CPU number in a list, so that {@code cpus_allowed=0-2000000000} does not allocate gigabytes. */
    static final int MAX_CPU = 4095;

    private CpuAffinity() {
    }

    /** {@code cpus_allowed}: comma-separated CPU numbers and {@code a-b} ranges, numbered from 0. */
    static BitSet parseList(String v) {
        BitSet cpus = new BitSet();
        for (String part : v.split(",", -1)) {
            String p = part.strip();
            int dash = p.indexOf('-');
            int lo;
            int hi;
            if (dash < 0) {
                lo = cpu(p, v);
                hi = lo;
            } else {
                lo = cpu(p.substring(0, dash).strip(), v);
                hi = cpu(p.substring(dash + 1).strip(), v);
                if (hi < lo) {
                    throw new ValueException("the range " + InputText.echo(p) + " ends below its start; accepted: "
                            + "CPU numbers and ranges such as 0,5,8-15");
                }
            }
            cpus.set(lo, hi + 1);
        }
        return cpus;
    }

    private static int cpu(String s, String whole) {
        if (s.isEmpty() || s.length() > 9 || !s.chars().allMatch(Character::isDigit)) {
            throw new ValueException("not a CPU list; accepted: CPU numbers and ranges such as 0,5,8-15");
        }
        int n = Integer.parseInt(s);
        if (n > MAX_CPU) {
            throw new ValueException("CPU " + n + " is above " + MAX_CPU + " (iosched's limit); accepted: CPU "
                    + "numbers and ranges such as 0,5,8-15");
        }
        return n;
    }

    /** {@code cpumask}: bit i allows CPU i. */
    static BitSet parseMask(long mask) {
        if (mask <= 0 || mask >= 1L << MASK_BITS) {
            throw new ValueException("accepted: a mask of 1 to 32 bits with at least one set (1 to 4294967295); "
                    + "use cpus_allowed for CPUs above 31");
        }
        return BitSet.valueOf(new long[] {mask});
    }

    /**
     * The CPUs the job may run on, or null for every CPU; a CPU the run does not have is an error naming the
     * option's line.
     *
     * @param threadNumber fio's {@code thread_number} (1-based)
     * @param cpuCount     the run's online CPUs
     */
    static BitSet forJob(JobOptions o, int threadNumber, int cpuCount) {
        if (o.cpus == null) {
            return null;
        }
        int highest = o.cpus.length() - 1;
        if (highest >= cpuCount) {
            String option = o.cpusOption;
            RawOption opt = o.origins.get(option);
            String detail = "fio: " + option + "=" + InputText.echo(opt == null ? "" : opt.value()) + ": CPU " + highest
                    + " is not online; accepted: " + (cpuCount == 1 ? "CPU 0" : "CPUs 0-" + (cpuCount - 1)) + " (the run has " + cpuCount
                    + (cpuCount == 1 ? " CPU, cpu.count)" : " CPUs, cpu.count)");
            throw opt == null ? new InvalidInputException(detail)
                    : new InvalidInputException(opt.source(), opt.line(), detail);
        }
        if (!o.cpusSplit) {
            return (BitSet) o.cpus.clone();
        }
        int index = (threadNumber - 1) % o.cpus.cardinality();
        int cpu = o.cpus.nextSetBit(0);
        for (int i = 0; i < index; i++) {
            cpu = o.cpus.nextSetBit(cpu + 1);
        }
        BitSet one = new BitSet();
        one.set(cpu);
        return one;
    }
}
