package org.iosched.simulator.cpu;

import java.util.List;
import java.util.Map;
import org.iosched.api.Settings;
import org.iosched.api.TunableDescriptor;

/**
 * The CPU model's settings ({@code cpu.*}): how many CPUs the kernel sees online, their speed against the era's
 * reference CPU, and what each piece of the kernel's work costs on the reference CPU, in nanoseconds. Sources and
 * derivations of every default are in {@code simulator/CALIBRATION.md}.
 *
 * @param count              {@code cpu.count}: online CPUs
 * @param speedPercent       {@code cpu.speed}: percent of the reference CPU; every cost is divided by it
 * @param rqAffinity         {@code queue.rq_affinity}: 1 completes a request on a CPU sharing the last-level cache
 *                           with the submitter (every CPU of the one-package reference machine), 0 where the IRQ
 *                           lands
 * @param syscallNanos       system-call entry plus exit
 * @param contextSwitchNanos a switch to another task, or back to a task that slept
 * @param wakeupNanos        {@code try_to_wake_up} of a sleeping task, charged to the waker
 * @param pageLookupNanos    one page looked up in the page cache ({@code find_get_page})
 * @param dioSetupNanos      a direct I/O's setup ({@code get_user_pages}, the dio)
 * @param copyNanosPerKib    {@code copy_to_user}/{@code copy_from_user} per KiB
 * @param bioSubmitNanos     {@code generic_make_request} and the bio's allocation and merge attempt
 * @param requestNanos       a new request: allocation, plugging, accounting
 * @param elevatorNanos      the scheduler's own work per request when its provider states none
 * @param dispatchNanos      the driver's dispatch of one request ({@code request_fn} to the device)
 * @param completionNanos    the completion of one request: interrupt, softirq, bio end_io
 * @param fsyncNanos         fsync's own work ({@code ext4_sync_file} without its I/O)
 * @param commitNanos        one jbd2 commit's work on the journal thread
 * @param commitBlockNanos   jbd2's work per log block
 * @param readaheadPageNanos readahead bookkeeping per page (allocation, insertion into the cache)
 * @param writebackPageNanos writeback bookkeeping per page ({@code write_cache_pages})
 * @param aioSubmitNanos     {@code io_submit}'s work per iocb
 * @param aioReapNanos       {@code io_getevents}'s work per event
 */
public record CpuTunables(int count, int speedPercent, int rqAffinity, long syscallNanos, long contextSwitchNanos,
                          long wakeupNanos, long pageLookupNanos, long dioSetupNanos, long copyNanosPerKib, long bioSubmitNanos,
                          long requestNanos, long elevatorNanos, long dispatchNanos, long completionNanos,
                          long fsyncNanos, long commitNanos, long commitBlockNanos, long readaheadPageNanos, long writebackPageNanos,
                          long aioSubmitNanos, long aioReapNanos) {
    /** The most CPUs the model has (one 64-bit affinity mask). */
    public static final int MAX_CPUS = 64;
    /** Default of {@code cpu.count}: the reference desktop's four cores (simulator/CALIBRATION.md). */
    public static final int DEFAULT_COUNT = 4;
    /** Default of {@code cpu.count} for Linux 6.6: a current 16-core machine (simulator/CALIBRATION.md). */
    public static final int MODERN_COUNT = 16;
    /**
     * Default of {@code cpu.speed} for Linux 6.6: a current core running the modern path, derived from published
     * per-core libaio IOPS (simulator/CALIBRATION.md); it covers the faster core and the leaner path together.
     */
    public static final int MODERN_SPEED = 541;

    /** The {@code cpu.*} settings, without the prefix. */
    public static final List<TunableDescriptor> CPU = List.of(
            TunableDescriptor.integer("count", DEFAULT_COUNT, "CPUs", 1, MAX_CPUS,
                    "online CPUs as the kernel sees them (default: on 3.0 a 4-core Nehalem desktop of 2009-2011, on"
                    + " 6.6 a current " + MODERN_COUNT + "-CPU machine)"),
            TunableDescriptor.integer("speed", 100, "%", 1, 10_000,
                    "CPU speed in percent of the reference CPU (3.0's desktop core); every cpu.*_ns cost is divided by"
                    + " it (default: 100 on 3.0, " + MODERN_SPEED + " on 6.6, a current core on the modern path)"),
            cost("syscall_ns", 100, "system-call entry plus exit (sysenter/sysexit and the syscall table)"),
            cost("context_switch_ns", 1_200, "schedule() to another task, or back to a task that slept"),
            cost("wakeup_ns", 700, "try_to_wake_up of a sleeping task, charged to the waker"),
            cost("page_lookup_ns", 100, "one page looked up in the page cache (find_get_page)"),
            cost("dio_setup_ns", 500, "a direct I/O's setup per call (get_user_pages, the dio structure)"),
            cost("copy_ns_per_kib", 200, "copy_to_user/copy_from_user of 1 KiB between the page cache and user"),
            cost("bio_submit_ns", 300, "generic_make_request per bio: allocation, checks, merge attempt"),
            cost("request_ns", 500, "a new request in the request queue: allocation, plugging, accounting"),
            cost("elevator_request_ns", 700, "the I/O scheduler's own work per request: by default each scheduler's "
                    + "stated figure (requestCpuNanos: cfq 1500, deadline 700, noop 150) and this for schedulers that "
                    + "state none; set, it is every scheduler's"),
            cost("driver_dispatch_ns", 2_000, "the driver's dispatch of one request to the device (request_fn)"),
            cost("completion_ns", 3_000, "one request's completion: interrupt, softirq, bio end_io"),
            cost("fsync_ns", 5_000, "fsync's own work (ext4_sync_file), without its I/O and the commit"),
            cost("jbd2_commit_ns", 20_000, "one jbd2 commit's work on the journal thread, without its I/O"),
            cost("jbd2_block_ns", 1_000, "jbd2's work per log block of a commit (descriptor tags, the copy-out)"),
            cost("readahead_page_ns", 500, "readahead bookkeeping per page (allocation, page-cache insertion)"),
            cost("writeback_page_ns", 1_000, "writeback bookkeeping per page (write_cache_pages, set_page_writeback)"),
            cost("aio_submit_ns", 500, "io_submit's work per iocb (aio_get_req, the iocb copy)"),
            cost("aio_reap_ns", 150, "io_getevents's work per event reaped"));

    /** {@code queue/rq_affinity}, without the prefix. */
    public static final TunableDescriptor RQ_AFFINITY = TunableDescriptor.choice("rq_affinity", "1",
            List.of("0", "1"), "where a request completes: 1 (the 2.6.32-3.0 default) on a CPU sharing the cache with"
                    + " the submitter, here the CPU the IRQ lands on (CPU 0, one package with a shared last-level"
                    + " cache); 0 on the IRQ's CPU");

    private static TunableDescriptor cost(String name, long nanos, String description) {
        return TunableDescriptor.integer(name, nanos, "ns", 0, 1_000_000_000L, description);
    }

    /**
     * The defaults of an era that differ from the 2.6.32-3.0 ones (every {@code cpu.*} default is 3.0's), as
     * settings without the prefix: Linux 6.6 runs on a current machine ({@code cpu.count}, {@code cpu.speed}); no
     * per-cost default differs with a source of its own.
     */
    public static Map<String, String> eraDefaults(boolean modern) {
        if (!modern) {
            return Map.of();
        }
        return Map.of("count", Integer.toString(MODERN_COUNT), "speed", Integer.toString(MODERN_SPEED));
    }

    /** Validates. */
    public CpuTunables {
        if (count < 1 || count > MAX_CPUS || speedPercent < 1 || (rqAffinity != 0 && rqAffinity != 1)) {
            throw new IllegalArgumentException("bad CPU tunables");
        }
    }

    /** Every default. */
    public static CpuTunables defaults() {
        return from(Settings.defaults("cpu", CPU), 1);
    }

    /** From resolved {@code cpu.*} settings and {@code queue.rq_affinity}. */
    public static CpuTunables from(Settings cpu, int rqAffinity) {
        return new CpuTunables(cpu.getInt("count"), cpu.getInt("speed"), rqAffinity, cpu.getLong("syscall_ns"),
                cpu.getLong("context_switch_ns"), cpu.getLong("wakeup_ns"), cpu.getLong("page_lookup_ns"),
                cpu.getLong("dio_setup_ns"), cpu.getLong("copy_ns_per_kib"), cpu.getLong("bio_submit_ns"), cpu.getLong("request_ns"),
                cpu.getLong("elevator_request_ns"), cpu.getLong("driver_dispatch_ns"), cpu.getLong("completion_ns"),
                cpu.getLong("fsync_ns"), cpu.getLong("jbd2_commit_ns"), cpu.getLong("jbd2_block_ns"),
                cpu.getLong("readahead_page_ns"),
                cpu.getLong("writeback_page_ns"), cpu.getLong("aio_submit_ns"), cpu.getLong("aio_reap_ns"));
    }

    /** No CPU cost at all: every cost 0 (a machine whose CPUs never limit the I/O). */
    public static CpuTunables free(int count) {
        return new CpuTunables(count, 100, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }
}
