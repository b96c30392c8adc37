package org.iosched.simulator.os;

import java.util.HashMap;
import java.util.Map;
import org.iosched.api.DeviceInfo;
import org.iosched.api.InvalidInputException;

/**
 * Places files on the device: a path under {@code /dev/} is the whole device; any other path is a
 * contiguous file, allocated in 4 KiB blocks from 1 MiB onwards with each file starting on a 1 MiB
 * boundary, so files of different names never overlap. Opening a name again gives the same file.
 *
 * <p>Simplified: no file system metadata, no fragmentation, files never grow after creation.
 */
final class FileLayout {
    /** Where the first file starts (1 MiB, a partition-like offset), and the alignment of every file. */
    static final long ALIGNMENT_SECTORS = 2048;
    private static final long BLOCK_BYTES = 4096;

    private final DeviceInfo device;
    private final Map<String, OpenFile> files = new HashMap<>();
    private long nextFreeSector = ALIGNMENT_SECTORS;

    FileLayout(DeviceInfo device) {
        this.device = device;
    }

    OpenFile open(String path, long size) {
        if (path == null || path.isEmpty()) {
            throw new InvalidInputException("a file needs a name");
        }
        long capacityBytes = device.capacitySectors() << 9;
        if (path.startsWith("/dev/")) {
            if (size > capacityBytes) {
                throw new InvalidInputException(path + ": " + size + " bytes asked for, but device " + device.name()
                        + " holds " + capacityBytes + " bytes");
            }
            return files.computeIfAbsent(path, p -> new OpenFile(p, capacityBytes, true, 0));
        }
        OpenFile existing = files.get(path);
        if (existing != null) {
            if (size > existing.size()) {
                throw new InvalidInputException(path + ": opened again with " + size + " bytes, but it was created with "
                        + existing.size() + " bytes (files do not grow)");
            }
            return existing;
        }
        if (size <= 0) {
            throw new InvalidInputException(path + ": a new file needs a size greater than 0, not " + size);
        }
        long sectors = (size + BLOCK_BYTES - 1) / BLOCK_BYTES * (BLOCK_BYTES >> 9);
        long start = (nextFreeSector + ALIGNMENT_SECTORS - 1) / ALIGNMENT_SECTORS * ALIGNMENT_SECTORS;
        if (start + sectors > device.capacitySectors()) {
            long free = Math.max(0, device.capacitySectors() - start) << 9;
            throw new InvalidInputException(path + ": a file of " + size + " bytes does not fit on device "
                    + device.name() + " (" + capacityBytes + " bytes, " + free + " bytes free after " + files.size()
                    + " file(s))");
        }
        nextFreeSector = start + sectors;
        OpenFile file = new OpenFile(path, size, false, start);
        files.put(path, file);
        return file;
    }
}
