/**
 * The {@code fio} workload: fio job files with fio's syntax, defaults, messages and semantics.
 *
 * <p>Features: {@code [global]}/job sections, comments, {@code include}, {@code ${VAR}} and
 * {@code $pagesize}/{@code $mb_memory}/{@code $ncpus} (the provider's tunables), arithmetic, size and time
 * units with {@code kb_base}, per-direction lists, {@code bsrange}, {@code bssplit}, option aliases;
 * {@code numjobs} clones, reporting groups, {@code stonewall}, {@code wait_for}, {@code startdelay},
 * {@code exitall}/{@code exit_what}; synchronous and asynchronous engines with fio's batching and reaping;
 * random maps and distributions; rate limits, {@code rate_min}, {@code thinktime}, {@code ramp_time},
 * {@code time_based}, {@code loops}, {@code io_size}, {@code number_ios}; fsync/fdatasync; priorities,
 * nice, cgroups and CPU affinity ({@code cpus_allowed}, {@code cpumask}, {@code cpus_allowed_policy}) as task
 * properties; fio's bw/lat/iops logs; {@code gtod_reduce} and the {@code disable_*} options; {@code minf}
 * from the I/O buffers ({@code mem}, {@code iomem_align}, {@code hugepage-size}).
 *
 * <p>Limitations (simplifications of the model):
 * <ul>
 *   <li>Random numbers come from iosched's seeded streams, not fio's Tausworthe generator: offsets differ
 *       from fio's, their distribution does not; {@code randrepeat=0} cannot make a deterministic run
 *       differ between runs, so streams always derive from the run seed ({@code randseed} fixes them).</li>
 *   <li>Zipf, pareto and normal hot spots are scattered with iosched's own 64-bit hash.</li>
 *   <li>fio's own CPU time is one figure per I/O ({@link FioCpuCosts}); {@code thinktime_spin} spins through
 *       {@code WorkloadContext.spin}; {@code $ncpus} comes from the {@code ncpus} tunable (0: the run's CPU
 *       count as the runner passes it) because job files are compiled before the run exists.</li>
 *   <li>{@code sync=dsync} is passed as {@code O_SYNC}.</li>
 *   <li>{@code fsync_on_close} is one fsync per file at the end of the job (like {@code end_fsync}).</li>
 *   <li>{@code loops} and {@code io_size > size} run consecutive passes over the files without draining
 *       between them.</li>
 *   <li>Unknown size or time suffixes are errors (fio reads them as a multiplier of 1).</li>
 *   <li>A job that ends inside its {@code ramp_time} reports nothing (fio would keep its ramp numbers).</li>
 *   <li>A job's error ({@code rate_min} not met, an I/O error) is reported in the workload's notices and
 *       the block trace; the API has no per-job error field yet.</li>
 *   <li>Per-I/O priorities ({@code cmdprio*}), verification, zones, iologs, latency targets and steady
 *       state are rejected as not modelled.</li>
 * </ul>
 */
package org.iosched.workload.fio;
