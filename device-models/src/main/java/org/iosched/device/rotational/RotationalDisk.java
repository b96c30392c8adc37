package org.iosched.device.rotational;

import java.util.LinkedHashMap;
import java.util.Map;
import org.iosched.api.BlockDevice;
import org.iosched.api.DeviceContext;
import org.iosched.api.DeviceInfo;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.api.Timer;
import org.iosched.device.CommandSlots;
import org.iosched.device.Libata;
import org.iosched.device.HostLink;

/**
 * A rotational disk with an on-drive cache and optional NCQ/TCQ, after DiskSim's disk model (devices-os.md
 * §1.1, §1.3, §1.4, §5 A–C).
 *
 * <p>Features:
 * <ul>
 *   <li>Mechanics from {@link MediaTiming}: zoned layout, Lee three-point seek curve, write settle, head switch,
 *       and a platter that keeps turning, so rotational latency follows from virtual time (the angle at t = 0 is
 *       drawn from the device's seeded stream).</li>
 *   <li>Streaming: the mechanism keeps its own exact timeline (fractional nanoseconds; its timer fires at the next
 *       whole nanosecond), so a queued command that starts where the last operation ended finds its first sector
 *       under the head, as on a drive that has the next command of a stream queued (it does not wait a
 *       revolution); a write continuing the head's write stream on the next track pays the switch the track skew
 *       hides, not a write settle, as within one transfer. With the write-back cache, destage of a sequential
 *       run streams the same way.</li>
 *   <li>Read cache: after a miss the drive reads ahead into the request's segment until the segment holds
 *       {@code cache_kb/cache_segments} beyond what the host took, or the medium is needed; a read that finds
 *       its data there, or at the head of the running read-ahead, is served without positioning.</li>
 *   <li>Write-back cache ({@code write_cache=1}): a write completes once buffered, or waits for room when the
 *       buffer is full; dirty runs are destaged, shortest access time first, when nothing is queued; above
 *       {@code destage_high_pct} the nearest dirty run competes with the queued commands in the aged SATF
 *       choice (§5 A "destage by SATF when idle or above 75% full"); while a write waits for room or a FLUSH
 *       waits, destage goes before every queued command not yet overdue (see {@code kick}).</li>
 *   <li>FLUSH waits for every dirty sector to reach the medium, then costs {@code flush_ms}; a FUA write or
 *       any write with the cache off goes to the medium before it completes.</li>
 *   <li>Queueing: up to {@code queue_depth} commands; the drive serves the queued command with the least
 *       {@code T_pos - w T_wait} (aged SATF, Jacobson and Wilkes), and one waiting {@code ncq_max_age_ms}
 *       first, before destage work too, so that a queued read never waits longer than {@code ncq_max_age_ms}
 *       plus the operation in progress (at depth 1 as well: the one queued command against destage). FLUSH
 *       and DISCARD are non-queued with {@code nonqueued_flush=1}: {@link #canAccept} refuses them while
 *       commands run and refuses everything while one runs ({@code ata_std_qc_defer}).</li>
 *   <li>DISCARD costs the cache-hit overhead only and drops cached and dirty copies of its sectors (2009-era
 *       disks have no TRIM; the command is accepted so that file systems mounted with discard run).</li>
 * </ul>
 *
 * <p>Limitations: one actuator, no seek/rotation overlap with transfer; commands that continue one another are
 * transferred back to back with no gap between them (the controller overhead overlaps the running transfer);
 * read-ahead is not resumed once it stopped at the segment limit (the next read repositions); dirty data in the
 * buffer serves a read only when it covers the read entirely; a FLUSH waits for the buffer to be empty, including
 * writes buffered after it (only possible with queued flushes); destage work is never aged (its urgency is the
 * buffer's state); every refusal in {@link #canAccept} is cleared by a completion, so the disk never needs
 * {@link DeviceContext#ready()}.
 *
 * <p>Notes: statistics are counted in commands and sectors; see {@link #statistics()}.
 */
public final class RotationalDisk implements BlockDevice {
    private enum Mechanism { IDLE, PREFETCH, READ, WRITE, DESTAGE }

    private final DeviceContext context;
    private final DeviceInfo info;
    private final RotationalParameters params;
    private final MediaTiming timing;
    private final ZonedGeometry geometry;
    private final HostLink link;
    private CommandSlots slots;
    private final SegmentCache segments;
    private final WriteBuffer buffer;
    private DriveCommand[] commands;
    private DriveCommand[] queue;
    private int queued;
    private int[] bufferWait;
    private int bufferWaitHead;
    private int bufferWaitCount;
    private int[] flushWait;
    private int flushWaitCount;

    private final Timer mechanismTimer;
    private Mechanism mechanism = Mechanism.IDLE;
    private long opFrom;
    private long opTo;
    /**
     * When the running operation ends, exactly (fractional nanoseconds). The mechanism timer fires at the next
     * whole nanosecond, but the next operation starts from this instant: the head passed the end of
     * {@code opTo - 1} then, and a command continuing at {@code opTo} is under the head, not just missed.
     */
    private double opEnd;
    /** The running READ continues the read-ahead stream in {@code prefetchSegment}. */
    private boolean opContinuesStream;
    /** First sector the running READ's request asked for (the request may complete before the op ends). */
    private long opRequestSector;
    /** The last sector the head passed; positioning starts from its track. */
    private long headLba;
    /** The head's last media operation wrote (a write or a destage): a write continuing it needs no settle. */
    private boolean headWriting;

    private int prefetchSegment = -1;
    private long prefetchFrom;
    private double prefetchStart;
    private long prefetchLimit;
    /** When the read-ahead reaches {@code prefetchLimit}, exactly. */
    private double prefetchEnd;

    /** Cost of the command {@link #agedSatf} chose, in nanoseconds. */
    private double satfCost;

    private final long hitOverhead;
    private final long missOverhead;
    private final long flushNanos;
    private final long maxAgeNanos;
    private final double ageWeight;
    private final long highWaterSectors;

    private long readHits;
    private long streamHits;
    private long readMisses;
    private long prefetchedSectors;
    private long writesBuffered;
    private long bufferFullWaits;
    private long destages;
    private long destagedSectors;
    private long destagesWithCommandsQueued;
    private long flushes;
    private long mediaReads;
    private long mediaWrites;
    private long fuaWrites;
    private long discards;
    private long forcedByAge;
    private long maxQueueWaitNanos;

    /**
     * @param context the block layer's services
     * @param name    the preset name reported in {@link DeviceInfo}
     * @param params  the disk's parameters
     */
    public RotationalDisk(DeviceContext context, String name, RotationalParameters params) {
        this.context = context;
        this.params = params;
        this.info = params.info(name);
        // the spindle's phase when the run starts is arbitrary: drawn from this device's seeded stream
        this.timing = new MediaTiming(params, context.random().nextDouble());
        this.geometry = timing.geometry();
        this.link = new HostLink(params.interfaceMbs());
        sizeCommands(info, params.queueDepth());
        long cacheSectors = (long) params.cacheKb() * 2;
        this.segments = new SegmentCache(params.cacheSegments(), cacheSectors / params.cacheSegments());
        this.buffer = new WriteBuffer(cacheSectors);
        this.highWaterSectors = cacheSectors * params.destageHighPct() / 100;
        this.mechanismTimer = context.newTimer(this::mechanismDone);
        this.hitOverhead = RotationalParameters.nanos(params.overheadHitMs());
        this.missOverhead = RotationalParameters.nanos(params.overheadMissMs());
        this.flushNanos = RotationalParameters.nanos(params.flushMs());
        this.maxAgeNanos = RotationalParameters.nanos(params.ncqMaxAgeMs());
        this.ageWeight = params.ncqAgeWeight();
    }

    @Override
    public DeviceInfo info() {
        return info;
    }

    /** The mechanism's timing model (geometry, seek curve, rotation). */
    public MediaTiming timing() {
        return timing;
    }

    // the drive's command slots and per-command state for depth commands
    private void sizeCommands(DeviceInfo slotInfo, int depth) {
        this.slots = new CommandSlots(context, slotInfo, params.nonqueuedFlush(), this::released);
        this.commands = new DriveCommand[depth];
        for (int i = 0; i < depth; i++) {
            commands[i] = new DriveCommand(i);
        }
        this.queue = new DriveCommand[depth];
        this.bufferWait = new int[depth];
        this.flushWait = new int[depth];
    }

    /**
     * Linux 6.6's blk-mq: one hardware queue (SATA/AHCI, SAS); a SATA NCQ drive gets all 32 tags there
     * ({@link Libata#mqDepth}) and the drive's command state grows to match. Asked once, before the run, only on the
     * 6.6 stack.
     */
    @Override
    public int hardwareQueues(int cpuCount) {
        int depth = dispatchBudget();
        if (depth != commands.length) {
            sizeCommands(new DeviceInfo(info.name(), info.capacitySectors(), info.rotational(), depth,
                    info.writeCache(), info.fua(), info.maxHwSectors()), depth);
        }
        return 1;
    }

    /** The host's tags on 6.6 ({@link Libata#hostTags}: AHCI's 32 for a SATA drive, NCQ or not). */
    @Override
    public int hardwareQueueDepth() {
        return Libata.hostTags(params.nonqueuedFlush(), info.queueDepth());
    }

    /** The LUN's depth on 6.6 ({@code sdev->queue_depth}): 1 without NCQ, the drive's NCQ depth with it. */
    @Override
    public int dispatchBudget() {
        return Libata.mqDepth(params.nonqueuedFlush(), info.queueDepth());
    }

    @Override
    public boolean canAccept(Request rq, int inFlight) {
        return slots.canAccept(rq, inFlight);
    }

    @Override
    public void submit(Request rq) {
        long now = context.now();
        int slot = slots.acquire(rq);
        DriveCommand c = commands[slot];
        c.rq = rq;
        c.arrival = now;
        advancePrefetch(now);
        switch (rq.op()) {
            case READ -> submitRead(c, now);
            case WRITE -> submitWrite(c, now);
            case FLUSH -> submitFlush(c, now);
            case DISCARD -> submitDiscard(c, now);
        }
        kick(now);
    }

    private void released(int slot) {
        commands[slot].rq = null;
    }

    private void submitRead(DriveCommand c, long now) {
        Request rq = c.rq;
        long from = rq.sector();
        long to = rq.endSector();
        if (buffer.covers(from, to)) {
            readHits++;
            slots.completeAt(c.slot, link.transfer(now + hitOverhead, rq.bytes(), now));
            return;
        }
        long cachedEnd = segments.cachedEnd(from);
        int segment = segments.found();
        if (cachedEnd >= to) {
            readHits++;
            segments.touch(segment);
            if (mechanism == Mechanism.PREFETCH && segment == prefetchSegment) {
                raisePrefetchLimit(to);
            }
            slots.completeAt(c.slot, link.transfer(now + hitOverhead, rq.bytes(), now));
            return;
        }
        if (mechanism == Mechanism.PREFETCH && (segment == prefetchSegment
                || (from >= segments.end(prefetchSegment) && from <= prefetchLimit))) {
            // the data is being read ahead right now: keep streaming, no positioning
            streamHits++;
            segments.touch(prefetchSegment);
            continueStream(c, now, to);
            return;
        }
        readMisses++;
        c.write = false;
        c.mediaFrom = cachedEnd;
        c.mediaTo = to;
        enqueue(c, now);
    }

    private void submitWrite(DriveCommand c, long now) {
        Request rq = c.rq;
        segments.invalidate(rq.sector(), rq.endSector());
        stopPrefetchIfInvalid(now);
        boolean fua = rq.hasFlag(RequestFlags.FUA);
        if (params.writeCache() && !fua && rq.sectors() <= (long) params.cacheKb() * 2) {
            if (bufferWaitCount == 0 && buffer.hasRoom(rq.sectors())) {
                bufferWrite(c, now);
            } else {
                bufferFullWaits++;
                bufferWait[(bufferWaitHead + bufferWaitCount++) % bufferWait.length] = c.slot;
            }
            return;
        }
        if (fua) {
            fuaWrites++;
        }
        // the medium copy supersedes any buffered one
        buffer.remove(rq.sector(), rq.endSector());
        c.write = true;
        c.mediaFrom = rq.sector();
        c.mediaTo = rq.endSector();
        link.transfer(now + missOverhead, rq.bytes(), now);
        enqueue(c, now);
    }

    private void bufferWrite(DriveCommand c, long now) {
        Request rq = c.rq;
        buffer.add(rq.sector(), rq.endSector());
        writesBuffered++;
        slots.completeAt(c.slot, link.transfer(now + hitOverhead, rq.bytes(), now));
    }

    private void submitFlush(DriveCommand c, long now) {
        flushes++;
        if (!params.writeCache() || (buffer.occupiedSectors() == 0 && bufferWaitCount == 0)) {
            slots.completeAt(c.slot, now + flushNanos);
        } else {
            flushWait[flushWaitCount++] = c.slot;
        }
    }

    private void submitDiscard(DriveCommand c, long now) {
        discards++;
        Request rq = c.rq;
        buffer.remove(rq.sector(), rq.endSector());
        segments.invalidate(rq.sector(), rq.endSector());
        stopPrefetchIfInvalid(now);
        slots.completeAt(c.slot, now + hitOverhead);
    }

    private void enqueue(DriveCommand c, long now) {
        c.readyAt = now + missOverhead;
        queue[queued++] = c;
    }

    /**
     * Starts the next mechanism operation if the mechanism is free (idle or only reading ahead). Queued host
     * commands and destage work are candidates of one choice (devices-os.md §5 A/B), in this order:
     * <ol>
     *   <li>a host command queued {@code ncq_max_age_ms} or longer (the oldest such) is served next, before
     *       any destage too: the forced-age bound holds whatever the buffer's state;</li>
     *   <li>destage goes first while a write waits for room or a FLUSH waits for the buffer to be clean, since
     *       those commands can only progress through destage;</li>
     *   <li>otherwise aged SATF: the least {@code start delay + T_pos - w T_wait} among queued commands, the
     *       dirty run nearest the head joining as one more candidate (cost {@code T_pos}, never aged: no host
     *       command waits on it) while the buffer is above {@code destage_high_pct};</li>
     *   <li>with nothing queued, destage when the mechanism is idle, or stop the read-ahead for it when the
     *       buffer is above high water or a command waits on destage.</li>
     * </ol>
     *
     * @param free when the mechanism became free, exactly: {@code now} after a submission, the operation's exact
     *             end (at most 1 ns before {@code now}) after the mechanism timer; positioning starts there
     */
    private void kick(double free) {
        if (mechanism != Mechanism.IDLE && mechanism != Mechanism.PREFETCH) {
            return;
        }
        long now = context.now();
        boolean dirty = buffer.dirtySectors() > 0;
        boolean destageFirst = dirty && (flushWaitCount > 0 || bufferWaitCount > 0);
        boolean aboveHighWater = dirty && buffer.occupiedSectors() > highWaterSectors;
        if (queued == 0) {
            if (dirty && (mechanism == Mechanism.IDLE || destageFirst || aboveHighWater)) {
                stopPrefetch(free);
                startDestage(buffer.nearestRun(timing, headLba, free, streamContinuation()), free);
            }
            return;
        }
        stopPrefetch(free);
        DriveCommand overdue = oldestOverdue(now);
        if (overdue != null) {
            forcedByAge++;
            if (context.trace().enabled()) {
                context.trace().message("ncq: " + overdue.rq + " served by age after "
                        + (now - overdue.arrival) / 1_000_000 + " ms" + (dirty ? " (destage pending)" : ""));
            }
            startMedia(overdue, free);
            return;
        }
        if (destageFirst) {
            destagesWithCommandsQueued++;
            startDestage(buffer.nearestRun(timing, headLba, free, streamContinuation()), free);
            return;
        }
        DriveCommand best = agedSatf(now, free);
        if (aboveHighWater) {
            int run = buffer.nearestRun(timing, headLba, free, streamContinuation());
            if (buffer.nearestRunNanos() < satfCost) {
                destagesWithCommandsQueued++;
                startDestage(run, free);
                return;
            }
        }
        startMedia(best, free);
    }

    /**
     * The sector at which a write continues the head's write stream ({@code headLba + 1} after a write or a
     * destage), or -1: such a write pays no write settle at a track switch, as a transfer crossing tracks does not.
     */
    private long streamContinuation() {
        return headWriting ? headLba + 1 : -1;
    }

    /** Positioning from the head's track at {@code t} to {@code lba}; see {@link #streamContinuation()}. */
    private double positionNanos(double t, long lba, boolean write) {
        // simplified: a write continuing the head's write stream is one transfer to the drive (no inter-command gap)
        return timing.positionNanos(geometry.track(headLba), t, lba, write && lba != streamContinuation());
    }

    /** The oldest queued command waiting {@code ncq_max_age_ms} or longer, or null. */
    private DriveCommand oldestOverdue(long now) {
        DriveCommand overdue = null;
        for (int i = 0; i < queued; i++) {
            DriveCommand c = queue[i];
            if (now - c.arrival >= maxAgeNanos && (overdue == null || c.arrival < overdue.arrival)) {
                overdue = c;
            }
        }
        return overdue;
    }

    /**
     * Aged SATF ({@code min T_pos - w T_wait}) over the queue, positioning from {@code free}; leaves the winner's
     * cost in {@code satfCost}.
     */
    private DriveCommand agedSatf(long now, double free) {
        DriveCommand best = null;
        satfCost = Double.POSITIVE_INFINITY;
        for (int i = 0; i < queued; i++) {
            DriveCommand c = queue[i];
            double start = Math.max(free, c.readyAt);
            double cost = (start - free) + positionNanos(start, c.mediaFrom, c.write)
                    - ageWeight * (now - c.arrival);
            if (cost < satfCost) {
                satfCost = cost;
                best = c;
            }
        }
        return best;
    }

    private void startMedia(DriveCommand c, double free) {
        removeFromQueue(c);
        maxQueueWaitNanos = Math.max(maxQueueWaitNanos, context.now() - c.arrival);
        double start = Math.max(free, c.readyAt);
        double mediaStart = start + positionNanos(start, c.mediaFrom, c.write);
        opEnd = mediaStart + timing.transferNanos(c.mediaFrom, c.mediaTo - c.mediaFrom, mediaStart);
        opFrom = c.mediaFrom;
        opTo = c.mediaTo;
        opRequestSector = c.rq.sector();
        long end = (long) Math.ceil(opEnd);
        // armed before the completion: at equal times the mechanism's state is settled when the host reacts
        mechanismTimer.arm(end);
        if (c.write) {
            mechanism = Mechanism.WRITE;
            mediaWrites++;
            slots.completeAt(c.slot, end);
        } else {
            mechanism = Mechanism.READ;
            mediaReads++;
            slots.completeAt(c.slot, link.transfer((long) mediaStart, c.rq.bytes(), end));
        }
    }

    private void continueStream(DriveCommand c, long now, long to) {
        opEnd = prefetchStart + timing.transferNanos(prefetchFrom, to - prefetchFrom, prefetchStart);
        prefetchedSectors += segments.end(prefetchSegment) - prefetchFrom;
        opFrom = segments.end(prefetchSegment);
        opTo = to;
        opRequestSector = c.rq.sector();
        mechanism = Mechanism.READ;
        opContinuesStream = true;
        long end = (long) Math.ceil(opEnd);
        mechanismTimer.arm(end);
        slots.completeAt(c.slot, link.transfer(now + hitOverhead, c.rq.bytes(), end));
    }

    private void startDestage(int run, double free) {
        opFrom = buffer.start(run);
        long sectors = buffer.takeForDestage(run, segments.segmentSectors());
        opTo = opFrom + sectors;
        double mediaStart = free + positionNanos(free, opFrom, true);
        opEnd = mediaStart + timing.transferNanos(opFrom, sectors, mediaStart);
        mechanism = Mechanism.DESTAGE;
        destages++;
        destagedSectors += sectors;
        mechanismTimer.arm((long) Math.ceil(opEnd));
    }

    private void mechanismDone() {
        long now = context.now();
        // the exact end of the operation; the timer fired at the next whole nanosecond
        double free = opEnd;
        switch (mechanism) {
            case PREFETCH -> {
                free = prefetchEnd;
                segments.extend(prefetchSegment, prefetchLimit);
                prefetchedSectors += prefetchLimit - prefetchFrom;
                headLba = prefetchLimit - 1;
                headWriting = false;
                mechanism = Mechanism.IDLE;
            }
            case READ -> finishRead();
            case WRITE -> {
                headLba = opTo - 1;
                headWriting = true;
                mechanism = Mechanism.IDLE;
            }
            case DESTAGE -> {
                buffer.destaged(opTo - opFrom);
                headLba = opTo - 1;
                headWriting = true;
                mechanism = Mechanism.IDLE;
                admitWaitingWrites(now);
                if (buffer.occupiedSectors() == 0 && bufferWaitCount == 0) {
                    if (flushWaitCount > 0 && context.trace().enabled()) {
                        context.trace().message("cache: write buffer clean, " + flushWaitCount + " flush(es) done");
                    }
                    for (int i = 0; i < flushWaitCount; i++) {
                        slots.completeAt(flushWait[i], now + flushNanos);
                    }
                    flushWaitCount = 0;
                }
            }
            case IDLE -> throw new IllegalStateException("mechanism timer fired while idle");
        }
        kick(free);
    }

    private void finishRead() {
        long to = opTo;
        headLba = to - 1;
        headWriting = false;
        mechanism = Mechanism.IDLE;
        int segment;
        if (opContinuesStream && segments.valid(prefetchSegment)) {
            segment = prefetchSegment;
            segments.extend(segment, to);
        } else {
            segment = segments.allocate(opRequestSector, to);
        }
        opContinuesStream = false;
        prefetchSegment = -1;
        if (params.readAhead() && to < geometry.capacity()) {
            prefetchSegment = segment;
            prefetchFrom = to;
            prefetchStart = opEnd;
            prefetchLimit = to;
            prefetchEnd = opEnd;
            raisePrefetchLimit(to);
            mechanism = Mechanism.PREFETCH;
        }
    }

    /** The host took data up to {@code consumed}: read ahead up to one segment beyond it. */
    private void raisePrefetchLimit(long consumed) {
        long limit = Math.min(geometry.capacity(), consumed + segments.segmentSectors());
        if (limit <= prefetchLimit) {
            return;
        }
        prefetchLimit = limit;
        prefetchEnd = prefetchStart + timing.transferNanos(prefetchFrom, limit - prefetchFrom, prefetchStart);
        mechanismTimer.arm((long) Math.ceil(prefetchEnd));
    }

    /** Brings the read-ahead segment up to what the medium delivered by {@code now}. */
    private void advancePrefetch(long now) {
        if (mechanism != Mechanism.PREFETCH) {
            return;
        }
        long read = timing.sectorsTransferred(prefetchFrom, prefetchStart, now, prefetchLimit - prefetchFrom);
        if (read > 0) {
            segments.extend(prefetchSegment, prefetchFrom + read);
        }
    }

    /** Ends the read-ahead at {@code t}: the head stays where the medium had got to. */
    private void stopPrefetch(double t) {
        if (mechanism != Mechanism.PREFETCH) {
            return;
        }
        long reached = prefetchFrom
                + timing.sectorsTransferred(prefetchFrom, prefetchStart, t, prefetchLimit - prefetchFrom);
        if (segments.valid(prefetchSegment) && reached > prefetchFrom) {
            segments.extend(prefetchSegment, reached);
        }
        prefetchedSectors += reached - prefetchFrom;
        headLba = reached - 1;
        headWriting = false;
        mechanismTimer.cancel();
        mechanism = Mechanism.IDLE;
        prefetchSegment = -1;
    }

    private void stopPrefetchIfInvalid(long now) {
        if (mechanism == Mechanism.PREFETCH && !segments.valid(prefetchSegment)) {
            stopPrefetch(now);
        }
    }

    private void admitWaitingWrites(long now) {
        while (bufferWaitCount > 0) {
            DriveCommand c = commands[bufferWait[bufferWaitHead]];
            if (!buffer.hasRoom(c.rq.sectors())) {
                return;
            }
            bufferWaitHead = (bufferWaitHead + 1) % bufferWait.length;
            bufferWaitCount--;
            bufferWrite(c, now);
        }
    }

    private void removeFromQueue(DriveCommand c) {
        int i = 0;
        while (queue[i] != c) {
            i++;
        }
        System.arraycopy(queue, i + 1, queue, i, queued - i - 1);
        queue[--queued] = null;
    }

    /** Commands queued for the mechanism now (for tests of the NCQ bound). */
    public int queuedForMechanism() {
        return queued;
    }

    @Override
    public Map<String, Number> statistics() {
        Map<String, Number> m = new LinkedHashMap<>();
        m.put("cache_read_hits", readHits);
        m.put("cache_stream_hits", streamHits);
        m.put("cache_read_misses", readMisses);
        m.put("prefetched_sectors", prefetchedSectors);
        m.put("writes_buffered", writesBuffered);
        m.put("write_buffer_full_waits", bufferFullWaits);
        m.put("destages", destages);
        m.put("destaged_sectors", destagedSectors);
        m.put("destages_with_commands_queued", destagesWithCommandsQueued);
        m.put("dirty_sectors", buffer.occupiedSectors());
        m.put("flushes", flushes);
        m.put("fua_writes", fuaWrites);
        m.put("discards", discards);
        m.put("media_reads", mediaReads);
        m.put("media_writes", mediaWrites);
        m.put("ncq_forced_by_age", forcedByAge);
        m.put("ncq_max_wait_ms", maxQueueWaitNanos / 1e6);
        m.put("max_commands_held", slots.maxBusy());
        return m;
    }
}
