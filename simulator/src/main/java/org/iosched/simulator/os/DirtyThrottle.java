package org.iosched.simulator.os;

/**
 * IO-less dirty throttling of Linux 6.6 ({@code mm/page-writeback.c}, since 3.2): the state of the one disk's
 * {@code bdi_writeback} and of the global {@code wb_domain}, and the rules that turn the dirty position and the
 * measured write bandwidth into a dirtier's pause. A dirtier never writes back itself: it sleeps.
 *
 * <p>Features:
 * <ul>
 *   <li>Limits ({@code domain_dirty_limits}): {@code thresh} = {@code dirty_ratio}·4096/100 (integer) times the
 *       dirtyable pages / 4096, {@code bg_thresh} alike from {@code dirty_background_ratio}, halved when not below
 *       {@code thresh} (no 5% floor, unlike 2.6.32); dirtyable memory is {@code global_dirtyable_memory}: all pages
 *       + 1. The freerun ceiling is {@code (thresh + bg_thresh) / 2}, the hard limit {@code max(thresh,
 *       dirty_limit)}, the setpoint {@code (freerun + limit) / 2}.</li>
 *   <li>Position ratio ({@code wb_position_ratio}, fixed point with {@code RATELIMIT_CALC_SHIFT} = 10): the
 *       global cubic {@code 1 + ((setpoint - dirty) / (limit - setpoint))^3} clamped to [0, 2], scaled by the
 *       wb's linear control line (slope from 8 × the write bandwidth, at least 1/4) and its reserve area below
 *       {@code wb_thresh / 2}.</li>
 *   <li>Bandwidth ({@code __wb_update_bandwidth}, at most every {@code BANDWIDTH_INTERVAL} = 200 ms): the write
 *       bandwidth over a {@code roundup_pow_of_two(3 HZ)} window and its smoothed average
 *       ({@code wb_update_write_bandwidth}); when called from {@code balance_dirty_pages}, also the domain's
 *       {@code dirty_limit} ({@code update_dirty_limit}) and {@code dirty_ratelimit} following
 *       {@code balanced_dirty_ratelimit} = {@code task_ratelimit × write_bw / dirty_rate}
 *       ({@code wb_update_dirty_ratelimit}); after an idle second {@code wb_bandwidth_estimate_start} restarts the
 *       measurement. Every rate starts at {@code INIT_BW} = 100 MiB/s.</li>
 *   <li>Pauses: {@code wb_max_pause} (at most {@code MAX_PAUSE} = 200 ms), {@code wb_min_pause} with the next
 *       {@code nr_dirtied_pause} ({@code DIRTY_POLL_THRESH} = 32 pages), {@code dirty_poll_interval} in the
 *       freerun area.</li>
 * </ul>
 *
 * <p>Simplified: the disk's share of the writeout completions ({@code fprop}) is 1: the one disk has had every
 * completion since boot (a fresh bdi's share of 0 is not modelled; per-CPU counter error neither); no memcg domain, strictlimit,
 * {@code min_ratio}/{@code max_ratio}, real-time boost or {@code dirty_throttle_leaks}; the {@code *_bytes}
 * variants of the ratios are not offered; {@code bw_dwork} (the bandwidth update 200 ms after an inode's writeback
 * ends) is not modelled.
 */
final class DirtyThrottle {
    static final int RATELIMIT_CALC_SHIFT = 10;
    /** {@code DIRTY_POLL_THRESH}: 128 KiB in pages. */
    static final int DIRTY_POLL_THRESH = 32;
    /** {@code INIT_BW}: 100 MiB/s in pages per second. */
    static final long INIT_BW = 100L << (20 - 12);
    /** {@code MIN_WRITEBACK_PAGES}: 4 MiB. */
    static final long MIN_WRITEBACK_PAGES = 1024;
    /** {@code DIRTY_SCOPE}. */
    static final long DIRTY_SCOPE = 8;

    final int hz;
    /** {@code MAX_PAUSE} and {@code BANDWIDTH_INTERVAL}: {@code max(HZ/5, 1)} jiffies. */
    final long maxPauseJiffies;
    final long bandwidthInterval;
    final long thresh;
    final long bgThresh;
    /** {@code ratelimit_pages}: {@code thresh / (CPUs × 32)}, at least 16. */
    final int ratelimitPages;
    /** {@code wb_stat_error}: CPUs × {@code WB_STAT_BATCH}. */
    final long statError;

    // global_wb_domain
    long dirtyLimit;
    long dirtyLimitStamp;
    // the disk's bdi_writeback
    long writeBandwidth = INIT_BW;
    long avgWriteBandwidth = INIT_BW;
    long dirtyRatelimit = INIT_BW;
    long balancedDirtyRatelimit = INIT_BW;
    long bwTimeStamp;
    long dirtiedStamp;
    long writtenStamp;
    /** {@code WB_DIRTIED}, {@code WB_WRITTEN}: pages dirtied, pages whose writeback ended. */
    long dirtied;
    long written;
    boolean dirtyExceeded;
    /** {@code wb->dirty_sleep}: the jiffy a dirtier last paused. */
    long dirtySleep;

    // what the run did, for tests and reports
    long pauses;
    long pausedJiffies;
    long pauseDirtySum;

    /** @param pages dirtyable memory in pages; {@code cpus} the online CPUs */
    DirtyThrottle(int hz, long pages, int dirtyRatio, int dirtyBackgroundRatio, int cpus) {
        this.hz = hz;
        this.maxPauseJiffies = Math.max(hz / 5, 1);
        this.bandwidthInterval = Math.max(hz / 5, 1);
        long available = pages + 1;
        long ratio = dirtyRatio * 4096L / 100;
        long bgRatio = dirtyBackgroundRatio * 4096L / 100;
        long t = ratio * available / 4096;
        long bg = bgRatio * available / 4096;
        if (bg >= t) {
            bg = t / 2;
        }
        this.thresh = t;
        this.bgThresh = bg;
        this.ratelimitPages = (int) Math.max(16, t / (cpus * 32L));
        this.statError = cpus * 8L * (1 + ilog2(cpus));
        this.dirtyLimit = t;
    }

    // ---------------------------------------------------------------- the rules, as functions of given state

    static long ilog2(long v) {
        return 63 - Long.numberOfLeadingZeros(v);
    }

    static long roundupPowOfTwo(long v) {
        long h = Long.highestOneBit(v);
        return h == v ? v : h << 1;
    }

    /** {@code dirty_freerun_ceiling}. */
    static long freerun(long thresh, long bgThresh) {
        return (thresh + bgThresh) / 2;
    }

    /** {@code hard_dirty_limit}. */
    long limit() {
        return Math.max(thresh, dirtyLimit);
    }

    /** The global setpoint: {@code (freerun + limit) / 2}. */
    long setpoint() {
        return (freerun(thresh, bgThresh) + limit()) / 2;
    }

    /** {@code pos_ratio_polynom}. */
    static long posRatioPolynom(long setpoint, long dirty, long limit) {
        long x = ((setpoint - dirty) << RATELIMIT_CALC_SHIFT) / ((limit - setpoint) | 1);
        long posRatio = x;
        posRatio = posRatio * x >> RATELIMIT_CALC_SHIFT;
        posRatio = posRatio * x >> RATELIMIT_CALC_SHIFT;
        posRatio += 1 << RATELIMIT_CALC_SHIFT;
        return Math.max(0, Math.min(posRatio, 2L << RATELIMIT_CALC_SHIFT));
    }

    /** {@code wb_position_ratio} without strictlimit. */
    static long positionRatio(long thresh, long bgThresh, long limit, long dirty, long wbThresh, long wbDirty,
                              long writeBw) {
        if (dirty >= limit) {
            return 0;
        }
        long setpoint = (freerun(thresh, bgThresh) + limit) / 2;
        long posRatio = posRatioPolynom(setpoint, dirty, limit);
        if (wbThresh > thresh) {
            wbThresh = thresh;
        }
        wbThresh = Math.max(wbThresh, (limit - dirty) / 8);
        long x = (wbThresh << 16) / (thresh | 1);
        long wbSetpoint = setpoint * x >> 16;
        // the kernel's unsigned thresh - wb_thresh cannot wrap here: wb_thresh <= thresh unless limit is far above it
        long span = (Math.max(0, thresh - wbThresh) + 8 * writeBw) * x >> 16;
        long xIntercept = wbSetpoint + span;
        if (wbDirty < xIntercept - span / 4) {
            posRatio = posRatio * (xIntercept - wbDirty) / ((xIntercept - wbSetpoint) | 1);
        } else {
            posRatio /= 4;
        }
        xIntercept = wbThresh / 2;
        if (wbDirty < xIntercept) {
            if (wbDirty > xIntercept / 8) {
                posRatio = posRatio * xIntercept / wbDirty;
            } else {
                posRatio *= 8;
            }
        }
        return posRatio;
    }

    /** {@code dirty_poll_interval}. */
    static long pollInterval(long dirty, long thresh) {
        return thresh > dirty ? 1L << (ilog2(thresh - dirty) >> 1) : 1;
    }

    /** {@code wb_max_pause} in jiffies. */
    static long maxPause(long wbDirty, long avgWriteBw, int hz) {
        long t = wbDirty / (1 + avgWriteBw / roundupPowOfTwo(1 + hz / 8));
        t++;
        return Math.min(t, Math.max(hz / 5, 1));
    }

    /**
     * {@code wb_min_pause}: the shortest pause worth sleeping, in jiffies; {@code nrDirtiedPause[0]} receives the
     * pages the task may dirty before its next check.
     */
    static long minPause(long avgWriteBw, long dirtyRatelimit, long maxPause, long taskRatelimit, int hz,
                         long[] nrDirtiedPause) {
        long hi = ilog2(avgWriteBw);
        long lo = ilog2(dirtyRatelimit);
        long t = Math.max(1, hz / 100);
        if (hi > lo) {
            t += (hi - lo) * (10L * hz) / 1024;
        }
        t = Math.min(t, 1 + maxPause / 2);
        long hzPow = roundupPowOfTwo(hz);
        long pages = dirtyRatelimit * t / hzPow;
        if (pages < DIRTY_POLL_THRESH) {
            t = maxPause;
            pages = dirtyRatelimit * t / hzPow;
            if (pages > DIRTY_POLL_THRESH) {
                pages = DIRTY_POLL_THRESH;
                t = hz * (long) DIRTY_POLL_THRESH / dirtyRatelimit;
            }
        }
        long pause = hz * pages / (taskRatelimit + 1);
        if (pause > maxPause) {
            t = maxPause;
            pages = taskRatelimit * t / hzPow;
        }
        nrDirtiedPause[0] = (int) pages;
        return pages >= DIRTY_POLL_THRESH ? 1 + t / 2 : t;
    }

    // ---------------------------------------------------------------- the wb's state

    /** {@code wb_calc_thresh(wb, thresh)}: the disk's share of a threshold, all of it (the only disk). */
    long wbShare(long of) {
        return of;
    }

    /** {@code wb_over_bg_thresh}: whether background writeback should go on. */
    boolean overBackgroundThresh(long nrDirty) {
        return nrDirty > bgThresh || nrDirty > wbShare(bgThresh);
    }

    /** {@code writeback_chunk_size} for WB_SYNC_NONE work of {@code nrPages} pages. */
    long chunkSize(long nrPages) {
        long pages = Math.min(avgWriteBandwidth / 2, dirtyLimit / DIRTY_SCOPE);
        pages = Math.min(pages, nrPages);
        return (pages + MIN_WRITEBACK_PAGES) / MIN_WRITEBACK_PAGES * MIN_WRITEBACK_PAGES;
    }

    /** {@code wb_bandwidth_estimate_start}, at the start of {@code do_writepages}. */
    void estimateStart(long now, boolean writebackIdle) {
        if (now - bwTimeStamp > hz && writebackIdle) {
            dirtiedStamp = dirtied;
            writtenStamp = written;
            bwTimeStamp = now;
        }
    }

    /** After {@code do_writepages}: {@code wb_update_bandwidth} once 200 ms passed. */
    void afterWritepages(long now) {
        if (now > bwTimeStamp + bandwidthInterval) {
            updateBandwidth(now, false, 0, 0);
        }
    }

    /** {@code __wb_update_bandwidth}; with {@code updateRatelimit} the state of the caller's dirty position. */
    void updateBandwidth(long now, boolean updateRatelimit, long dirty, long posRatio) {
        long elapsed = Math.max(now - bwTimeStamp, 1);
        if (updateRatelimit) {
            if (now >= dirtyLimitStamp + bandwidthInterval) {
                updateDirtyLimit(dirty);
                dirtyLimitStamp = now;
            }
            updateDirtyRatelimit(dirty, posRatio, elapsed);
        }
        updateWriteBandwidth(elapsed);
        dirtiedStamp = dirtied;
        writtenStamp = written;
        bwTimeStamp = now;
    }

    /** {@code update_dirty_limit}: up at once, down by 1/32 of the gap. */
    void updateDirtyLimit(long dirty) {
        long limit = dirtyLimit;
        if (limit < thresh) {
            dirtyLimit = thresh;
            return;
        }
        long target = Math.max(thresh, dirty);
        if (limit > target) {
            dirtyLimit = limit - ((limit - target) >> 5);
        }
    }

    /** {@code wb_update_write_bandwidth}. */
    void updateWriteBandwidth(long elapsed) {
        long period = roundupPowOfTwo(3L * hz);
        long avg = avgWriteBandwidth;
        long old = writeBandwidth;
        long bw = (written - Math.min(written, writtenStamp)) * hz;
        if (elapsed > period) {
            bw = bw / elapsed;
            avg = bw;
        } else {
            bw += old * (period - elapsed);
            bw >>= ilog2(period);
            if (avg > old && old >= bw) {
                avg -= (avg - old) >> 3;
            }
            if (avg < old && old <= bw) {
                avg += (old - avg) >> 3;
            }
        }
        avg = Math.max(avg, 1);
        writeBandwidth = bw;
        avgWriteBandwidth = avg;
    }

    /** {@code wb_update_dirty_ratelimit} without strictlimit. */
    void updateDirtyRatelimit(long dirty, long posRatio, long elapsed) {
        long setpoint = setpoint();
        long writeBw = avgWriteBandwidth;
        long rate = dirtyRatelimit;
        long dirtyRate = (dirtied - dirtiedStamp) * hz / elapsed;
        long taskRatelimit = (rate * posRatio >> RATELIMIT_CALC_SHIFT) + 1;
        long balanced = taskRatelimit * writeBw / (dirtyRate | 1);
        if (balanced > writeBw) {
            balanced = writeBw;
        }
        long step = 0;
        if (dirty < setpoint) {
            long x = Math.min(Math.min(balancedDirtyRatelimit, balanced), taskRatelimit);
            if (rate < x) {
                step = x - rate;
            }
        } else {
            long x = Math.max(Math.max(balancedDirtyRatelimit, balanced), taskRatelimit);
            if (rate > x) {
                step = rate - x;
            }
        }
        long shift = rate / (2 * step + 1);
        step = shift < 64 ? ((step >>> shift) + 7) / 8 : 0;
        if (rate < balanced) {
            rate += step;
        } else {
            rate -= step;
        }
        dirtyRatelimit = Math.max(rate, 1);
        balancedDirtyRatelimit = balanced;
    }
}
