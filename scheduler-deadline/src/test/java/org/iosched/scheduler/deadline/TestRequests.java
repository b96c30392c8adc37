package org.iosched.scheduler.deadline;

import org.iosched.api.Bio;
import org.iosched.api.Cgroup;
import org.iosched.api.IoPrioClass;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.Task;

/** Makes bios and requests of one task, with request ids in creation order. */
final class TestRequests {
    /** Sectors per request unless a test says otherwise (4 KiB). */
    static final int SECTORS = 8;

    private final Task task = new Task(100, "fio", false, IoPrioClass.BE, IoPrioClass.NORM, Cgroup.ROOT);
    private long nextId = 1;

    /** A 4 KiB read at {@code sector}. */
    Request read(long sector) {
        return request(Op.READ, 0, sector, SECTORS);
    }

    /** A 4 KiB buffered (async) write at {@code sector}. */
    Request write(long sector) {
        return request(Op.WRITE, 0, sector, SECTORS);
    }

    /** A request made from one bio. */
    Request request(Op op, int flags, long sector, int sectors) {
        return new Request(nextId++, bio(op, flags, sector, sectors), 0);
    }

    /** A bio of {@code sectors} sectors at {@code sector}. */
    Bio bio(Op op, int flags, long sector, int sectors) {
        return new Bio(op, flags, sector, sectors, task, (bio, completedAt) -> { });
    }
}
