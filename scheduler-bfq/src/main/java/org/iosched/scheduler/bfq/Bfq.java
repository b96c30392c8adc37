package org.iosched.scheduler.bfq;

/** BFQ's constants of Linux 6.6 ({@code bfq-iosched.c}, {@code bfq-iosched.h}), with the kernel's names. */
final class Bfq {
    /** Class indexes of the service trees ({@code ioprio_class - 1}). */
    static final int RT = 0;
    static final int BE = 1;
    static final int IDLE = 2;
    /** {@code IOPRIO_CLASS_RT/BE/IDLE}. */
    static final int IOPRIO_CLASS_RT = 1;
    static final int IOPRIO_CLASS_BE = 2;
    static final int IOPRIO_CLASS_IDLE = 3;
    /** {@code IOPRIO_NR_LEVELS}. */
    static final int IOPRIO_NR_LEVELS = 8;
    /** {@code BFQ_WEIGHT_CONVERSION_COEFF}. */
    static final int WEIGHT_CONVERSION_COEFF = 10;
    /** {@code BFQ_MIN_WEIGHT}, {@code BFQ_MAX_WEIGHT}. */
    static final int MIN_WEIGHT = 1;
    static final int MAX_WEIGHT = 1000;
    /** {@code CGROUP_WEIGHT_DFL}: a group's default {@code io.bfq.weight}. */
    static final int GROUP_WEIGHT_DEFAULT = 100;

    static final long NSEC_PER_MSEC = 1_000_000L;
    static final long NSEC_PER_SEC = 1_000_000_000L;

    /** {@code bfq_default_max_budget}: 16384 sectors. */
    static final int DEFAULT_MAX_BUDGET = 16 * 1024;
    /** {@code bfq_stats_min_budgets}. */
    static final int STATS_MIN_BUDGETS = 194;
    /** {@code bfq_async_charge_factor}. */
    static final int ASYNC_CHARGE_FACTOR = 3;
    /** {@code bfq_timeout}: {@code HZ / 8} jiffies (the compile-time default, used by time charging). */
    static final int TIMEOUT_DIVISOR = 8;
    /** {@code BFQ_MIN_TT}: 2 ms. */
    static final long MIN_TT = 2 * NSEC_PER_MSEC;
    /** {@code bfq_slice_idle}'s compile-time default: 8 ms. */
    static final long DEFAULT_SLICE_IDLE = NSEC_PER_SEC / 125;
    /** {@code BFQ_HW_QUEUE_THRESHOLD}, {@code BFQ_HW_QUEUE_SAMPLES}. */
    static final int HW_QUEUE_THRESHOLD = 3;
    static final int HW_QUEUE_SAMPLES = 32;
    /** {@code BFQQ_SEEK_THR}, {@code BFQQ_SECT_THR_NONROT}. */
    static final long SEEK_THR = 8 * 100;
    static final int SECT_THR_NONROT = 2 * 32;
    /** {@code BFQ_RATE_MIN_SAMPLES}, {@code BFQ_RATE_MIN_INTERVAL}, {@code BFQ_RATE_REF_INTERVAL}. */
    static final int RATE_MIN_SAMPLES = 32;
    static final long RATE_MIN_INTERVAL = 300 * NSEC_PER_MSEC;
    static final long RATE_REF_INTERVAL = NSEC_PER_SEC;
    /** {@code BFQ_RATE_SHIFT}. */
    static final int RATE_SHIFT = 16;
    /** {@code ref_rate[rot, nonrot]}: sectors/µs &lt;&lt; 16. */
    static final int[] REF_RATE = {14000, 33000};
    /** {@code ref_wr_duration[rot, nonrot]} in ms. */
    static final int[] REF_WR_DURATION_MS = {7000, 2500};
    /** {@code max_service_from_wr}. */
    static final long MAX_SERVICE_FROM_WR = 120000;
    /** {@code bfq_wr_coeff}. */
    static final int WR_COEFF = 30;
    /** {@code BFQ_SOFTRT_WEIGHT_FACTOR}. */
    static final int SOFTRT_WEIGHT_FACTOR = 100;
    /** {@code bfq_wr_rt_max_time}: 300 ms. */
    static final int WR_RT_MAX_TIME_MS = 300;
    /** {@code bfq_wr_min_idle_time}: 2000 ms. */
    static final int WR_MIN_IDLE_TIME_MS = 2000;
    /** {@code bfq_wr_min_inter_arr_async}: 500 ms. */
    static final int WR_MIN_INTER_ARR_ASYNC_MS = 500;
    /** {@code bfq_wr_max_softrt_rate}: 7000 sectors/s. */
    static final int WR_MAX_SOFTRT_RATE = 7000;
    /** {@code bfq_large_burst_thresh}, {@code bfq_burst_interval} (180 ms). */
    static final int LARGE_BURST_THRESH = 8;
    static final int BURST_INTERVAL_MS = 180;
    /** {@code bfq_merge_time_limit}: HZ/10 jiffies; {@code BFQQ_CLOSE_THR}: sectors. */
    static final int MERGE_TIME_LIMIT_MS = 100;
    static final long CLOSE_THR = 8 * 1024;
    /** {@code bfq_activation_stable_merging}, {@code bfq_late_stable_merging} (ms). */
    static final int ACTIVATION_STABLE_MERGING_MS = 600;
    static final int LATE_STABLE_MERGING_MS = 600;
    /** {@code BFQ_CL_IDLE_TIMEOUT}: {@code HZ / 5}. */
    static final int CL_IDLE_TIMEOUT_DIVISOR = 5;
    /** {@code BFQ_DEFAULT_QUEUE_IOPRIO}. */
    static final int DEFAULT_QUEUE_IOPRIO = 4;

    /** Expiration reasons ({@code enum bfqq_expiration}), numbered as the kernel's log shows them. */
    static final int TOO_IDLE = 0;
    static final int BUDGET_TIMEOUT = 1;
    static final int BUDGET_EXHAUSTED = 2;
    static final int NO_MORE_REQUESTS = 3;
    static final int PREEMPTED = 4;

    private Bfq() {
    }

    /** {@code bfq_ioprio_to_weight}: level 0 → 80 ... level 7 → 10. */
    static int ioprioToWeight(int ioprio) {
        return (IOPRIO_NR_LEVELS - ioprio) * WEIGHT_CONVERSION_COEFF;
    }
}
