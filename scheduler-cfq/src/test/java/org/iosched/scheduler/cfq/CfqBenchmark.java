package org.iosched.scheduler.cfq;

import java.util.ArrayDeque;
import java.util.Map;
import java.util.SplittableRandom;
import org.iosched.api.Bio;
import org.iosched.api.Cgroup;
import org.iosched.api.IoPrioClass;
import org.iosched.api.IoScheduler;
import org.iosched.api.Op;
import org.iosched.api.Request;
import org.iosched.api.Settings;
import org.iosched.api.Task;
import org.iosched.testkit.FakeSchedulerContext;

/**
 * Measures CFQ's cost per request (not a test; speed is never asserted): two tasks keep 32 random 4 KiB reads
 * each outstanding on a tagged SSD (depth 32), through a minimal driver loop, once with CFQ and once with a
 * FIFO baseline; the difference is CFQ's own work per request. Run from {@code scheduler-cfq}:
 * <pre>mvn -q -pl scheduler-cfq test-compile exec:java -Dexec.classpathScope=test -Dexec.mainClass=org.iosched.scheduler.cfq.CfqBenchmark</pre>
 */
public final class CfqBenchmark {
    private static final int REQUESTS = 2_000_000;

    private CfqBenchmark() {
    }

    /** A FIFO scheduler: what the loop costs without CFQ. */
    private static final class Fifo implements IoScheduler {
        private final FakeSchedulerContext ctx;
        private final ArrayDeque<Request> queue = new ArrayDeque<>();

        Fifo(FakeSchedulerContext ctx) {
            this.ctx = ctx;
        }

        @Override
        public void add(Request rq) {
            queue.addLast(rq);
        }

        @Override
        public int dispatch(boolean force) {
            Request rq = queue.pollFirst();
            if (rq == null) {
                return 0;
            }
            ctx.dispatchAddTail(rq);
            return 1;
        }

        @Override
        public boolean hasQueued() {
            return !queue.isEmpty();
        }
    }

    private static long run(boolean cfq) {
        FakeSchedulerContext ctx = FakeSchedulerContext.builder().device(FakeSchedulerContext.SSD)
                .traceEnabled(false).build();
        ctx.advanceTo(1_000_000_000L);
        IoScheduler scheduler = cfq
                ? new CfqScheduler(ctx, Settings.resolve("cfq", CfqTunables.DESCRIPTORS, Map.of()))
                : new Fifo(ctx);
        Task[] tasks = {new Task(1, "fio", false, IoPrioClass.BE, 4, Cgroup.ROOT),
                        new Task(2, "fio", false, IoPrioClass.BE, 4, Cgroup.ROOT)};
        SplittableRandom rnd = new SplittableRandom(7);
        ArrayDeque<Request> device = new ArrayDeque<>(32);
        long id = 0;
        long start = System.nanoTime();
        for (int t = 0; t < 2; t++) {
            for (int i = 0; i < 32; i++) {
                id = submit(scheduler, tasks[t], rnd, id, ctx);
            }
        }
        long done = 0;
        while (done < REQUESTS) {
            while (device.size() < 32) {
                if (ctx.dispatchQueueLength() == 0 && scheduler.dispatch(false) == 0) {
                    break;
                }
                Request rq = ctx.take();
                scheduler.activate(rq);
                device.addLast(rq);
            }
            Request rq = device.pollFirst();
            ctx.advanceBy(50_000);
            ctx.complete(rq);
            scheduler.completed(rq);
            scheduler.putRequest(rq);
            ctx.clearRecords();
            done++;
            id = submit(scheduler, rq.task(), rnd, id, ctx);
        }
        return System.nanoTime() - start;
    }

    private static long submit(IoScheduler scheduler, Task task, SplittableRandom rnd, long id, FakeSchedulerContext ctx) {
        Bio bio = new Bio(Op.READ, 0, rnd.nextLong(1L << 28) * 8, 8, task, (b, t) -> { });
        Request rq = new Request(id + 1, bio, ctx.now());
        scheduler.setRequest(rq);
        scheduler.add(rq);
        return id + 1;
    }

    public static void main(String[] args) {
        for (int warm = 0; warm < 3; warm++) {
            run(true);
            run(false);
        }
        long cfq = run(true);
        long fifo = run(false);
        System.out.printf("requests %d%n", REQUESTS);
        System.out.printf("cfq  loop: %.0f ns/request, %.0f requests/s%n", cfq / (double) REQUESTS,
                REQUESTS * 1e9 / cfq);
        System.out.printf("fifo loop: %.0f ns/request, %.0f requests/s%n", fifo / (double) REQUESTS,
                REQUESTS * 1e9 / fifo);
        System.out.printf("cfq's own cost: %.0f ns/request%n", (cfq - fifo) / (double) REQUESTS);
    }
}
