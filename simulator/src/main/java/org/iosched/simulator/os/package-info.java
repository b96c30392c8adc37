/**
 * The OS model between a workload's system calls and the bio layer: a Linux box with one disk holding ext4 in
 * ordered mode (fs/ext4, fs/jbd2), the page cache (mm/filemap.c), readahead (mm/readahead.c), dirty throttling
 * and writeback (mm/page-writeback.c, fs/fs-writeback.c), direct I/O (fs/direct-io.c, fs/iomap/direct-io.c),
 * tasks and cgroups. {@link org.iosched.simulator.os.LinuxOsModel} is the entry (the workload's
 * {@link org.iosched.api.WorkloadContext}); {@link org.iosched.simulator.os.OsPolicies} holds where 2.6.32-3.0 and
 * 6.6 differ ({@link org.iosched.simulator.os.WritebackRules}, {@link org.iosched.simulator.os.ReadaheadRules}, the
 * bio size); {@link org.iosched.simulator.os.OsTunables} the {@code vm.*} and {@code fs.*} settings.
 *
 * <p>Internal: {@code Kernel} (what the parts share), {@code TaskContext} and {@code Syscall} (a task running its
 * calls), {@code BufferedRead}, {@code Readahead}, {@code BufferedWrite}, {@code DirtyThrottle} (6.6's IO-less
 * {@code balance_dirty_pages}), {@code WritebackPass}, {@code Flusher}, {@code Fsync}, {@code Journal} (jbd2),
 * {@code DirectIoPath}, {@code Ext4Layout}, {@code Inode}, {@code PageCache}, {@code PageMap}, the recycled bio
 * contexts, {@code TaskTable}, {@code TaskAccounting}, {@code WaitList}.
 */
package org.iosched.simulator.os;
