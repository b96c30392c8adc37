package org.iosched.simulator.os;

import org.iosched.api.FileHandle;

/**
 * An open file or raw device: its path, size and where it starts on the device. Files are contiguous,
 * so a file offset maps to {@code startSector + offset / 512}.
 *
 * @param path        as opened
 * @param size        bytes
 * @param rawDevice   a {@code /dev/} path addressing the device itself
 * @param startSector the device sector of byte 0
 */
record OpenFile(String path, long size, boolean rawDevice, long startSector) implements FileHandle {
    @Override
    public boolean isRawDevice() {
        return rawDevice;
    }
}
