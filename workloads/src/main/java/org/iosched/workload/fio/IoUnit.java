package org.iosched.workload.fio;

import org.iosched.api.FileIo;

/** One of a job's reusable I/O units ({@code struct io_u}): a {@link FileIo} plus fio's bookkeeping. */
final class IoUnit {
    final FileIo io = new FileIo();
    final int slot;
    int ddir;
    int file;
    long offset;
    long length;
    /** When fio filled the unit ({@code start_time}): slat runs from here to the end of the submit call. */
    long prepTime;
    /** The end of the submit call. */
    long submitTime = -1;
    long completeTime = -1;
    boolean inFlight;
    /** {@code io_u->ioprio}: the priority the unit is accounted under (the job's, or the one cmdprio chose). */
    int ioprio;

    IoUnit(int slot) {
        this.slot = slot;
        io.setAttachment(this);
    }
}
