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
 *
 * <p>The classes, by the fio source file they follow:
 * <ul>
 *   <li>init.c (job files and jobs): {@link FioJobParser} ({@code __parse_jobs_ini}), {@link FioJobCompiler}
 *       ({@code add_job}, {@code fixup_options}), {@link JobSummary} (the job line); parse.c and options.c (values
 *       and options): {@link FioValues}, {@link FioExpression}, {@link CompoundValues}, {@link FioOptionCatalog}
 *       ({@code fio_options[]}), {@link JobOptionsBinder} ({@code fio_options_parse}), {@link JobOptions}
 *       ({@code struct thread_options}), {@link CpuAffinity};</li>
 *   <li>backend.c (running jobs): {@link FioRun} ({@code run_threads}: start order, {@code stonewall},
 *       {@code wait_for}, {@code exitall}), {@link FioJob} ({@code thread_main}, {@code do_io}), {@link ThinkTime}
 *       ({@code handle_thinktime}, the rate's sleeps), {@link RateLimiter} ({@code usec_for_io},
 *       {@code check_min_rate}, io_u.c's {@code rate_ddir});</li>
 *   <li>io_u.c (I/O units): {@link IoUnits} ({@code get_rw_ddir}, {@code io_u_queued_complete},
 *       {@code account_io_completion}), {@link IoQueue} and {@link IoUnit} (the free list and
 *       {@code struct io_u}), {@link JobFiles} ({@code get_io_u}, filesetup.c's {@code setup_files} and
 *       {@code __get_next_file}), {@link FileState} ({@code struct fio_file}, {@code get_next_block},
 *       {@code get_next_seq_offset}), {@link BlockPicker} ({@code get_next_rand_offset} and the random
 *       distributions of lib/zipf.c and lib/gauss.c), {@link OffsetDistribution}, {@link ZoneSplit},
 *       {@link BlockSizeGenerator} ({@code get_next_buflen}), {@link BlockSizeSplit} ({@code bssplit});
 *       lib/axmap.c: {@link RandomMap};</li>
 *   <li>engines/cmdprio.c: {@link Cmdprio}, {@link CmdprioSplit}; iolog.c and stat.c's logs: {@link JobLogs};
 *       lib/num2str.c: {@link Num2Str};</li>
 *   <li>iosched's own: {@link FioCpuCosts} (fio's user CPU time per I/O), the plugin
 *       ({@link FioWorkloadProvider}, {@link FioWorkload}).</li>
 * </ul>
 * Public: the provider, the workload and {@link Num2Str} (the runner's reports print numbers with it); everything
 * else is internal to the package.
 */
package org.iosched.workload.fio;
