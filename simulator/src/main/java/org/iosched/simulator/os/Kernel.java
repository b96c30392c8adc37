package org.iosched.simulator.os;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.iosched.api.Bio;
import org.iosched.api.Op;
import org.iosched.api.Task;
import org.iosched.simulator.blk.BioLayer;
import org.iosched.simulator.blk.BlockQueue;
import org.iosched.simulator.cpu.Cpus;
import org.iosched.simulator.engine.EventQueue;
import org.iosched.simulator.engine.KernelClock;
import org.iosched.simulator.trace.BlockTrace;

/**
 * What the parts of the OS model share: the clock and HZ, the request queue, the tunables and the dirty limits
 * derived from them, the page cache, the file system layout, the inodes, the tasks, the journal and the
 * flusher, and the recycled bio contexts with their completion handling.
 *
 * <p>The dirty limits are {@code get_dirty_limits} of 2.6.32 with all of memory dirtyable: the background
 * threshold is {@code dirty_background_ratio}% of it, halved when not below the dirty threshold, which is
 * {@code max(dirty_ratio, 5)}%. The one device has the whole limit ({@code bdi_thresh} = {@code dirty_thresh}).
 */
final class Kernel {
    final EventQueue clock;
    final KernelClock hz;
    /** Where bios go ({@code generic_make_request}): the bio controllers, then the queue. */
    final BioLayer bioLayer;
    final BlockQueue queue;
    final BlockTrace trace;
    final OsTunables tunables;
    final PageCache cache;
    final Ext4Layout layout;
    final TaskAccounting accounting;
    /** The CPUs every task runs on and the kernel's work is charged to. */
    final Cpus cpus;
    final Inode blockDevice;
    /** Tasks waiting for a page read to complete ({@code wait_on_page_locked}). */
    final WaitList readWaiters = new WaitList();
    final long backgroundThresh;
    final long dirtyThresh;
    /** {@code ratelimit_pages}: 1/32 of memory per CPU, 16..1024 pages. */
    final int ratelimitPages;
    /** {@code bdi->dirty_exceeded}. */
    boolean dirtyExceeded;
    /** The kernel's rules where 2.6.32-3.0 and 6.6 differ. */
    final OsPolicies policies;
    /** Writeback and dirty throttling of the kernel modelled. */
    final WritebackRules writeback;
    /** Readahead of the kernel modelled. */
    final ReadaheadRules readahead;
    /** Linux 6.6's dirty throttling state ({@code bdi_writeback}, {@code wb_domain}); null for 2.6.32-3.0. */
    final DirtyThrottle throttle;
    Journal journal;
    Flusher flusher;

    private final Map<Task, TaskContext> contexts = new IdentityHashMap<>();
    /** The last task {@link #context} looked up and its context: most lookups repeat the previous one. */
    private Task lastTask;
    private TaskContext lastContext;
    private final TaskContext.Program userProgram;
    private final List<Inode> inodes = new ArrayList<>();
    private final Map<String, Inode> byPath = new HashMap<>();
    private ReadBio freeReads;
    private WritebackBio freeWritebacks;
    private SyscallListener syscallListener;

    /** Told when a bio of a system call completed. */
    interface SyscallListener {
        void bioDone(Syscall call);
    }

    Kernel(EventQueue clock, KernelClock hz, BioLayer bioLayer, BlockTrace trace, OsTunables tunables,
           Ext4Layout layout, TaskAccounting accounting, TaskContext.Program userProgram) {
        this(clock, hz, bioLayer, trace, tunables, layout, accounting, userProgram, OsPolicies.LINUX_3_0);
    }

    Kernel(EventQueue clock, KernelClock hz, BioLayer bioLayer, BlockTrace trace, OsTunables tunables,
           Ext4Layout layout, TaskAccounting accounting, TaskContext.Program userProgram, OsPolicies policies) {
        this.clock = clock;
        this.hz = hz;
        this.bioLayer = bioLayer;
        this.queue = bioLayer.queue();
        queue.tasksRunInSteps();
        queue.setReturnDelayListener((task, nanos) -> context(task).addReturnDelay(nanos));
        this.trace = trace;
        this.tunables = tunables;
        this.layout = layout;
        this.accounting = accounting;
        this.cpus = bioLayer.queue().cpus();
        this.userProgram = userProgram;
        long pages = tunables.memoryPages();
        this.cache = new PageCache(pages);
        long dirty = Math.max(tunables.dirtyRatio(), 5) * pages / 100;
        long background = tunables.dirtyBackgroundRatio() * pages / 100;
        if (background >= dirty) {
            background = dirty / 2;
        }
        this.dirtyThresh = dirty;
        this.backgroundThresh = background;
        this.ratelimitPages = (int) Math.max(16, Math.min(1024, pages / 32));
        this.policies = policies;
        this.writeback = policies.writeback();
        this.readahead = policies.readahead();
        this.throttle = writeback.ioLess ? new DirtyThrottle(hz.hz(), pages, tunables.dirtyRatio(),
                tunables.dirtyBackgroundRatio(), cpus.count()) : null;
        this.blockDevice = layout.rawDevice(0, "/dev/sda");
        register(blockDevice);
    }

    void setSyscallListener(SyscallListener listener) {
        this.syscallListener = listener;
    }

    long now() {
        return clock.now();
    }

    /** The task's context, created on first use (a user task runs its system calls). */
    TaskContext context(Task task) {
        if (task == lastTask) {
            return lastContext;
        }
        TaskContext ctx = contexts.get(task);
        if (ctx == null) {
            ctx = new TaskContext(this, task, userProgram);
            contexts.put(task, ctx);
        }
        lastTask = task;
        lastContext = ctx;
        return ctx;
    }

    /** A kernel thread's context with its own program. */
    TaskContext kernelThread(Task task, TaskContext.Program program) {
        TaskContext ctx = new TaskContext(this, task, program);
        contexts.put(task, ctx);
        lastTask = null;
        return ctx;
    }

    /** The context of a task that has one, or null. */
    TaskContext existingContext(Task task) {
        return contexts.get(task);
    }

    void forget(Task task) {
        contexts.remove(task);
        lastTask = null;
    }

    // ---------------------------------------------------------------- inodes

    /** The inode at {@code path}, or null. */
    Inode inode(String path) {
        return byPath.get(path);
    }

    /** Create the file at {@code path} for {@code owner}. */
    Inode createFile(String path, long size, Task owner) {
        Inode inode = layout.createFile(inodes.size(), path, size, owner);
        register(inode);
        return inode;
    }

    private void register(Inode inode) {
        inodes.add(inode);
        byPath.put(inode.path, inode);
        cache.register(inode);
    }

    /** Whether {@code dirty + writeback} pages are within the dirty limit. */
    boolean belowDirtyLimit() {
        return cache.nrDirty() + cache.nrWriteback() <= dirtyThresh;
    }

    /** {@code over_bground_thresh} (6.6: {@code wb_over_bg_thresh}). */
    boolean overBackgroundThresh() {
        return throttle != null ? throttle.overBackgroundThresh(cache.nrDirty()) : cache.nrDirty() > backgroundThresh;
    }

    /** Largest writeback or readahead bio in pages: {@code max_sectors}, and in 6.6 also {@code BIO_MAX_VECS}. */
    int maxBioPages() {
        int pages = Math.max(1, queue.maxSectors() / Inode.SECTORS_PER_PAGE);
        return Math.min(pages, policies.bioMaxPages());
    }

    // ---------------------------------------------------------------- bio contexts

    /** A read of {@code pages} pages of {@code inode} from {@code firstPage}, as one bio of {@code task}. */
    Bio readBio(Task task, Inode inode, int firstPage, int pages, int flags) {
        ReadBio rb = freeReads;
        if (rb != null) {
            freeReads = rb.nextFree;
            rb.nextFree = null;
        } else {
            rb = new ReadBio(this);
        }
        rb.inode = inode;
        rb.firstPage = firstPage;
        rb.pages = pages;
        return new Bio(Op.READ, flags, inode.sectorOf((long) firstPage << Inode.PAGE_SHIFT),
                pages * Inode.SECTORS_PER_PAGE, task, rb);
    }

    void readDone(ReadBio rb) {
        Inode inode = rb.inode;
        for (int i = 0; i < rb.pages; i++) {
            cache.endRead(inode, rb.firstPage + i);
        }
        rb.inode = null;
        rb.nextFree = freeReads;
        freeReads = rb;
        readWaiters.wakeAll();
        cache.memoryWaiters.wakeAll();
    }

    /** A writeback of pages already marked under writeback, listed in flight on the inode. */
    Bio writebackBio(Task task, Inode inode, int firstPage, int pages, int flags) {
        WritebackBio wb = freeWritebacks;
        if (wb != null) {
            freeWritebacks = wb.nextFree;
            wb.nextFree = null;
        } else {
            wb = new WritebackBio(this);
        }
        wb.inode = inode;
        wb.firstPage = firstPage;
        wb.pages = pages;
        inode.addInFlight(wb);
        Bio bio = new Bio(Op.WRITE, flags, inode.sectorOf((long) firstPage << Inode.PAGE_SHIFT),
                pages * Inode.SECTORS_PER_PAGE, task, wb);
        if (tunables.writebackToOwner() && inode.dirtiedBy != null) {
            // bio-cgroup / cgroup writeback: charge the page owner's cgroup, not the flusher's
            bio.setCgroup(inode.dirtiedBy);
        }
        return bio;
    }

    void writebackDone(WritebackBio wb) {
        Inode inode = wb.inode;
        for (int i = 0; i < wb.pages; i++) {
            cache.endWriteback(inode, wb.firstPage + i);
        }
        if (throttle != null) {
            // __folio_end_writeback: WB_WRITTEN and the domain's completions
            throttle.written += wb.pages;
        }
        inode.removeInFlight(wb);
        wb.inode = null;
        wb.nextFree = freeWritebacks;
        freeWritebacks = wb;
        inode.writebackWaiters.wakeAll();
        cache.memoryWaiters.wakeAll();
    }

    void syscallBioDone(Syscall call) {
        syscallListener.bioDone(call);
    }

    // ---------------------------------------------------------------- state for the end of the run

    /** Whether nothing is dirty, under writeback or waiting to be committed. */
    boolean clean() {
        return cache.nrDirty() == 0 && cache.nrWriteback() == 0 && journal.idle() && !flusher.busy();
    }
}
