package org.iosched.device.ssd;

import java.util.List;
import org.iosched.api.DeviceInfo;
import org.iosched.api.InvalidInputException;
import org.iosched.api.Settings;
import org.iosched.api.TunableDescriptor;

/**
 * Every parameter of {@link SolidStateDrive}: a preset is one instance, and {@link #tunables()} turns it into the
 * provider's tunables.
 *
 * @param capacitySectors user capacity in 512-byte sectors
 * @param channels        flash channels
 * @param diesPerChannel  dies on each channel (parallel units = channels x dies)
 * @param pageKb          mapping unit and flash read unit (a page)
 * @param pagesPerBlock   pages per erase block
 * @param programPages    pages programmed together on one die (page size x planes / mapping unit)
 * @param readUs          tR: page read into the die's register
 * @param programUs       one program operation (programPages pages)
 * @param eraseUs         block erase
 * @param channelMbs      channel transfer rate, MB/s
 * @param interfaceMbs    host link payload rate, MB/s
 * @param controllerUs    serial controller time per command
 * @param writeAckUs      time to place a write's data in the buffer once it crossed the link
 * @param writeBufferKb   volatile write buffer
 * @param writeCache      writes complete once buffered (off: once programmed)
 * @param flushMs         FLUSH time after the buffer drained
 * @param fua             FUA honoured natively
 * @param queueDepth      commands accepted at once
 * @param nonqueuedFlush  FLUSH and DISCARD are non-queued (SATA): the queue drains before them
 * @param ftl             simulate the page-mapped FTL with greedy GC (off: every write programs once, no GC)
 * @param sparePct        spare area beyond the user capacity, percent
 * @param gcReservePct    GC runs while free blocks are below this share of the spare area, percent
 * @param startState      {@code fresh} (all blocks erased) or {@code preconditioned} (steady state of uniform
 *                        random overwrites)
 * @param maxHwSectorsKb  {@code max_hw_sectors_kb}
 */
public record SsdParameters(long capacitySectors, int channels, int diesPerChannel, int pageKb, int pagesPerBlock,
                            int programPages, double readUs, double programUs, double eraseUs, double channelMbs,
                            double interfaceMbs, double controllerUs, double writeAckUs, int writeBufferKb,
                            boolean writeCache, double flushMs, boolean fua, int queueDepth, boolean nonqueuedFlush,
                            boolean ftl, double sparePct, double gcReservePct, String startState,
                            int maxHwSectorsKb) {
    /** The start states. */
    public static final List<String> START_STATES = List.of("fresh", "preconditioned");

    /** Checks what the tunable ranges cannot. */
    public SsdParameters {
        if (pagesPerBlock % programPages != 0) {
            throw new InvalidInputException("device: pages_per_block (" + pagesPerBlock
                    + ") must be a multiple of program_pages (" + programPages + ")");
        }
        if ((long) writeBufferKb < (long) pageKb * programPages * channels * diesPerChannel && writeCache) {
            throw new InvalidInputException("device: write_buffer_kb must hold one program unit per die: at least "
                    + (long) pageKb * programPages * channels * diesPerChannel);
        }
        if (!START_STATES.contains(startState)) {
            throw new InvalidInputException("device: start_state must be one of " + START_STATES);
        }
    }

    /** The tunables, with this instance's values as defaults. */
    public List<TunableDescriptor> tunables() {
        return List.of(
                TunableDescriptor.integer("capacity_sectors", capacitySectors, "sectors", 1L << 12, 1L << 40,
                        "user capacity in 512-byte sectors"),
                TunableDescriptor.integer("channels", channels, "", 1, 128, "flash channels"),
                TunableDescriptor.integer("dies_per_channel", diesPerChannel, "", 1, 64,
                        "dies per channel; 4 KiB-page LBAs are striped over all dies"),
                TunableDescriptor.integer("page_kb", pageKb, "KiB", 1, 64, "mapping and read unit (flash page)"),
                TunableDescriptor.integer("pages_per_block", pagesPerBlock, "pages", 2, 65536, "pages per erase block (used with ftl=1)"),
                TunableDescriptor.integer("program_pages", programPages, "pages", 1, 256,
                        "pages programmed together on a die (multi-plane, large pages)"),
                TunableDescriptor.decimal("read_us", readUs, "us", 0, 100_000, "page read time tR"),
                TunableDescriptor.decimal("program_us", programUs, "us", 0, 1_000_000,
                        "one program operation of program_pages pages"),
                TunableDescriptor.decimal("erase_us", eraseUs, "us", 0, 1_000_000, "block erase time (GC, with ftl=1)"),
                TunableDescriptor.decimal("channel_mbs", channelMbs, "MB/s", 1, 100_000, "channel transfer rate"),
                TunableDescriptor.decimal("interface_mbs", interfaceMbs, "MB/s", 1, 100_000, "host link payload rate"),
                TunableDescriptor.decimal("controller_us", controllerUs, "us", 0, 100_000,
                        "serial controller time per command (caps IOPS at 1/controller_us)"),
                TunableDescriptor.decimal("write_ack_us", writeAckUs, "us", 0, 100_000,
                        "time to place write data in the buffer after the link transfer"),
                TunableDescriptor.integer("write_buffer_kb", writeBufferKb, "KiB", 4, 16L << 20,
                        "volatile write buffer; a write waits when it is full"),
                TunableDescriptor.bool("write_cache", writeCache,
                        "volatile write cache: writes complete once buffered (0: once programmed)"),
                TunableDescriptor.decimal("flush_ms", flushMs, "ms", 0, 1000,
                        "FLUSH time once the buffer has drained"),
                TunableDescriptor.bool("fua", fua, "FUA honoured natively (libata's fua=0 hides it on SATA)"),
                TunableDescriptor.integer("queue_depth", queueDepth, "commands", 1, 65535,
                        "commands accepted at once (31 = libata NCQ)"),
                TunableDescriptor.bool("nonqueued_flush", nonqueuedFlush,
                        "FLUSH and DISCARD are non-queued (SATA): the queue drains before them"),
                TunableDescriptor.bool("ftl", ftl,
                        "simulate the page-mapped FTL with greedy GC (0: writes program once, never GC)"),
                TunableDescriptor.decimal("spare_pct", sparePct, "%", 0.5, 100, "spare area beyond user capacity (with ftl=1)"),
                TunableDescriptor.decimal("gc_reserve_pct", gcReservePct, "%", 0.1, 90,
                        "GC runs while free blocks are below this share of the spare area (with ftl=1)"),
                TunableDescriptor.choice("start_state", startState, START_STATES,
                        "with ftl=1, fresh: all blocks erased; preconditioned: steady state of uniform random overwrites"),
                TunableDescriptor.integer("max_hw_sectors_kb", maxHwSectorsKb, "KiB", 4, 1 << 20,
                        "largest request the device takes"));
    }

    /** Reads validated settings declared by {@link #tunables()}. */
    public static SsdParameters from(Settings s) {
        return new SsdParameters(s.getLong("capacity_sectors"), s.getInt("channels"), s.getInt("dies_per_channel"),
                s.getInt("page_kb"), s.getInt("pages_per_block"), s.getInt("program_pages"), s.getDouble("read_us"),
                s.getDouble("program_us"), s.getDouble("erase_us"), s.getDouble("channel_mbs"),
                s.getDouble("interface_mbs"), s.getDouble("controller_us"), s.getDouble("write_ack_us"),
                s.getInt("write_buffer_kb"), s.getBoolean("write_cache"), s.getDouble("flush_ms"),
                s.getBoolean("fua"), s.getInt("queue_depth"), s.getBoolean("nonqueued_flush"), s.getBoolean("ftl"),
                s.getDouble("spare_pct"), s.getDouble("gc_reserve_pct"), s.getString("start_state"),
                s.getInt("max_hw_sectors_kb"));
    }

    /** What the block layer learns about this SSD, under the preset's name. */
    public DeviceInfo info(String name) {
        return new DeviceInfo(name, capacitySectors, false, queueDepth, writeCache, fua,
                (int) Math.min(Integer.MAX_VALUE, (long) maxHwSectorsKb * 2));
    }

    /** Parallel units. */
    public int dies() {
        return channels * diesPerChannel;
    }

    /** Sectors per page. */
    public int pageSectors() {
        return pageKb * 2;
    }
}
