package org.iosched.simulator.os;

/**
 * A buffered read ({@code do_generic_file_read} of 2.6.32-3.0): page by page, a missing page starts synchronous
 * readahead for the rest of the request, a page carrying {@code PG_readahead} starts the next window
 * asynchronously (and unplugs the queue at once if that page is up to date, as 2.6.33-2.6.38 do: 2.6.32 left the
 * window plugged until the next wait, so two windows could merge into one request), and a page not yet up to
 * date is waited for after unplugging the queue ({@code sync_page}).
 * A page readahead could not bring in is read alone ({@code readpage}). Copying to user space takes no time.
 * At the end the file's {@code prev_pos} is the last byte read.
 */
final class BufferedRead {
    private static final int PAGES = 0;
    private static final int SUBMIT_READAHEAD = 1;

    private final Kernel kernel;
    private final Readahead readahead;

    BufferedRead(Kernel kernel, Readahead readahead) {
        this.kernel = kernel;
        this.readahead = readahead;
    }

    /** Start a read of {@code [call.pos, call.end)}. */
    void start(Syscall call) {
        call.page = (int) (call.pos >>> Inode.PAGE_SHIFT);
        call.phase = PAGES;
        call.raNext = 0;
        call.raEnd = 0;
        call.syncReadaheadTried = false;
        call.unplugAfterReadahead = false;
    }

    /**
     * Continue the read.
     *
     * @return true when it is done; false when the task blocked
     */
    boolean step(TaskContext ctx, Syscall call) {
        Inode inode = call.inode;
        PageCache cache = kernel.cache;
        int last = (int) ((call.end - 1) >>> Inode.PAGE_SHIFT);
        int lastIndex = (int) ((call.end + Inode.PAGE_SIZE - 1) >>> Inode.PAGE_SHIFT);
        while (true) {
            if (call.phase == SUBMIT_READAHEAD) {
                if (!readahead.submit(ctx, call)) {
                    return false;
                }
                call.phase = PAGES;
                if (call.unplugAfterReadahead) {
                    call.unplugAfterReadahead = false;
                    ctx.unplug();
                }
            }
            if (call.page > last) {
                break;
            }
            int page = call.page;
            int frame = inode.map.frame(page);
            if (frame < 0) {
                if (!call.syncReadaheadTried) {
                    call.syncReadaheadTried = true;
                    call.raEnd = call.raNext;
                    readahead.sync(call.file, page, lastIndex - page, call);
                    if (call.raEnd > call.raNext) {
                        call.phase = SUBMIT_READAHEAD;
                    }
                    continue;
                }
                frame = cache.add(inode, page, PageCache.LOCKED);
                if (frame < 0) {
                    cache.memoryWaiters.add(ctx);
                    ctx.unplug();
                    return false;
                }
                inode.map.setInitialised(page);
                if (!ctx.submit(kernel.readBio(ctx.task, inode, page, 1, 0))) {
                    return false;
                }
                continue;
            }
            if (cache.has(frame, PageCache.READAHEAD)) {
                cache.clear(frame, PageCache.READAHEAD);
                call.raEnd = call.raNext;
                readahead.async(call.file, page, lastIndex - page, call);
                if (call.raEnd > call.raNext) {
                    call.phase = SUBMIT_READAHEAD;
                    // 2.6.33+ (65a80b4c): a marker page already up to date means no wait will unplug the window
                    call.unplugAfterReadahead = cache.has(frame, PageCache.UPTODATE);
                    continue;
                }
            }
            if (!cache.has(frame, PageCache.UPTODATE)) {
                ctx.unplug();
                kernel.readWaiters.add(ctx);
                return false;
            }
            cache.touch(frame);
            call.page++;
            call.syncReadaheadTried = false;
        }
        call.file.raPrevPos = call.end - 1;
        return true;
    }
}
