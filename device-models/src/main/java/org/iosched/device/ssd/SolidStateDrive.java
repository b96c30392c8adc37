package org.iosched.device.ssd;

import java.util.LinkedHashMap;
import java.util.Map;
import org.iosched.api.BlockDevice;
import org.iosched.api.DeviceContext;
import org.iosched.api.DeviceInfo;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.device.CommandSlots;
import org.iosched.device.Libata;
import org.iosched.device.HostLink;

/**
 * An SSD: a serial controller in front of {@code channels x dies_per_channel} flash dies, a host link and a
 * volatile write buffer (devices-os.md §2.3 "a serial controller plus U parallel units", refined as §2.3 asks).
 *
 * <p>Features:
 * <ul>
 *   <li>Every command takes {@code controller_us} of a serial controller, which caps IOPS at deep queues.</li>
 *   <li>Reads: each page is read on the die its LBA hashes to (program units of {@code program_pages} pages
 *       go round the dies, so random requests collide on dies as §2.3 item 1 says; one tR senses a whole
 *       unit), then crosses its channel and the host link; a read behind a program, erase or GC on the same
 *       die waits for it (§2.3 item 4).</li>
 *   <li>Writes cross the link into the buffer and complete {@code write_ack_us} later; the buffer drains in
 *       program units of {@code program_pages} pages per die; a full buffer delays the write (§2.3 item 3).
 *       With {@code write_cache=0} or FUA, a write completes when its pages are programmed.</li>
 *   <li>FLUSH programs what the buffer holds and completes {@code flush_ms} after the last program (no
 *       power-safe cache, §2.1).</li>
 *   <li>With {@code ftl=1}, a {@link PageMappedFtl} with greedy GC decides how many extra reads, programs and
 *       erases each write costs its die; {@code start_state=preconditioned} starts in the steady state of random
 *       overwrites, so sustained random writes slow down as on used drives (§2.1, §2.3 item 5). DISCARD makes
 *       pages stale.</li>
 *   <li>Queueing: up to {@code queue_depth} commands; FLUSH and DISCARD are non-queued with
 *       {@code nonqueued_flush=1} (SATA), as in {@link org.iosched.device.rotational.RotationalDisk}.</li>
 * </ul>
 *
 * <p>Limitations: each resource (controller, channel, die, link) serves work in the order commands arrived
 * (times are reserved at submission), so the drive never reorders; planes are folded into
 * {@code program_pages}; a read of data still in the write buffer goes to the die; relocations do not use the
 * channel; no SLC cache, read disturb or wear levelling; every refusal in {@link #canAccept} is cleared by a
 * completion, so the drive never needs {@link DeviceContext#ready()}.
 *
 * <p>Notes: channel and link bandwidth are taken in command arrival order, so a transfer held up by a busy die
 * does not block its channel's other dies; the model draws no random numbers. Statistics: see
 * {@link #statistics()}.
 */
public final class SolidStateDrive implements BlockDevice {
    private final DeviceInfo info;
    private final SsdParameters params;
    private final DeviceContext context;
    private final HostLink link;
    private CommandSlots slots;
    private final int ioQueues;
    private int hardwareQueues;
    private final PageMappedFtl ftl;
    private final int dies;
    private final int channels;
    private final int pageSectors;
    private final long[] dieFree;
    private final long[] channelFree;
    private long controllerFree;

    private final long controllerNanos;
    private final long readNanos;
    private final double programNanos;
    private final long eraseNanos;
    private final long pageTransferNanos;
    private final long writeAckNanos;
    private final long flushNanos;

    private final long bufferPages;
    private final ReleaseHeap releases = new ReleaseHeap();
    private final int[] openUnitPages;
    private long unscheduledPages;
    private long lastAdmission;
    private long lastProgramEnd;

    private long reads;
    private long writes;
    private long flushes;
    private long discards;
    private long programs;
    private long bufferFullWaits;

    /**
     * @param context the block layer's services
     * @param name    the preset name reported in {@link DeviceInfo}
     * @param params  the drive's parameters
     */
    public SolidStateDrive(DeviceContext context, String name, SsdParameters params) {
        this(context, name, params, 1);
    }

    /**
     * @param context  the block layer's services
     * @param name     the preset name reported in {@link DeviceInfo}
     * @param params   the drive's parameters
     * @param ioQueues the controller's I/O submission queues (NVMe); 1 for SATA/AHCI
     */
    public SolidStateDrive(DeviceContext context, String name, SsdParameters params, int ioQueues) {
        this.ioQueues = Math.max(1, ioQueues);
        this.context = context;
        this.params = params;
        this.info = params.info(name);
        this.link = new HostLink(params.interfaceMbs());
        this.slots = new CommandSlots(context, info, params.nonqueuedFlush(), slot -> { });
        this.dies = params.dies();
        this.channels = params.channels();
        this.pageSectors = params.pageSectors();
        this.dieFree = new long[dies];
        this.channelFree = new long[channels];
        this.openUnitPages = new int[dies];
        long userPages = (params.capacitySectors() + pageSectors - 1) / pageSectors;
        this.ftl = params.ftl() ? new PageMappedFtl(userPages, dies, params.programPages(), params.pagesPerBlock(),
                params.sparePct(),
                params.gcReservePct(), params.startState().equals("preconditioned")) : null;
        this.controllerNanos = micros(params.controllerUs());
        this.readNanos = micros(params.readUs());
        this.programNanos = params.programUs() * 1000.0;
        this.eraseNanos = micros(params.eraseUs());
        this.pageTransferNanos = Math.round(params.pageKb() * 1024 * 1000.0 / params.channelMbs());
        this.writeAckNanos = micros(params.writeAckUs());
        this.flushNanos = Math.round(params.flushMs() * 1_000_000.0);
        this.bufferPages = params.writeBufferKb() / params.pageKb();
    }

    private static long micros(double us) {
        return Math.round(us * 1000.0);
    }

    @Override
    public DeviceInfo info() {
        return info;
    }

    @Override
    public boolean canAccept(Request rq, int inFlight) {
        return slots.canAccept(rq, inFlight);
    }

    /**
     * Linux 6.6's blk-mq: NVMe sets up one I/O queue per CPU up to the controller's queue count
     * ({@code nvme_setup_io_queues}), each of {@link #hardwareQueueDepth()} tags, and the drive's command slots
     * grow to hold them all; SATA/AHCI has one queue. Asked once, before the run, only on the 6.6 stack.
     */
    @Override
    public int hardwareQueues(int cpuCount) {
        if (hardwareQueues == 0) {
            hardwareQueues = Math.max(1, Math.min(cpuCount, ioQueues));
            int depth = dispatchBudget() > 0 ? dispatchBudget() : hardwareQueueDepth();
            if (hardwareQueues * depth != info.queueDepth()) {
                DeviceInfo all = new DeviceInfo(info.name(), info.capacitySectors(), info.rotational(),
                        hardwareQueues * depth, info.writeCache(), info.fua(), info.maxHwSectors());
                this.slots = new CommandSlots(context, all, params.nonqueuedFlush(), slot -> { });
            }
        }
        return hardwareQueues;
    }

    /**
     * Tags per hardware queue on 6.6: NVMe's queue depth; a SATA drive sits behind AHCI's 32 host tags
     * ({@link Libata#hostTags}).
     */
    @Override
    public int hardwareQueueDepth() {
        return Libata.hostTags(params.nonqueuedFlush(), info.queueDepth());
    }

    /**
     * The dispatch budget on 6.6: none for NVMe; a SATA drive's LUN depth ({@code sdev->queue_depth}): at libata's
     * 2.6.3x limit of 31 it gets all 32 NCQ tags ({@code ATA_TAG_INTERNAL = ATA_MAX_QUEUE}), 1 without NCQ.
     */
    @Override
    public int dispatchBudget() {
        return params.nonqueuedFlush() ? Libata.mqDepth(true, info.queueDepth()) : 0;
    }

    @Override
    public void submit(Request rq) {
        long now = context.now();
        int slot = slots.acquire(rq);
        long controllerEnd = Math.max(now, controllerFree) + controllerNanos;
        controllerFree = controllerEnd;
        long done = switch (rq.op()) {
            case READ -> read(rq, controllerEnd);
            case WRITE -> write(rq, controllerEnd);
            case FLUSH -> flush(controllerEnd);
            case DISCARD -> discard(rq, controllerEnd);
        };
        slots.completeAt(slot, done);
    }

    /** LBAs are striped over the dies in program units (4 KiB on the X25-M, as §5 D hashes them). */
    private int die(long lpn) {
        return (int) ((lpn / params.programPages()) % dies);
    }

    private long read(Request rq, long start) {
        reads++;
        long first = rq.sector() / pageSectors;
        long last = (rq.endSector() - 1) / pageSectors;
        long lastReady = start;
        long readEnd = 0;
        for (long lpn = first; lpn <= last; lpn++) {
            int d = die(lpn);
            int c = d % channels;
            if (lpn == first || lpn % params.programPages() == 0) {
                // one tR senses the whole multi-plane unit; its further pages only cross the channel
                readEnd = Math.max(start, dieFree[d]) + readNanos;
            }
            long transferEnd = Math.max(readEnd + pageTransferNanos, reserveChannel(c, start, pageTransferNanos));
            readEnd = transferEnd;
            // the die's register holds the page until the channel has taken it
            dieFree[d] = transferEnd;
            lastReady = Math.max(lastReady, transferEnd);
        }
        long tail = link.transferNanos(Math.min(rq.bytes(), (long) pageSectors << 9));
        return link.transfer(start, rq.bytes(), lastReady + tail);
    }

    private long write(Request rq, long controllerEnd) {
        writes++;
        long first = rq.sector() / pageSectors;
        long last = (rq.endSector() - 1) / pageSectors;
        int pages = (int) (last - first + 1);
        long inBuffer = link.transfer(controllerEnd, rq.bytes(), controllerEnd);
        boolean through = !params.writeCache() || rq.hasFlag(RequestFlags.FUA) || pages > bufferPages;
        long admitted = admit(pages, inBuffer);
        for (long lpn = first; lpn <= last; lpn++) {
            int d = die(lpn);
            if (ftl != null) {
                ftl.write(lpn);
                chargeGc(d, admitted);
            }
            unscheduledPages++;
            if (++openUnitPages[d] == params.programPages()) {
                programUnit(d, admitted);
            }
        }
        if (!through) {
            return admitted + writeAckNanos;
        }
        long programmed = admitted;
        for (long lpn = first; lpn <= last && lpn < first + (long) dies * params.programPages(); lpn++) {
            int d = die(lpn);
            if (openUnitPages[d] > 0) {
                programUnit(d, admitted);
            }
            programmed = Math.max(programmed, dieFree[d]);
        }
        return programmed;
    }

    /** When {@code pages} more fit in the buffer, no earlier than {@code earliest}, in arrival order. */
    private long admit(int pages, long earliest) {
        long t = Math.max(earliest, lastAdmission);
        while (!releases.isEmpty() && releases.peekTime() <= t) {
            releases.poll();
        }
        long need = unscheduledPages + releases.totalPages() + pages - bufferPages;
        if (need > 0) {
            bufferFullWaits++;
            while (releases.totalPages() < need && programLargestOpenUnit(t)) {
                // partly filled units go to flash to make room
            }
            while (need > 0 && !releases.isEmpty()) {
                t = Math.max(t, releases.peekTime());
                need -= releases.poll();
            }
        }
        lastAdmission = t;
        return t;
    }

    private boolean programLargestOpenUnit(long earliest) {
        int best = -1;
        for (int d = 0; d < dies; d++) {
            if (openUnitPages[d] > 0 && (best < 0 || openUnitPages[d] > openUnitPages[best])) {
                best = d;
            }
        }
        if (best < 0) {
            return false;
        }
        programUnit(best, earliest);
        return true;
    }

    /** Programs die {@code d}'s open unit: channel transfer, then one program operation. */
    private void programUnit(int d, long earliest) {
        int pages = openUnitPages[d];
        openUnitPages[d] = 0;
        unscheduledPages -= pages;
        int c = d % channels;
        long start = Math.max(earliest, dieFree[d]);
        long transfer = pages * pageTransferNanos;
        long transferEnd = Math.max(start + transfer, reserveChannel(c, earliest, transfer));
        long end = transferEnd + Math.round(programNanos);
        dieFree[d] = end;
        releases.add(end, pages);
        lastProgramEnd = Math.max(lastProgramEnd, end);
        programs++;
    }

    /**
     * Channel bandwidth, used in command arrival order: a transfer cannot end before the channel has moved all
     * data of earlier commands; a die that is busy delays its own transfer, not the channel's other dies.
     */
    private long reserveChannel(int c, long earliest, long nanos) {
        long end = Math.max(earliest, channelFree[c]) + nanos;
        channelFree[c] = end;
        return end;
    }

    /** Reserves die {@code d} for the GC work the last FTL write caused. */
    private void chargeGc(int d, long earliest) {
        if (ftl.gcErases() == 0 && ftl.gcReads() == 0) {
            return;
        }
        // relocations read and program whole multi-plane units
        double work = ftl.gcReads() * (double) readNanos / params.programPages()
                + ftl.gcPrograms() * programNanos / params.programPages()
                + ftl.gcErases() * (double) eraseNanos;
        dieFree[d] = Math.max(earliest, dieFree[d]) + Math.round(work);
        if (context.trace().enabled()) {
            context.trace().message("gc: die " + d + " erased " + ftl.gcErases() + " block(s), relocated "
                    + ftl.gcPrograms() + " page(s)");
        }
        ftl.resetGcWork();
    }

    private long flush(long controllerEnd) {
        flushes++;
        if (!params.writeCache()) {
            return controllerEnd;
        }
        for (int d = 0; d < dies; d++) {
            if (openUnitPages[d] > 0) {
                programUnit(d, controllerEnd);
            }
        }
        return Math.max(controllerEnd, lastProgramEnd) + flushNanos;
    }

    private long discard(Request rq, long controllerEnd) {
        discards++;
        if (ftl != null) {
            // only whole pages can go stale
            long first = (rq.sector() + pageSectors - 1) / pageSectors;
            long end = rq.endSector() / pageSectors;
            for (long lpn = first; lpn < end; lpn++) {
                ftl.trim(lpn);
            }
        }
        return controllerEnd;
    }

    @Override
    public Map<String, Number> statistics() {
        Map<String, Number> m = new LinkedHashMap<>();
        m.put("reads", reads);
        m.put("writes", writes);
        m.put("flushes", flushes);
        m.put("discards", discards);
        m.put("program_operations", programs);
        m.put("write_buffer_full_waits", bufferFullWaits);
        if (ftl != null) {
            m.put("host_pages_written", ftl.hostPages());
            m.put("gc_runs", ftl.victims());
            m.put("gc_relocated_pages", ftl.relocatedPages());
            m.put("erases", ftl.erases());
            m.put("write_amplification", ftl.hostPages() == 0 ? 1.0
                    : (double) (ftl.hostPages() + ftl.relocatedPages()) / ftl.hostPages());
        }
        m.put("max_commands_held", slots.maxBusy());
        return m;
    }
}
