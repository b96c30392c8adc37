package org.iosched.testkit;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.iosched.api.Bio;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.RequestFlags;
import org.iosched.api.Task;

/**
 * The bios of {@link SchedulerContract}'s merge check, all submitted at one instant before the queue runs, so
 * that every kind of merge the block layer asks a scheduler about happens: back merges, front merges through
 * {@code findFrontMerge}, requests coalescing through {@code latterRequest} and {@code formerRequest}
 * ({@code requestsMerged}), merges refused for the operation, NOMERGE and {@code max_sectors}; for reads,
 * async writes and sync writes of two tasks.
 */
final class MergeScenario {
    private final DeviceLoop loop;
    private final Map<Bio, Integer> endings = new IdentityHashMap<>();
    private final List<Bio> bios = new ArrayList<>();
    private long sectors;

    MergeScenario(DeviceLoop loop) {
        this.loop = loop;
    }

    /** Submits everything at the loop's current time (nothing is dispatched until the clock runs). */
    void submit() {
        Requests requests = loop.requests();
        Task reader = requests.task("fio");
        Task writer = requests.kernelThread("flush-8:0");
        Task syncer = requests.task("fsync");
        gapsAndNeighbours(reader, Op.READ, 0, 10_000);
        gapsAndNeighbours(writer, Op.WRITE, 0, 20_000);
        gapsAndNeighbours(syncer, Op.WRITE, RequestFlags.SYNC, 30_000);
        // a read bio touching a write request stays apart
        request(reader, Op.WRITE, 0, 40_000, 8);
        bio(reader, Op.READ, 0, 40_008, 8);
        // nothing merges into a NOMERGE request
        request(reader, Op.READ, RequestFlags.NOMERGE, 50_000, 8);
        bio(reader, Op.READ, 0, 50_008, 8);
        // a long sequential stream of one task: merges until max_sectors, then new requests
        for (int i = 0; i < 300; i++) {
            bio(writer, Op.WRITE, 0, 100_000 + 8L * i, 8);
        }
    }

    /**
     * Two requests with a gap the size of one bio; a bio fills the gap (back merge, then coalescing with the
     * latter request); a bio ends where the pair starts (front merge, if the scheduler offers one); a third
     * request below, grown by back merges until it touches the pair (coalescing again).
     */
    private void gapsAndNeighbours(Task task, Op op, int flags, long base) {
        request(task, op, flags, base + 1000, 8);
        request(task, op, flags, base + 1016, 8);
        bio(task, op, flags, base + 1008, 8);
        bio(task, op, flags, base + 992, 8);
        request(task, op, flags, base + 968, 8);
        bio(task, op, flags, base + 976, 8);
        bio(task, op, flags, base + 984, 8);
    }

    private void request(Task task, Op op, int flags, long sector, int length) {
        loop.submit(loop.requests().fromBio(tracked(task, op, flags, sector, length)));
    }

    private void bio(Task task, Op op, int flags, long sector, int length) {
        loop.submitBio(tracked(task, op, flags, sector, length));
    }

    private Bio tracked(Task task, Op op, int flags, long sector, int length) {
        Bio bio = new Bio(op, flags, sector, length, task, (b, at) -> endings.merge(b, 1, Integer::sum));
        bios.add(bio);
        sectors += length;
        return bio;
    }

    /** After the run: each bio ended once, in a request that carried it, and no sector was lost or doubled. */
    void verifyAccounting() {
        for (Bio bio : bios) {
            int ended = endings.getOrDefault(bio, 0);
            if (ended != 1) {
                throw new AssertionError("bio " + bio + " ended " + ended + " times, not once");
            }
        }
        long completedSectors = 0;
        for (Request rq : loop.completed()) {
            completedSectors += rq.sectors();
            long carried = 0;
            for (Bio bio = rq.firstBio(); bio != null; bio = bio.next()) {
                carried += bio.sectors();
            }
            if (carried != rq.sectors()) {
                throw new AssertionError(rq + " completed with bios of " + carried + " sectors");
            }
        }
        if (completedSectors != sectors) {
            throw new AssertionError("the device completed " + completedSectors + " sectors of the " + sectors
                    + " submitted");
        }
        if (loop.completed().size() + loop.mergedAway().size() != loop.submitted().size()) {
            throw new AssertionError(loop.submitted().size() + " requests were made, " + loop.completed().size()
                    + " completed and " + loop.mergedAway().size() + " merged away");
        }
        for (Request absorbed : loop.mergedAway()) {
            if (Collections.frequency(loop.context().dispatched(), absorbed) != 0) {
                throw new AssertionError(absorbed + " was merged away but dispatched");
            }
        }
    }
}
