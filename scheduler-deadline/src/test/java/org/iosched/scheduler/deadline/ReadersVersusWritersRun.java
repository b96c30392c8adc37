package org.iosched.scheduler.deadline;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import org.iosched.api.Bio;
import org.iosched.api.Cgroup;
import org.iosched.api.IoPrioClass;
import org.iosched.api.IoScheduler;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.Task;
import org.iosched.testkit.FakeSchedulerContext;

/**
 * A closed-loop run of a scheduler on {@link FakeSchedulerContext} with a fake device: queue depth 1 and a
 * fixed service time per request. A few sync readers keep one read each in flight (a new one after a think
 * time once the last completes); buffered writers keep {@code writeDepth} random writes queued (a new one the
 * moment one completes), as writeback against a full request pool does. Nothing merges.
 *
 * <p>Every request is recorded with the requests of its direction that were queued ahead of it when it
 * arrived, so that a check can tell how many older requests were still waiting at any later time.
 */
final class ReadersVersusWritersRun {
    private static final long CAPACITY_SECTORS = 1L << 30;
    private static final int SECTORS = 8;

    /** What was generated. */
    record Config(int readers, int writeDepth, boolean sequentialReaders, long maxThinkNanos, long serviceNanos,
                  int dispatches, long seed) {
    }

    /**
     * One request's life.
     *
     * @param rq            the request ({@link Request#insertTime()} and {@link Request#dispatchTime()} set)
     * @param olderQueued   requests of the same direction queued when it arrived, in arrival order
     */
    record Life(Request rq, List<Request> olderQueued) {
        /** Dispatch time, or {@code end} if still queued when the run stopped. */
        long leftSchedulerAt(long end) {
            return rq.dispatchTime() >= 0 ? rq.dispatchTime() : end;
        }
    }

    /** The lives of every request, in arrival order, and when the run stopped. */
    record Result(List<Life> lives, long end) {
    }

    private record Arrival(long time, long sequence, int reader) {
    }

    private final Config config;
    private final FakeSchedulerContext context;
    private final IoScheduler scheduler;
    private final SplittableRandom random;
    private final Task[] readerTasks;
    private final long[] readerNextSector;
    private final Task writerTask = new Task(2, "flush-8:0", true, IoPrioClass.BE, IoPrioClass.NORM, Cgroup.ROOT);
    private final PriorityQueue<Arrival> arrivals = new PriorityQueue<>(
            (a, b) -> a.time != b.time ? Long.compare(a.time, b.time) : Long.compare(a.sequence, b.sequence));
    /** Per direction (read, write), the requests queued in the scheduler, in arrival order. */
    private final List<List<Request>> queued = List.of(new ArrayList<>(), new ArrayList<>());
    private final List<Life> lives = new ArrayList<>();
    private long arrivalSequence;
    private long nextId = 1;

    ReadersVersusWritersRun(Config config, FakeSchedulerContext context, IoScheduler scheduler) {
        this.config = config;
        this.context = context;
        this.scheduler = scheduler;
        this.random = new SplittableRandom(config.seed());
        this.readerTasks = new Task[config.readers()];
        this.readerNextSector = new long[config.readers()];
        for (int i = 0; i < config.readers(); i++) {
            readerTasks[i] = new Task(10 + i, "reader" + i, false, IoPrioClass.BE, IoPrioClass.NORM, Cgroup.ROOT);
            readerNextSector[i] = randomSector();
        }
    }

    /** Runs until {@link Config#dispatches()} requests were dispatched. */
    Result run() {
        for (int i = 0; i < config.writeDepth(); i++) {
            submitWrite();
        }
        for (int reader = 0; reader < config.readers(); reader++) {
            submitRead(reader);
        }
        Request inService = null;
        long serviceEnds = 0;
        int dispatched = 0;
        while (dispatched < config.dispatches()) {
            if (inService == null && scheduler.dispatch(false) == 1) {
                inService = context.take();
                forget(inService);
                serviceEnds = context.now() + config.serviceNanos();
                dispatched++;
                continue;
            }
            long nextArrival = arrivals.isEmpty() ? Long.MAX_VALUE : arrivals.peek().time();
            if (inService != null && serviceEnds <= nextArrival) {
                context.advanceTo(serviceEnds);
                context.complete(inService);
                completed(inService);
                inService = null;
            } else if (nextArrival != Long.MAX_VALUE) {
                context.advanceTo(nextArrival);
                submitRead(arrivals.poll().reader());
            } else {
                throw new IllegalStateException("nothing to do: the run would stop");
            }
        }
        return new Result(lives, context.now());
    }

    private void completed(Request rq) {
        if (rq.isWrite()) {
            submitWrite();
            return;
        }
        int reader = rq.task().pid() - 10;
        long think = config.maxThinkNanos() == 0 ? 0 : random.nextLong(config.maxThinkNanos() + 1);
        if (think == 0) {
            submitRead(reader);
        } else {
            arrivals.add(new Arrival(context.now() + think, arrivalSequence++, reader));
        }
    }

    private void submitRead(int reader) {
        long sector = config.sequentialReaders() ? readerNextSector[reader] : randomSector();
        readerNextSector[reader] = (sector + SECTORS) % CAPACITY_SECTORS;
        submit(new Bio(Op.READ, 0, sector, SECTORS, readerTasks[reader], (bio, at) -> { }));
    }

    private void submitWrite() {
        submit(new Bio(Op.WRITE, 0, randomSector(), SECTORS, writerTask, (bio, at) -> { }));
    }

    private void submit(Bio bio) {
        Request rq = new Request(nextId++, bio, context.now());
        rq.markInserted(context.now());
        List<Request> sameDirection = queued.get(rq.isWrite() ? 1 : 0);
        lives.add(new Life(rq, List.copyOf(sameDirection)));
        sameDirection.add(rq);
        scheduler.add(rq);
    }

    private void forget(Request rq) {
        queued.get(rq.isWrite() ? 1 : 0).remove(rq);
    }

    private long randomSector() {
        return random.nextLong(CAPACITY_SECTORS / SECTORS) * SECTORS;
    }
}
